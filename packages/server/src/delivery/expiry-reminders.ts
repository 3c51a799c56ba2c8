/**
 * The expiry reminder: once, about a day before an alert runs out, a mail with the link that
 * extends it (core's rule, EXPIRY_REMINDER_HOURS_BEFORE). The scheduler role looks once a minute;
 * expired alerts simply drop out of the schedule.
 */
import { Op } from 'sequelize';
import { EXPIRY_REMINDER_HOURS_BEFORE } from '@prijsalarm/core';
import type { AppContext } from '../context';
import { repeat, type Repeating } from '../lib/repeat';
import type { Alert } from '../models';
import { manageUrlOf, refreshUrlOf } from '../security/alert-links';
import { nowOf } from './clock';

const EXPIRY_REMINDER_BEFORE_MS = EXPIRY_REMINDER_HOURS_BEFORE * 60 * 60 * 1000;
/** How often the scheduler role looks for alerts to remind (not every few seconds). */
export const EXPIRY_SCAN_EVERY_MS = 60_000;

type ReminderContext = Pick<
  AppContext,
  'config' | 'logger' | 'models' | 'mailer' | 'tokens' | 'clock'
>;

async function remind(ctx: ReminderContext, alert: Alert, at: Date): Promise<boolean> {
  const { models } = ctx;
  const to = alert.user?.email ?? alert.email;
  if (!to || !alert.expiresAt) return false;
  // Claim first, so two schedulers (or a slow previous scan) never send it twice.
  const [claimed] = await models.Alert.update(
    { expiryReminderSentAt: at },
    { where: { id: alert.id, expiryReminderSentAt: null } },
  );
  if (claimed === 0) return false;
  try {
    await ctx.mailer.send('expiryReminder', to, {
      name: alert.user?.name ?? null,
      searchTerm: alert.searchTerm,
      expiresAt: alert.expiresAt,
      refreshUrl: refreshUrlOf(ctx, alert),
      manageUrl: manageUrlOf(ctx, alert),
    });
    return true;
  } catch (error) {
    // Not sent: release the claim so a later scan tries again.
    await models.Alert.update({ expiryReminderSentAt: null }, { where: { id: alert.id } });
    ctx.logger.warn({ err: error, alertId: alert.id }, 'expiry reminder not sent; retried later');
    return false;
  }
}

/** Reminds every confirmed alert that expires within a day and has not been reminded. */
export async function sendExpiryReminders(ctx: ReminderContext, at: Date): Promise<number> {
  const { models } = ctx;
  const alerts = await models.Alert.findAll({
    where: {
      confirmedAt: { [Op.ne]: null },
      expiryReminderSentAt: null,
      expiresAt: { [Op.gt]: at, [Op.lte]: new Date(at.getTime() + EXPIRY_REMINDER_BEFORE_MS) },
    },
    include: [{ model: models.User, as: 'user' }],
  });
  let sent = 0;
  for (const alert of alerts) if (await remind(ctx, alert, at)) sent += 1;
  if (sent > 0) ctx.logger.info({ sent }, 'expiry reminders sent');
  return sent;
}

/** Scheduler role: a scan at start, then every EXPIRY_SCAN_EVERY_MS. */
export function startExpiryReminders(ctx: ReminderContext): Repeating {
  const logger = ctx.logger.child({ component: 'expiry-reminders' });
  return repeat(() => sendExpiryReminders({ ...ctx, logger }, nowOf(ctx)), {
    everyMs: EXPIRY_SCAN_EVERY_MS,
    onError: (error) => logger.error({ err: error }, 'expiry reminder scan failed'),
  });
}
