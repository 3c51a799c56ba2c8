/**
 * What a change of plan or of extra alerts does to the account, whoever changes it (a paid
 * payment, a chargeback, the end of Pro): the plan and its check interval for every alert, an
 * audit entry, and the alerts beyond the new limit paused — never deleted — to come back when
 * there is room again. Runs inside the caller's transaction, so it stands or falls with the change.
 */
import type { Transaction } from 'sequelize';
import type { Plan, PublicSettings } from '@prijsalarm/core';
import type { AppContext } from '../../context';
import type { BillingAccount, User } from '../../models';
import { paymentPolicy } from '../../policies/payment';
import { announceAccountChange } from '../account-events';
import { rescheduleAlertsOfUser } from '../alert-schedule';

export async function setPlan(
  ctx: AppContext,
  user: User,
  plan: 'PRO' | 'REGISTERED',
  settings: PublicSettings,
  transaction: Transaction,
): Promise<void> {
  if (user.plan === plan) return;
  const from = user.plan;
  await user.update({ plan }, { transaction });
  await rescheduleAlertsOfUser(ctx, settings, user, transaction);
  await ctx.models.AuditEvent.create(
    {
      actorUserId: null,
      action: 'user.plan_changed',
      targetType: 'user',
      targetId: user.id,
      data: { from, to: plan, by: 'payments' },
    },
    { transaction },
  );
}

/**
 * After a plan or limit change: pauses the newest active alerts beyond the user's limit (never
 * deletes them), resumes the ones paused before as far as the limit allows again, and tells the
 * user's open pages once it is committed.
 */
export async function fitAlertsToLimit(
  ctx: AppContext,
  user: User,
  billing: BillingAccount,
  settings: PublicSettings,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  announceAccountChange(ctx, user.id, transaction);
  const { Alert } = ctx.models;
  const planLimit = settings.alertLimits[user.plan as Plan];
  const limit = planLimit === null ? null : planLimit + billing.extraAlerts;
  const active = await Alert.findAll({
    where: { userId: user.id, isActive: true },
    attributes: ['id', 'createdAt'],
    transaction,
  });
  const paused = new Set(billing.pausedAlertIds ?? []);
  const toPause = paymentPolicy.alertsToPause(active, limit);
  if (toPause.length > 0) {
    await Alert.update({ isActive: false }, { where: { id: toPause }, transaction });
    for (const id of toPause) paused.add(id);
  } else if (paused.size > 0) {
    const room = limit === null ? paused.size : Math.max(0, limit - active.length);
    const stillThere = await Alert.findAll({
      where: { id: [...paused], userId: user.id },
      attributes: ['id', 'createdAt'],
      order: [['createdAt', 'ASC']],
      transaction,
    });
    const resume = stillThere.slice(0, room).map((alert) => alert.id);
    if (resume.length > 0) {
      await Alert.update(
        { isActive: true, nextCheckAt: now },
        { where: { id: resume }, transaction },
      );
    }
    paused.clear();
    for (const alert of stillThere.slice(room)) paused.add(alert.id);
  }
  billing.pausedAlertIds = paused.size > 0 ? [...paused] : null;
  await billing.save({ transaction });
}
