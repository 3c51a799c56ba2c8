/**
 * The browsers (phones, computers) a user turned push notifications on in: each one's push service
 * endpoint and the keys its messages are encrypted for. `endpointHash` (SHA-256 of the endpoint)
 * is what stays unique — one row per browser subscription — since an index on the 2048-character
 * endpoint itself is too long for MariaDB.
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime, id, references, string, timestamps } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('push_subscriptions', {
    id: id(),
    userId: references('users', false),
    endpoint: string(2048, false),
    endpointHash: string(64, false),
    /** The browser's P-256 public key (base64url). */
    p256dh: string(128, false),
    /** The browser's auth secret (base64url). */
    auth: string(64, false),
    /** The device's name in the list, e.g. "Chrome op Android". */
    label: string(100, false),
    /** When its push service last accepted a message for it. */
    lastDeliveredAt: dateTime(),
    ...timestamps(),
  });
  await queryInterface.addIndex('push_subscriptions', ['endpointHash'], {
    name: 'push_subscriptions_endpoint_hash',
    unique: true,
  });
  await queryInterface.addIndex('push_subscriptions', ['userId'], {
    name: 'push_subscriptions_user_id',
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('push_subscriptions');
};
