import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime, id, references, string, timestamps } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('deliveries', {
    id: id(),
    notificationId: references('notifications', false),
    channel: string(16, false),
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'pending' },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    lastError: { type: DataTypes.TEXT, allowNull: true },
    nextAttemptAt: dateTime(),
    sentAt: dateTime(),
    ...timestamps(),
  });
  await queryInterface.addIndex('deliveries', ['notificationId', 'channel'], {
    unique: true,
    name: 'deliveries_notification_channel_unique',
  });
  await queryInterface.addIndex('deliveries', ['status', 'nextAttemptAt'], {
    name: 'deliveries_status_next_attempt_at',
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('deliveries');
};
