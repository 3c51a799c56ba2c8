/**
 * The gateway to the browsers' push services (RFC 8030): one message to one subscription through the
 * `web-push` library, which encrypts it for the browser's keys (RFC 8291, aes128gcm) and signs the
 * request with the server's VAPID key (RFC 8292). What the service answers decides what happens to
 * the subscription: 201 sent (its last delivery is noted); 404 and 410 mean the browser
 * unsubscribed or the subscription expired, so the row is deleted; 413 sends the message once more,
 * trimmed; 429 and 5xx may be tried again later (Retry-After honoured); anything else is our own
 * fault (keys, VAPID) and is not retried.
 *
 * The endpoint was a URL the browser handed us: it must still name an allowed push service, and the
 * connection goes only to a public address (the lookup is checked at connect time), except for the
 * hosts the operator listed in PUSH_SERVICE_HOSTS (the tests' double on loopback).
 */
import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';
import { isAllowedPushHost, trimPushMessage, type PushMessage } from '@prijsalarm/core';
import webpush, { WebPushError } from 'web-push';
import type { PushSettings } from '../config/push';
import type { Logger } from '../logger';
import type { PushSubscription } from '../models';
import { publicLookup } from '../security/public-address';

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushSendOptions {
  /** Seconds the push service keeps the message for a device that is offline. */
  ttlSeconds: number;
  urgency?: PushUrgency;
  /** A newer message with the same topic replaces an unseen older one (≤ 32 base64url characters). */
  topic?: string;
}

export type PushOutcome =
  | { kind: 'sent'; statusCode: number }
  /** The browser unsubscribed or the subscription expired: the row is deleted. */
  | { kind: 'gone'; statusCode: number }
  /** Rate limited or the service is in trouble: try again after `retryAfterMs` (or back off). */
  | { kind: 'retry'; statusCode: number | null; retryAfterMs: number | null }
  /** Refused for good (our keys, the payload, the endpoint): trying again would not help. */
  | { kind: 'failed'; statusCode: number | null; reason: string };

export interface PushGatewayContext {
  config: { push: PushSettings };
  logger: Pick<Logger, 'warn' | 'info'>;
  clock?: { now(): Date } | null;
}

/** One HTTPS agent per kind of push host (known service, or listed by the operator), kept alive between messages. */
const agents = new WeakMap<PushSettings, { known: Agent; listed: Agent }>();

function agentsFor(settings: PushSettings) {
  let pair = agents.get(settings);
  if (!pair) {
    const ca = settings.extraCaPem ? [...rootCertificates, settings.extraCaPem] : undefined;
    pair = {
      // The known services: only ever a public address, checked when connecting.
      known: new Agent({ keepAlive: true, lookup: publicLookup({ allowPrivate: false }), ca }),
      // Hosts the operator listed himself (a local double): wherever they point.
      listed: new Agent({ keepAlive: true, ca }),
    };
    agents.set(settings, pair);
  }
  return pair;
}

function retryAfterMs(headers: Record<string, string> | undefined): number | null {
  const value = headers?.['retry-after'];
  if (value === undefined) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

async function sendOnce(
  settings: PushSettings,
  subscription: PushSubscription,
  message: PushMessage,
  options: PushSendOptions,
): Promise<{ statusCode: number | null; headers?: Record<string, string>; error?: string }> {
  const url = new URL(subscription.endpoint);
  const listed = settings.extraHosts.includes(url.host.toLowerCase());
  const { known, listed: listedAgent } = agentsFor(settings);
  try {
    const result = await webpush.sendNotification(
      subscription.toWebPush(),
      JSON.stringify(message),
      {
        vapidDetails: settings.vapid,
        TTL: options.ttlSeconds,
        ...(options.urgency ? { urgency: options.urgency } : {}),
        ...(options.topic ? { topic: options.topic } : {}),
        agent: listed ? listedAgent : known,
        timeout: 10_000,
      },
    );
    return { statusCode: result.statusCode };
  } catch (error) {
    if (error instanceof WebPushError) {
      return { statusCode: error.statusCode, headers: error.headers };
    }
    return { statusCode: null, error: (error as Error).message };
  }
}

/**
 * Sends `message` to `subscription` and records what came of it (lastDeliveredAt, or the row
 * deleted when the subscription is gone).
 */
export async function sendPush(
  ctx: PushGatewayContext,
  subscription: PushSubscription,
  message: PushMessage,
  options: PushSendOptions,
): Promise<PushOutcome> {
  const settings = ctx.config.push;
  let url: URL;
  try {
    url = new URL(subscription.endpoint);
  } catch {
    return { kind: 'failed', statusCode: null, reason: 'endpoint is no URL' };
  }
  if (url.protocol !== 'https:' || !isAllowedPushHost(url, settings.extraHosts)) {
    return { kind: 'failed', statusCode: null, reason: 'endpoint is not an allowed push service' };
  }

  let answer = await sendOnce(settings, subscription, trimPushMessage(message), options);
  if (answer.statusCode === 413) {
    answer = await sendOnce(
      settings,
      subscription,
      trimPushMessage(message, { force: true }),
      options,
    );
  }
  const { statusCode } = answer;
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
    await subscription.update({ lastDeliveredAt: ctx.clock?.now() ?? new Date() });
    return { kind: 'sent', statusCode };
  }
  if (statusCode === 404 || statusCode === 410) {
    await subscription.destroy();
    ctx.logger.info({ subscriptionId: subscription.id, statusCode }, 'push subscription gone');
    return { kind: 'gone', statusCode };
  }
  if (statusCode === null || statusCode === 429 || statusCode >= 500) {
    return { kind: 'retry', statusCode, retryAfterMs: retryAfterMs(answer.headers) };
  }
  // 400, 401, 403, a second 413: the request itself is wrong; the endpoint is not logged (a token).
  ctx.logger.warn({ subscriptionId: subscription.id, statusCode }, 'push service refused');
  return { kind: 'failed', statusCode, reason: `push service answered ${statusCode}` };
}
