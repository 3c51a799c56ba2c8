import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { maskSecretsInText, WEBHOOK_DOCS } from '@prijsalarm/core';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, verifyWebhookSignature, webhookSignatureOf } from './webhook-signature';

describe('webhook signature', () => {
  const secret = newWebhookSecret();
  const body = '{"kind":"new"}';

  it('is t=<unix>,v1=<hex hmac-sha256 of "t.body">', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(webhookSignatureOf(secret, body, 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('a secret is whsec_ and 256 random bits, new each time, and masked in logs', () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(maskSecretsInText(`call failed with ${secret}`)).not.toContain(secret);
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

describe('the receiver example in the FAQ', () => {
  it('accepts what the server signs and refuses a changed body or an old call', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'webhook-docs-'));
    try {
      const file = path.join(dir, 'receiver.mjs');
      writeFileSync(file, `${WEBHOOK_DOCS.exampleCode}\nexport { isFromPrijsalarm };\n`);
      const { isFromPrijsalarm } = (await import(pathToFileURL(file).href)) as {
        isFromPrijsalarm(body: string, header: string | undefined, secret: string): boolean;
      };
      const secret = newWebhookSecret();
      const body = WEBHOOK_DOCS.exampleBody;
      const now = Math.floor(Date.now() / 1000);
      expect(isFromPrijsalarm(body, webhookSignatureOf(secret, body, now), secret)).toBe(true);
      expect(isFromPrijsalarm(`${body} `, webhookSignatureOf(secret, body, now), secret)).toBe(
        false,
      );
      expect(isFromPrijsalarm(body, webhookSignatureOf(secret, body, now - 3600), secret)).toBe(
        false,
      );
      expect(isFromPrijsalarm(body, undefined, secret)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
