/**
 * /webhooks: a signed-in user's webhook URLs. Adding one checks the plan and the
 * limit (policies/webhook.ts), the URL's shape (core's schema) and — here — where it points: every
 * address the host resolves to must be public, unless WEBHOOKS_ALLOW_PRIVATE (tests). The calls
 * themselves check again at connect time (delivery/webhook-client.ts), since DNS answers change.
 */
import {
  WEBHOOK_RULES,
  WEBHOOK_TEXTS,
  type CreateWebhookResponse,
  type WebhookCallsResponse,
  type WebhookListResponse,
  type WebhookTestResponse,
} from '@prijsalarm/core';
import { Op } from 'sequelize';
import type { AppContext } from '../context';
import { callAndLog } from '../delivery/channels/webhook';
import { testWebhookPayload } from '../delivery/webhook-payload';
import { HttpError } from '../http/errors';
import type { User, Webhook, WebhookCall } from '../models';
import { authorizeNewWebhook, authorizeWebhooks, webhookPolicy } from '../policies/webhook';
import { presentWebhook, presentWebhookCall } from '../presenters/webhook';
import { AddressRefusedError, checkPublicTarget } from '../security/public-address';
import { sealWebhookSecret } from '../security/webhook-secret-box';
import { newWebhookSecret } from '../security/webhook-signature';
import { hydratedCapabilitiesFor } from './capabilities';

const errors = WEBHOOK_TEXTS.errors;

const urlRefused = (message: string) => HttpError.badRequest(message, { fields: { url: message } });

async function callerOf(ctx: AppContext, userId: string): Promise<User> {
  const user = await ctx.models.User.findByPk(userId);
  if (!user) throw HttpError.unauthenticated();
  return user;
}

async function ownWebhook(ctx: AppContext, userId: string, id: string): Promise<Webhook> {
  const webhook = await ctx.models.Webhook.findByPk(id);
  if (!webhook || !webhookPolicy.isOwner(webhook, userId))
    throw HttpError.notFound(errors.notFound);
  return webhook;
}

async function lastCallsOf(ctx: AppContext, webhookIds: string[]) {
  const last = new Map<string, WebhookCall>();
  for (const id of webhookIds) {
    const call = await ctx.models.WebhookCall.findOne({
      where: { webhookId: id },
      order: [
        ['createdAt', 'DESC'],
        ['id', 'DESC'],
      ],
    });
    if (call) last.set(id, call);
  }
  return last;
}

export async function listWebhooks(ctx: AppContext, userId: string): Promise<WebhookListResponse> {
  const webhooks = await ctx.models.Webhook.findAll({
    where: { userId },
    order: [['createdAt', 'ASC']],
  });
  const last = await lastCallsOf(
    ctx,
    webhooks.map((hook) => hook.id),
  );
  return {
    webhooks: webhooks.map((hook) => presentWebhook(hook, last.get(hook.id) ?? null)),
    limit: WEBHOOK_RULES.maxPerUser,
  };
}

/** Refuses (400, Dutch) a URL whose host resolves to anything but public addresses. */
export async function assertPublicUrl(ctx: AppContext, url: string): Promise<void> {
  try {
    await checkPublicTarget(url, { allowPrivate: ctx.config.webhooks.allowPrivate });
  } catch (error) {
    if (error instanceof AddressRefusedError) {
      throw urlRefused(error.problem === 'notPublic' ? errors.notPublic : errors.unresolvable);
    }
    throw error;
  }
}

export async function createWebhook(
  ctx: AppContext,
  userId: string,
  input: { url: string; alertIds?: string[] },
): Promise<CreateWebhookResponse> {
  const user = await callerOf(ctx, userId);
  const caps = await hydratedCapabilitiesFor(ctx, user);
  const { Webhook, Alert } = ctx.models;
  authorizeNewWebhook(caps, await Webhook.count({ where: { userId } }));
  const alertIds = input.alertIds ? [...new Set(input.alertIds)] : null;
  if (alertIds && alertIds.length > 0) {
    const own = await Alert.count({ where: { id: { [Op.in]: alertIds }, userId } });
    if (own !== alertIds.length) {
      throw HttpError.badRequest(errors.unknownAlert, {
        fields: { alertIds: errors.unknownAlert },
      });
    }
  }
  await assertPublicUrl(ctx, input.url);
  const secret = newWebhookSecret();
  const webhook = await ctx.sequelize.transaction(async (transaction) => {
    // Counted again inside the write: two requests at once cannot both take the last place.
    authorizeNewWebhook(caps, await Webhook.count({ where: { userId }, transaction }));
    return Webhook.create(
      {
        userId,
        url: input.url,
        // Sealed at rest; the answer below carries it in the clear, this once.
        secret: sealWebhookSecret(ctx.config.sessionSecret, secret),
        alertIds: alertIds && alertIds.length > 0 ? alertIds : null,
      },
      { transaction },
    );
  });
  ctx.logger.info({ userId, webhookId: webhook.id }, 'webhook added');
  return { webhook: presentWebhook(webhook, null), secret };
}

export async function deleteWebhook(ctx: AppContext, userId: string, id: string): Promise<void> {
  const webhook = await ownWebhook(ctx, userId, id);
  await webhook.destroy();
  ctx.logger.info({ userId, webhookId: id }, 'webhook deleted');
}

export async function testWebhook(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<WebhookTestResponse> {
  const user = await callerOf(ctx, userId);
  authorizeWebhooks(await hydratedCapabilitiesFor(ctx, user));
  const webhook = await ownWebhook(ctx, userId, id);
  const { result, call } = await callAndLog(ctx, webhook, testWebhookPayload(new Date()), null);
  return {
    call: presentWebhookCall(call),
    message: result.ok ? WEBHOOK_TEXTS.testSent : WEBHOOK_TEXTS.testFailed,
  };
}

export async function webhookCalls(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<WebhookCallsResponse> {
  const webhook = await ownWebhook(ctx, userId, id);
  const calls = await ctx.models.WebhookCall.findAll({
    where: { webhookId: webhook.id },
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: WEBHOOK_RULES.recentCalls,
  });
  return { calls: calls.map(presentWebhookCall) };
}
