/**
 * Webhooks: a signed-in user's URLs that receive each new notification as signed JSON,
 * and the log of every call made to them (status code, time, a clipped excerpt of the answer).
 * A webhook is one more Delivery channel ('webhook'); the deliveries ledger is untouched: its
 * `channel` is a string column.
 */
import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { bool, dateTime, id, json, references, string, timestamps } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('webhooks', {
    id: id(),
    userId: references('users', false),
    url: string(2048, false),
    /** The HMAC key, shown once; needed in the clear to sign every call. */
    secret: string(128, false),
    /** The alert ids it receives; null = every alert of the user. */
    alertIds: json(true),
    enabled: bool(true),
    disabledAt: dateTime(),
    disabledReason: { type: DataTypes.TEXT, allowNull: true },
    ...timestamps(),
  });
  await queryInterface.addIndex('webhooks', ['userId'], { name: 'webhooks_user_id' });

  await queryInterface.createTable('webhook_calls', {
    id: id(),
    webhookId: references('webhooks', false),
    /** The notification it carried; null for a test call. */
    notificationId: references('notifications', true),
    kind: string(16, false),
    ok: bool(false),
    /** The HTTP status answered; null when no answer came (refused, timeout, TLS). */
    statusCode: { type: DataTypes.INTEGER, allowNull: true },
    /** Why it failed, in Dutch, for the user. */
    error: { type: DataTypes.TEXT, allowNull: true },
    /** The first characters of the answer's body, nothing more. */
    excerpt: string(300),
    durationMs: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    ...timestamps(),
  });
  await queryInterface.addIndex('webhook_calls', ['webhookId', 'createdAt'], {
    name: 'webhook_calls_webhook_created',
  });
  await queryInterface.addIndex('webhook_calls', ['notificationId', 'webhookId'], {
    name: 'webhook_calls_notification_webhook',
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('webhook_calls');
  await queryInterface.dropTable('webhooks');
};
