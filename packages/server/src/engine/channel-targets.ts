/**
 * Whom a channel that needs something set up reaches (core's channel table: `reaches: 'target'`):
 * for each, how the recorder knows that an alert's owner set it up. Read from the alert itself
 * (a linked Telegram chat comes with the alert's user), or looked up once per recording for all
 * its alerts (which alerts a webhook takes, whose owner has a device for push).
 */
import type { TargetedChannel } from '@prijsalarm/core';
import { Op, type Transaction } from 'sequelize';
import type { AppContext } from '../context';
import type { Alert, User } from '../models';

/** What the recorder knows of an alert's owner. */
export type TargetedAlert = Pick<Alert, 'id' | 'userId'> & {
  /** The owner (null for a guest alert). */
  user?: Pick<User, 'telegramChatId'> | null;
};

type TargetCheck =
  | { ofAlert: (alert: TargetedAlert) => boolean }
  | {
      /** The ids of `alerts` whose owner set the channel up: one query for the whole recording. */
      lookUp: (
        ctx: Pick<AppContext, 'models'>,
        alerts: readonly TargetedAlert[],
        transaction?: Transaction,
      ) => Promise<Set<string>>;
    };

export const CHANNEL_TARGETS: { readonly [C in TargetedChannel]: TargetCheck } = {
  telegram: { ofAlert: (alert) => Boolean(alert.user?.telegramChatId) },
  push: { lookUp: alertsWithPushDevices },
  webhook: { lookUp: alertsWithWebhooks },
};

/** The alerts each looked-up channel reaches, by channel. */
export type FoundTargets = ReadonlyMap<TargetedChannel, ReadonlySet<string>>;

export async function lookUpTargets(
  ctx: Pick<AppContext, 'models'>,
  alerts: readonly TargetedAlert[],
  transaction?: Transaction,
): Promise<FoundTargets> {
  const found = new Map<TargetedChannel, ReadonlySet<string>>();
  for (const [channel, check] of Object.entries(CHANNEL_TARGETS) as Array<
    [TargetedChannel, TargetCheck]
  >) {
    if ('lookUp' in check) found.set(channel, await check.lookUp(ctx, alerts, transaction));
  }
  return found;
}

/** Whether the owner of `alert` set `channel` up. */
export function hasTarget(
  channel: TargetedChannel,
  alert: TargetedAlert,
  found: FoundTargets,
): boolean {
  const check: TargetCheck = CHANNEL_TARGETS[channel];
  return 'ofAlert' in check ? check.ofAlert(alert) : (found.get(channel)?.has(alert.id) ?? false);
}

/** Which alerts of a recording belong to a user with at least one device that takes push. */
export async function alertsWithPushDevices(
  ctx: Pick<AppContext, 'models'>,
  alerts: ReadonlyArray<Pick<Alert, 'id' | 'userId'>>,
  transaction?: Transaction,
): Promise<Set<string>> {
  const userIds = [...new Set(alerts.flatMap((alert) => (alert.userId ? [alert.userId] : [])))];
  if (userIds.length === 0) return new Set();
  const devices = await ctx.models.PushSubscription.findAll({
    attributes: ['userId'],
    where: { userId: { [Op.in]: userIds } },
    transaction,
  });
  const withDevice = new Set(devices.map((device) => device.userId));
  return new Set(
    alerts.flatMap((alert) => (alert.userId && withDevice.has(alert.userId) ? [alert.id] : [])),
  );
}

/** Which alerts of a recording have a webhook that takes them. */
export async function alertsWithWebhooks(
  ctx: Pick<AppContext, 'models'>,
  alerts: ReadonlyArray<Pick<Alert, 'id' | 'userId'>>,
  transaction?: Transaction,
): Promise<Set<string>> {
  const userIds = [...new Set(alerts.flatMap((alert) => (alert.userId ? [alert.userId] : [])))];
  const covered = new Set<string>();
  if (userIds.length === 0) return covered;
  const webhooks = await ctx.models.Webhook.findAll({
    attributes: ['id', 'userId', 'alertIds', 'enabled'],
    where: { userId: { [Op.in]: userIds }, enabled: true },
    transaction,
  });
  for (const alert of alerts) {
    if (webhooks.some((hook) => hook.userId === alert.userId && hook.covers(alert.id))) {
      covered.add(alert.id);
    }
  }
  return covered;
}
