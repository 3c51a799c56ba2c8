/**
 * /push: the browsers a signed-in user turned push notifications on in. Adding one checks the plan
 * and the limit (policies/push.ts), the shape (core's schema) and — here — where the endpoint points:
 * only a known push service (Google, Mozilla, Apple, Microsoft) or a host the operator listed in
 * PUSH_SERVICE_HOSTS, and for the known services only public addresses. The browser's endpoint is
 * the subscription's identity: the same endpoint again (a second account signed in on the same
 * browser, or new keys) moves that one row instead of adding another.
 */
import {
  isAllowedPushHost,
  PAGE_PATHS,
  PUSH_RULES,
  PUSH_TEXTS,
  describeUserAgent,
  type CreatePushSubscriptionResponse,
  type PushPublicKeyResponse,
  type PushSubscriptionListResponse,
  type PushTestResponse,
} from '@prijsalarm/core';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import type { PushSubscription, User } from '../models';
import { authorizeNewPushDevice, authorizePush, pushPolicy } from '../policies/push';
import { presentPushSubscription } from '../presenters/push';
import { sendPush } from '../push/web-push';
import { AddressRefusedError, checkPublicTarget } from '../security/public-address';
import { hydratedCapabilitiesFor } from './capabilities';

const errors = PUSH_TEXTS.errors;

const endpointRefused = (message: string) =>
  HttpError.badRequest(message, { fields: { endpoint: message } });

async function callerOf(ctx: AppContext, userId: string): Promise<User> {
  const user = await ctx.models.User.findByPk(userId);
  if (!user) throw HttpError.unauthenticated();
  return user;
}

async function ownSubscription(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<PushSubscription> {
  const subscription = await ctx.models.PushSubscription.findByPk(id);
  if (!subscription || !pushPolicy.isOwner(subscription, userId)) {
    throw HttpError.notFound(errors.notFound);
  }
  return subscription;
}

export function pushPublicKey(ctx: AppContext): PushPublicKeyResponse {
  return { publicKey: ctx.config.push.vapid.publicKey };
}

export async function listPushSubscriptions(
  ctx: AppContext,
  userId: string,
): Promise<PushSubscriptionListResponse> {
  const subscriptions = await ctx.models.PushSubscription.findAll({
    where: { userId },
    order: [['createdAt', 'ASC']],
  });
  return {
    subscriptions: subscriptions.map(presentPushSubscription),
    limit: PUSH_RULES.maxPerUser,
  };
}

/** Refuses (400, Dutch) an endpoint on anything but an allowed push service at a public address. */
async function assertPushEndpoint(ctx: AppContext, endpoint: string): Promise<void> {
  const url = new URL(endpoint);
  if (!isAllowedPushHost(url, ctx.config.push.extraHosts)) {
    throw endpointRefused(errors.unknownService);
  }
  // The operator's own hosts (a local double) may be anywhere; the known services must be public.
  if (ctx.config.push.extraHosts.includes(url.host.toLowerCase())) return;
  try {
    await checkPublicTarget(url, { allowPrivate: false });
  } catch (error) {
    if (error instanceof AddressRefusedError) throw endpointRefused(errors.notPublic);
    throw error;
  }
}

export async function createPushSubscription(
  ctx: AppContext,
  userId: string,
  input: { endpoint: string; keys: { p256dh: string; auth: string }; label?: string },
  userAgent: string | null,
): Promise<CreatePushSubscriptionResponse> {
  const user = await callerOf(ctx, userId);
  const caps = await hydratedCapabilitiesFor(ctx, user);
  authorizePush(caps);
  await assertPushEndpoint(ctx, input.endpoint);
  const { PushSubscription } = ctx.models;
  const endpointHash = PushSubscription.hashOf(input.endpoint);
  const fields = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    label: input.label || describeUserAgent(userAgent),
  };
  const subscription = await ctx.sequelize.transaction(async (transaction) => {
    const existing = await PushSubscription.findOne({ where: { endpointHash }, transaction });
    if (existing?.userId !== userId) {
      // Counted inside the write: two requests at once cannot both take the last place.
      authorizeNewPushDevice(
        caps,
        await PushSubscription.count({ where: { userId }, transaction }),
      );
    }
    if (existing) return existing.update(fields, { transaction });
    return PushSubscription.create({ ...fields, endpointHash }, { transaction });
  });
  ctx.logger.info({ userId, subscriptionId: subscription.id }, 'push turned on for a device');
  return { id: subscription.id, subscription: presentPushSubscription(subscription) };
}

export async function deletePushSubscription(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<void> {
  const subscription = await ownSubscription(ctx, userId, id);
  await subscription.destroy();
  ctx.logger.info({ userId, subscriptionId: id }, 'push turned off for a device');
}

export async function testPushSubscription(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<PushTestResponse> {
  const user = await callerOf(ctx, userId);
  authorizePush(await hydratedCapabilitiesFor(ctx, user));
  const subscription = await ownSubscription(ctx, userId, id);
  const outcome = await sendPush(
    ctx,
    subscription,
    { ...PUSH_TEXTS.testMessage, url: PAGE_PATHS.myAccount, tag: 'prijsalarm-test' },
    { ttlSeconds: PUSH_RULES.testTtlSeconds, urgency: 'high' },
  );
  switch (outcome.kind) {
    case 'sent':
      return { sent: true, removed: false, message: PUSH_TEXTS.test.sent };
    case 'gone':
      return { sent: false, removed: true, message: PUSH_TEXTS.test.gone };
    case 'retry':
      return {
        sent: false,
        removed: false,
        message:
          outcome.statusCode === 429 ? PUSH_TEXTS.test.tooManyRequests : PUSH_TEXTS.test.failed,
      };
    case 'failed':
      return { sent: false, removed: false, message: PUSH_TEXTS.test.failed };
  }
}
