import { describe, expect, it } from 'vitest';
import { openWebhookSecret, sealWebhookSecret } from './webhook-secret-box';
import { newWebhookSecret } from './webhook-signature';

const SESSION_SECRET = 'x'.repeat(48);

describe('webhook secrets at rest', () => {
  it('are stored sealed, not in the clear, and open again with the same SESSION_SECRET', () => {
    const secret = newWebhookSecret();
    const sealed = sealWebhookSecret(SESSION_SECRET, secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(sealed.length).toBeLessThanOrEqual(128); // the column
    expect(sealWebhookSecret(SESSION_SECRET, secret)).not.toBe(sealed); // a new IV each time
    expect(openWebhookSecret(SESSION_SECRET, sealed)).toBe(secret);
  });

  it('do not open with another SESSION_SECRET, altered, or unsealed', () => {
    const sealed = sealWebhookSecret(SESSION_SECRET, newWebhookSecret());
    expect(openWebhookSecret('y'.repeat(48), sealed)).toBeNull();
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(openWebhookSecret(SESSION_SECRET, altered)).toBeNull();
    expect(openWebhookSecret(SESSION_SECRET, 'whsec_plain')).toBeNull();
  });
});
