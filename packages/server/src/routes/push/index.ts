/**
 * /push: the signed-in user's devices with push notifications (commands/push.ts).
 *
 * - GET    /push/public-key                 { publicKey }: the VAPID key browsers subscribe with
 * - GET    /push/subscriptions              { subscriptions, limit }
 * - POST   /push/subscriptions {endpoint, keys: {p256dh, auth}, label?}   201 { id, subscription }
 * - DELETE /push/subscriptions/:id          { message }
 * - POST   /push/subscriptions/:id/test     { sent, removed, message }: a test notification now
 */
import { API_CONTRACT, createPushSubscriptionSchema, PUSH_TEXTS } from '@prijsalarm/core';
import { z } from 'zod';
import {
  createPushSubscription,
  deletePushSubscription,
  listPushSubscriptions,
  pushPublicKey,
  testPushSubscription,
} from '../../commands/push';
import type { AppContext } from '../../context';
import { currentAuth, requireUser } from '../../http/auth';
import { route, type BoundRoute } from '../../http/contract-route';
import { rateLimit } from '../../http/rate-limit';

const idParams = z.object({ id: z.string() });

export default function pushRoutes(ctx: AppContext): BoundRoute[] {
  const { push } = API_CONTRACT;
  const before = [requireUser];
  const perUser = (name: string, points: number) =>
    rateLimit(name, { points, duration: 60, key: (req) => req.auth?.user.id });
  return [
    route(push.publicKey, { before }, () => pushPublicKey(ctx)),

    route(push.list, { before }, async (req) =>
      listPushSubscriptions(ctx, currentAuth(req).user.id),
    ),

    route(
      push.create,
      {
        before: [...before, perUser('push-subscribe-user', 20)],
        schemas: { body: createPushSubscriptionSchema },
      },
      async (req) =>
        createPushSubscription(
          ctx,
          currentAuth(req).user.id,
          req.input.body,
          req.get('user-agent') ?? null,
        ),
    ),

    route(push.delete, { before, schemas: { params: idParams } }, async (req) => {
      await deletePushSubscription(ctx, currentAuth(req).user.id, req.input.params.id);
      return { message: PUSH_TEXTS.screen.removed };
    }),

    route(
      push.test,
      { before: [...before, perUser('push-test-user', 5)], schemas: { params: idParams } },
      async (req) => testPushSubscription(ctx, currentAuth(req).user.id, req.input.params.id),
    ),
  ];
}
