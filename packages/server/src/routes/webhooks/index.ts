/**
 * /webhooks: the signed-in user's webhook URLs (commands/webhooks.ts).
 *
 * - GET    /webhooks                  { webhooks, limit }
 * - POST   /webhooks {url, alertIds?} 201 { webhook, secret } — the secret this once only
 * - DELETE /webhooks/:id              { message }
 * - POST   /webhooks/:id/test         { call, message }: a signed test body sent now
 * - GET    /webhooks/:id/deliveries   { calls }: the latest calls, newest first
 */
import { API_CONTRACT, createWebhookSchema, WEBHOOK_TEXTS, idParamsSchema } from '@prijsalarm/core';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  testWebhook,
  webhookCalls,
} from '../../commands/webhooks';
import type { AppContext } from '../../context';
import { currentAuth, requireUser } from '../../http/auth';
import { route, type BoundRoute } from '../../http/contract-route';
import { rateLimit } from '../../http/rate-limit';

export default function webhookRoutes(ctx: AppContext): BoundRoute[] {
  const { webhooks } = API_CONTRACT;
  const before = [requireUser];
  const perUser = (name: string, points: number) =>
    rateLimit(name, { points, duration: 60, key: (req) => req.auth?.user.id });
  return [
    route(webhooks.list, { before }, async (req) => listWebhooks(ctx, currentAuth(req).user.id)),

    route(
      webhooks.create,
      {
        before: [...before, perUser('webhook-create-user', 10)],
        schemas: { body: createWebhookSchema },
      },
      async (req) => createWebhook(ctx, currentAuth(req).user.id, req.input.body),
    ),

    route(webhooks.delete, { before, schemas: { params: idParamsSchema } }, async (req) => {
      await deleteWebhook(ctx, currentAuth(req).user.id, req.input.params.id);
      return { message: WEBHOOK_TEXTS.screen.removed };
    }),

    route(
      webhooks.test,
      { before: [...before, perUser('webhook-test-user', 5)], schemas: { params: idParamsSchema } },
      async (req) => testWebhook(ctx, currentAuth(req).user.id, req.input.params.id),
    ),

    route(webhooks.deliveries, { before, schemas: { params: idParamsSchema } }, async (req) =>
      webhookCalls(ctx, currentAuth(req).user.id, req.input.params.id),
    ),
  ];
}
