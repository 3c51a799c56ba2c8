/**
 * The signature of a webhook call: header `X-Prijsalarm-Signature:
 * t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook's secret>`. The timestamp
 * is inside what is signed, so a receiver that refuses an old `t` (core
 * WEBHOOK_RULES.signatureToleranceSeconds) cannot be fed a replayed call. README "Webhooks" shows
 * a receiver's check; `verifyWebhookSignature` is that check.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_RULES } from '@prijsalarm/core';

/**
 * A new secret: `whsec_` and 32 random bytes in base64url (the whole text is the HMAC key). Not
 * plain hex on purpose: the log masker lets hex (hashes) through but censors a run like this.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(WEBHOOK_RULES.secretBytes).toString('base64url')}`;
}

export function webhookSignatureOf(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** Whether `header` signs `body` with `secret` at a time within the tolerance of `nowSeconds`. */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
  toleranceSeconds: number = WEBHOOK_RULES.signatureToleranceSeconds,
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
