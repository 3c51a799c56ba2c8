/**
 * Deleted alerts, kept for a day, so that a delete reaches the alert index and the schedule as
 * it happens. The scheduler and the alert index read what changed since their last look by
 * `alerts.updatedAt` (0051); a deleted alert leaves no row to read, so every delete path writes a
 * row here in the same transaction (models/AlertDeletion.ts `deleteAlerts`). The readers read the
 * rows written since their last look; the scheduler prunes rows older than a day.
 */
import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('alert_deletions', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    /** No foreign key: the alert is gone. */
    alertId: { type: DataTypes.UUID, allowNull: false },
    deletedAt: dateTime(false),
  });
  await queryInterface.addIndex('alert_deletions', ['deletedAt'], {
    name: 'alert_deletions_deleted_at',
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('alert_deletions');
};
