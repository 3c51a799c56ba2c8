/**
 * One signed POST to a webhook URL, made safe for a URL a user typed:
 * https only; the DNS answer checked and pinned (security/public-address.ts is the connection's
 * own lookup, so the checked address is the one connected to); redirects never followed (undici's
 * `request` follows none); short timeouts for connect, answer and body; at most a small excerpt
 * of the answer read, the rest discarded unread.
 */
import { rootCertificates } from 'node:tls';
import {
  WEBHOOK_RULES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TEXTS,
  type WebhookPayload,
} from '@prijsalarm/core';
import { Agent, request } from 'undici';
import type { WebhookSettings } from '../config/env';
import {
  AddressRefusedError,
  isIpLiteral,
  isPublicAddress,
  publicLookup,
  type PublicLookupOptions,
} from '../security/public-address';
import { webhookSignatureOf } from '../security/webhook-signature';

const failures = WEBHOOK_TEXTS.failures;

export interface WebhookCallResult {
  ok: boolean;
  statusCode: number | null;
  /** Why it failed, in Dutch; null when it succeeded. */
  error: string | null;
  excerpt: string | null;
  durationMs: number;
  /** Worth trying again (timeouts, refused connections, 5xx …); false for a refused address. */
  retryable: boolean;
}

export interface CallWebhookOptions {
  settings: WebhookSettings;
  timeoutMs?: number;
  now?: Date;
  /** Tests: another resolver instead of the system's. */
  resolve?: PublicLookupOptions['resolve'];
}

const USER_AGENT = 'Prijsalarm-Webhook/1 (+https://prijsalarm.nl)';
const TLS_CODES = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/;

async function readExcerpt(body: AsyncIterable<Buffer> & { destroy(): unknown }) {
  const limit = WEBHOOK_RULES.excerptLength * 4; // bytes enough for that many UTF-8 characters
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) break;
    }
  } catch {
    // An answer cut off halfway: what came is enough.
  } finally {
    body.destroy();
  }
  const text = Buffer.concat(chunks)
    .subarray(0, limit)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
  const clipped = [...text].slice(0, WEBHOOK_RULES.excerptLength).join('').trim();
  return clipped === '' ? null : clipped;
}

function failureOf(error: unknown): { error: string; retryable: boolean } {
  const cause = (error as { cause?: unknown }).cause ?? error;
  if (cause instanceof AddressRefusedError || error instanceof AddressRefusedError) {
    const refused = (cause instanceof AddressRefusedError ? cause : error) as AddressRefusedError;
    return refused.problem === 'notPublic'
      ? { error: failures.notPublic, retryable: false }
      : { error: failures.unresolvable, retryable: true };
  }
  const code = String(
    (error as { code?: unknown }).code ?? (cause as { code?: unknown }).code ?? '',
  );
  if (code === 'EWEBHOOKADDRESS') return { error: failures.notPublic, retryable: false };
  if (/TIMEOUT/.test(code) || (error as Error).name === 'TimeoutError') {
    return { error: failures.timeout, retryable: true };
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return { error: failures.unresolvable, retryable: true };
  }
  if (TLS_CODES.test(code)) return { error: failures.tls, retryable: true };
  return { error: failures.refused, retryable: true };
}

/** POSTs `payload` to `url`, signed with `secret`; never throws. */
export async function callWebhook(
  url: string,
  secret: string,
  payload: WebhookPayload,
  options: CallWebhookOptions,
): Promise<WebhookCallResult> {
  const started = Date.now();
  const done = (result: Omit<WebhookCallResult, 'durationMs'>): WebhookCallResult => ({
    ...result,
    durationMs: Date.now() - started,
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return done({
      ok: false,
      statusCode: null,
      error: failures.refused,
      excerpt: null,
      retryable: false,
    });
  }
  if (target.protocol !== 'https:') {
    return done({
      ok: false,
      statusCode: null,
      error: failures.notPublic,
      excerpt: null,
      retryable: false,
    });
  }
  const { allowPrivate, extraCaPem } = options.settings;
  // An IP literal is connected to without a lookup, so it is checked here.
  if (!allowPrivate && isIpLiteral(target.hostname) && !isPublicAddress(target.hostname)) {
    return done({
      ok: false,
      statusCode: null,
      error: failures.notPublic,
      excerpt: null,
      retryable: false,
    });
  }
  const timeoutMs = options.timeoutMs ?? WEBHOOK_RULES.timeoutMs;
  const agent = new Agent({
    connect: {
      lookup: publicLookup({ allowPrivate, resolve: options.resolve }),
      timeout: timeoutMs,
      ...(extraCaPem ? { ca: [...rootCertificates, extraCaPem] } : {}),
    },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: 1,
    pipelining: 0,
  });
  const body = JSON.stringify(payload);
  const unixSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  try {
    const response = await request(target, {
      method: 'POST',
      dispatcher: agent,
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: webhookSignatureOf(secret, body, unixSeconds),
      },
      body,
      signal: AbortSignal.timeout(timeoutMs * 3),
    });
    const excerpt = await readExcerpt(response.body);
    const status = response.statusCode;
    if (status >= 200 && status < 300) {
      return done({ ok: true, statusCode: status, error: null, excerpt, retryable: false });
    }
    return done({
      ok: false,
      statusCode: status,
      error: status >= 300 && status < 400 ? failures.redirect(status) : failures.status(status),
      excerpt,
      retryable: true,
    });
  } catch (error) {
    return done({ ok: false, statusCode: null, excerpt: null, ...failureOf(error) });
  } finally {
    void agent.destroy().catch(() => undefined);
  }
}
