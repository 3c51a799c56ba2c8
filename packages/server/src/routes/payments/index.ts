/**
 * Payments: create, status, cancel, the subscription tab, Mollie's webhook, POST /upgrade-to-pro
 * (answers the user as stored; only a paid payment makes Pro) and the admin list. Thin: the work
 * is in commands/payments/.
 */
import express from 'express';
import {
  API_CONTRACT,
  createPaymentSchema,
  paymentWebhookSchema,
  idParamsSchema,
} from '@prijsalarm/core';
import type { AppContext } from '../../context';
import {
  adminPayments,
  cancelSubscription,
  createPayment,
  handleWebhook,
  paymentStatus,
  subscriptionOverview,
} from '../../commands/payments';
import { currentAuth, requireAdmin, requireUser } from '../../http/auth';
import { route, type BoundRoute } from '../../http/contract-route';
import { presentUserWithCounts } from '../../presenters/user';

export default function paymentRoutes(ctx: AppContext): BoundRoute[] {
  return [
    route(
      API_CONTRACT.payments.create,
      { schemas: { body: createPaymentSchema }, before: [requireUser] },
      (req) => createPayment(ctx, currentAuth(req).user, req.input.body),
    ),
    route(
      API_CONTRACT.payments.status,
      { schemas: { params: idParamsSchema }, before: [requireUser] },
      (req) => paymentStatus(ctx, currentAuth(req).user, req.input.params.id),
    ),
    route(API_CONTRACT.payments.cancelSubscription, { before: [requireUser] }, (req) =>
      cancelSubscription(ctx, currentAuth(req).user),
    ),
    route(API_CONTRACT.payments.subscription, { before: [requireUser] }, (req) =>
      subscriptionOverview(ctx, currentAuth(req).user),
    ),
    route(
      API_CONTRACT.payments.webhook,
      // Mollie posts a form body and carries no session or CSRF token (auth.ts exempts the path).
      {
        schemas: { body: paymentWebhookSchema },
        before: [express.urlencoded({ extended: false, limit: '2kb' })],
      },
      async (req) => {
        // Unknown and foreign ids answer 200 too (they change nothing): nothing leaks to a prober.
        await handleWebhook(ctx, req.input.body.id);
        return {};
      },
    ),
    route(API_CONTRACT.auth.upgradeToPro, { before: [requireUser] }, async (req) => {
      const { user } = currentAuth(req);
      await user.reload();
      return { user: await presentUserWithCounts(ctx, user) };
    }),
    route(API_CONTRACT.payments.adminList, { before: [requireAdmin] }, () => adminPayments(ctx)),
  ];
}
