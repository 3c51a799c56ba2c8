/**
 * The one way alerts are deleted (a user, a guest's manage link, an admin, account deletion, a
 * stale unconfirmed guest alert). The engine learns of changed alerts from `alerts.updatedAt`; a
 * deleted alert leaves no row to read, so each deletion writes an `alert_deletions` row in the
 * same transaction: the scheduler's next tick drops its searches and the alert indexes drop it
 * (engine/README.md "Scheduling"). Notifications, deliveries and link tokens go with the alert
 * (ON DELETE CASCADE).
 */
import type { Transaction, WhereOptions } from 'sequelize';
import type { AppContext } from '../context';
import { chunks } from '../lib/chunks';
import type { Alert } from '../models';

type DeletionContext = Pick<AppContext, 'models' | 'sequelize'>;

/** Rows per statement: IN lists stay far below every dialect's parameter limit. */
const BATCH = 500;

/** Deletes the alerts `where` selects, each leaving its tombstone; returns how many. */
export async function deleteAlerts(
  ctx: DeletionContext,
  where: WhereOptions<Alert>,
  transaction?: Transaction,
): Promise<number> {
  if (!transaction) {
    return ctx.sequelize.transaction((own) => deleteAlerts(ctx, where, own));
  }
  const { Alert, AlertDeletion } = ctx.models;
  const rows = await Alert.findAll({ attributes: ['id'], where, transaction });
  const deletedAt = new Date();
  let deleted = 0;
  for (const ids of chunks(
    rows.map((row) => row.id),
    BATCH,
  )) {
    await AlertDeletion.bulkCreate(
      ids.map((alertId) => ({ alertId, deletedAt })),
      { transaction },
    );
    deleted += await Alert.destroy({ where: { id: ids }, transaction });
  }
  return deleted;
}
