/**
 * Webhook secrets at rest: the server needs each secret in the clear to sign, so it
 * cannot keep only a hash. It keeps it sealed with AES-256-GCM under a key derived from
 * SESSION_SECRET (HKDF-SHA256), so a copy of the database alone does not let anyone sign as
 * Prijsalarm. Like the alerts' manage and feed links, a new SESSION_SECRET invalidates them: a
 * webhook whose secret no longer opens fails its calls until the user adds it again.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyOf(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'prijsalarm', 'webhook-secret-box', 32));
}

export function sealWebhookSecret(sessionSecret: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(sessionSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The secret, or null when `stored` was not sealed with this SESSION_SECRET (or was altered). */
export function openWebhookSecret(sessionSecret: string, stored: string): string | null {
  if (!stored.startsWith(`${VERSION}:`)) return null;
  const bytes = Buffer.from(stored.slice(VERSION.length + 1), 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyOf(sessionSecret),
      bytes.subarray(0, IV_BYTES),
    );
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
