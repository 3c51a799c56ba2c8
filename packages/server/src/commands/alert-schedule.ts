/**
 * An alert's check interval follows its owner's CURRENT plan and the current settings: the
 * scheduler reads the stored `checkIntervalMinutes`, so a plan change or a change of the
 * `checkIntervals` setting rewrites it here (guest alerts count as FREE): the interval every page
 * states. CHECK_INTERVAL_SECONDS (demo, tests) only makes the engine check faster.
 */
import { Op, type Transaction } from 'sequelize';
import { PLANS, alertCheckInterval, type Plan, type PublicSettings } from '@prijsalarm/core';
import type { AppContext } from '../context';

type ScheduleContext = Pick<AppContext, 'models'>;

/** After a user's plan changed: their alerts take the new plan's interval. */
export async function rescheduleAlertsOfUser(
  ctx: ScheduleContext,
  settings: PublicSettings,
  user: { id: string; plan: Plan },
  transaction?: Transaction,
): Promise<void> {
  await ctx.models.Alert.update(
    { checkIntervalMinutes: alertCheckInterval(settings, user.plan) },
    { where: { userId: user.id }, transaction },
  );
}

/** After the `checkIntervals` setting changed: every alert takes its owner's plan's interval. */
export async function rescheduleAllAlerts(
  ctx: ScheduleContext,
  settings: PublicSettings,
): Promise<void> {
  const { Alert, User } = ctx.models;
  await Alert.update(
    { checkIntervalMinutes: alertCheckInterval(settings, null) },
    { where: { userId: null } },
  );
  for (const plan of PLANS) {
    const owners = await User.findAll({ where: { plan }, attributes: ['id'], raw: true });
    const ids = owners.map((owner) => owner.id);
    // Chunked: one IN list per 500 users keeps every dialect's parameter limits far away.
    for (let start = 0; start < ids.length; start += 500) {
      await Alert.update(
        { checkIntervalMinutes: alertCheckInterval(settings, plan) },
        { where: { userId: { [Op.in]: ids.slice(start, start + 500) } } },
      );
    }
  }
}
