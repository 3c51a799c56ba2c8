import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, verifyWebhookSignature, webhookSignatureOf } from './webhook-signature';

describe('webhook signature', () => {
  const secret = newWebhookSecret();
  const body = '{"kind":"new"}';

  it('is t=<unix>,v1=<hex hmac-sha256 of "t.body">', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(webhookSignatureOf(secret, body, 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('a secret is 64 hex characters, new each time', () => {
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('verifies a fresh signature; refuses another body, another secret and an old timestamp', () => {
    const now = 1_700_000_000;
    const header = webhookSignatureOf(secret, body, now);
    expect(verifyWebhookSignature(secret, header, body, now + 10)).toBe(true);
    expect(verifyWebhookSignature(secret, header, '{"kind":"test"}', now)).toBe(false);
    expect(verifyWebhookSignature(newWebhookSecret(), header, body, now)).toBe(false);
    // Replayed ten minutes later: refused by the tolerance (5 minutes).
    expect(verifyWebhookSignature(secret, header, body, now + 600)).toBe(false);
    expect(verifyWebhookSignature(secret, undefined, body, now)).toBe(false);
    expect(verifyWebhookSignature(secret, 't=abc,v1=00', body, now)).toBe(false);
  });
});
