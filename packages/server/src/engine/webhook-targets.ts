/**
 * Which alerts of a check have a webhook: the recorder gives their matches a
 * 'webhook' Delivery beside e-mail, Telegram and push. One query per recording.
 */
import { Op, type Transaction } from 'sequelize';
import type { AppContext } from '../context';
import type { Alert } from '../models';

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
