/**
 * The webhook channel: one Delivery row per notification whose alert has a webhook,
 * sent to every enabled webhook of the user that takes that alert. Each call is logged
 * (webhook_calls: status code, time, a clipped excerpt); a webhook that already took the
 * notification (a 2xx) is never called for it again, so a retry after a 500 reaches only the
 * webhooks that failed and a receiver gets each notification once.
 *
 * The ledger decides the rest: sent when every webhook took it; on a failure retrying with
 * doubling backoff (DELIVERY_RETRY_SECONDS, at most core WEBHOOK_RULES.maxRetryDelayMinutes) for
 * up to WEBHOOK_RULES.retryWindowHours after the notification — durable, as every retry is a
 * queued `deliver` job and the relay brings back lost ones. Then it fails, and a webhook that
 * answered nothing but errors in that whole window is turned off and its owner gets a mail.
 */
import {
  WEBHOOK_RULES,
  WEBHOOK_TEXTS,
  webhookRetryDelayMs,
  withinWebhookRetryWindow,
  type WebhookPayload,
} from '@prijsalarm/core';
import { Op } from 'sequelize';
import type { AppContext } from '../../context';
import type { Webhook, WebhookCall } from '../../models';
import { openWebhookSecret } from '../../security/webhook-secret-box';
import type { SendOutcome } from '../ledger';
import type { LoadedDelivery } from '../siblings';
import { callWebhook, type WebhookCallResult } from '../webhook-client';
import { webhookPayloadOf } from '../webhook-payload';
import type { DeliveryContext, SendingChannel } from './channel';

type WebhookContext = Pick<AppContext, 'models' | 'config' | 'logger' | 'mailer'>;

/** The call, written to the webhook's log (the retention sweep prunes old calls). */
export async function logWebhookCall(
  ctx: Pick<AppContext, 'models'>,
  webhook: Pick<Webhook, 'id'>,
  notificationId: string | null,
  result: WebhookCallResult,
) {
  return ctx.models.WebhookCall.create({
    webhookId: webhook.id,
    notificationId,
    kind: notificationId ? 'notification' : 'test',
    ok: result.ok,
    statusCode: result.statusCode,
    error: result.error,
    excerpt: result.excerpt,
    durationMs: result.durationMs,
  });
}

/**
 * One call to `hook` with its secret (opened from its sealed form), logged. A secret that no
 * longer opens (a new SESSION_SECRET) is a failure of its own, without a call.
 */
export async function callAndLog(
  ctx: Pick<AppContext, 'models' | 'config'>,
  hook: Webhook,
  payload: WebhookPayload,
  notificationId: string | null,
  now: Date = new Date(),
): Promise<{ result: WebhookCallResult; call: WebhookCall }> {
  const secret = openWebhookSecret(ctx.config.sessionSecret, hook.secret);
  const result: WebhookCallResult = secret
    ? await callWebhook(hook.url, secret, payload, { settings: ctx.config.webhooks, now })
    : {
        ok: false,
        statusCode: null,
        error: WEBHOOK_TEXTS.failures.secretLost,
        excerpt: null,
        durationMs: 0,
        retryable: false,
      };
  const call = await logWebhookCall(ctx, hook, notificationId, result);
  return { result, call };
}

export const webhookChannel = {
  id: 'webhook',
  // One row per notification: the group is its one row.
  send: (ctx, delivery) => callWebhooks(ctx, delivery),
} satisfies SendingChannel;

/**
 * Calls every webhook that takes the notification and has not taken it yet. The clock is the
 * system's, not a test's: the signature's timestamp is checked by the receiver.
 */
async function callWebhooks(
  ctx: DeliveryContext,
  delivery: LoadedDelivery,
  now: Date = new Date(),
): Promise<SendOutcome> {
  const { Webhook, WebhookCall } = ctx.models;
  const { notification } = delivery;
  const { alert } = notification;
  const userId = notification.userId ?? alert.userId;
  const hooks = userId
    ? (await Webhook.findAll({ where: { userId } })).filter((hook) => hook.covers(alert.id))
    : [];
  const earlier = await WebhookCall.findAll({
    attributes: ['webhookId', 'ok'],
    where: { notificationId: notification.id },
  });
  const tookIt = new Set(earlier.filter((call) => call.ok).map((call) => call.webhookId));
  const open = hooks.filter((hook) => !tookIt.has(hook.id));
  if (open.length === 0) {
    // Every webhook took it — or none is left (deleted, turned off) and none ever did.
    return tookIt.size > 0
      ? { kind: 'sent' }
      : { kind: 'failed', reason: WEBHOOK_TEXTS.failures.disabled };
  }

  const payload = webhookPayloadOf(notification, alert);
  const results = await Promise.all(
    open.map(async (hook) => {
      const { result } = await callAndLog(ctx, hook, payload, notification.id, now);
      return { hook, result };
    }),
  );
  const failed = results.filter(({ result }) => !result.ok);
  if (failed.length === 0) return { kind: 'sent' };
  const reason = failed[0]!.result.error ?? WEBHOOK_TEXTS.failures.refused;
  const retryable = failed.some(({ result }) => result.retryable);
  const tries = earlier.filter((call) => !call.ok).length / Math.max(1, open.length) + 1;
  const retryAt = new Date(
    now.getTime() + webhookRetryDelayMs(ctx.config.delivery.retryDelayMs, Math.ceil(tries)),
  );
  if (retryable && withinWebhookRetryWindow(delivery.createdAt, retryAt)) {
    return { kind: 'retry', reason, detail: reason, retryAt, ownLimit: true };
  }
  // The webhook is turned off before the delivery is marked failed: a crash in between leaves the
  // delivery to be retried (and failed as 'turned off'), never a failing webhook left on.
  if (retryable) {
    for (const { hook, result } of failed) await disableIfFailing(ctx, hook, result, now);
  }
  return { kind: 'failed', reason };
}

/**
 * Turns `hook` off when it answered no call with a 2xx during the whole retry window, and tells
 * its owner by mail (once: only the call that turns it off sends it).
 */
async function disableIfFailing(
  ctx: WebhookContext,
  hook: Webhook,
  last: WebhookCallResult,
  now: Date,
): Promise<void> {
  const { Webhook, WebhookCall, User } = ctx.models;
  const since = new Date(now.getTime() - WEBHOOK_RULES.retryWindowHours * 3_600_000);
  const success = await WebhookCall.findOne({
    attributes: ['id'],
    where: { webhookId: hook.id, ok: true, createdAt: { [Op.gte]: since } },
  });
  if (success) return;
  const reason = WEBHOOK_TEXTS.disabledReason(WEBHOOK_RULES.retryWindowHours);
  const [changed] = await Webhook.update(
    { enabled: false, disabledAt: now, disabledReason: reason },
    { where: { id: hook.id, enabled: true } },
  );
  if (changed === 0) return;
  const user = await User.findByPk(hook.userId);
  if (!user) return;
  await ctx.mailer
    .send('webhookDisabled', user.email, {
      name: user.firstName ?? user.name,
      url: hook.url,
      lastError: last.error,
      manageUrl: `${ctx.config.publicUrl}/my-account?tab=integrations`,
    })
    .catch((error: unknown) => {
      ctx.logger.error({ err: error, webhookId: hook.id }, 'webhook-disabled mail not sent');
    });
}
