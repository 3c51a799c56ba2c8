import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime, id, references, string, timestamps } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('one_time_tokens', {
    id: id(),
    userId: references('users', true),
    email: string(255, false),
    purpose: string(32, false),
    tokenHash: string(64, false),
    expiresAt: dateTime(false),
    usedAt: dateTime(),
    alertId: references('alerts', true),
    ...timestamps(),
  });
  await queryInterface.addIndex('one_time_tokens', ['tokenHash'], {
    unique: true,
    name: 'one_time_tokens_token_hash_unique',
  });
  await queryInterface.addIndex('one_time_tokens', ['userId'], {
    name: 'one_time_tokens_user_id',
  });
  await queryInterface.addIndex('one_time_tokens', ['alertId'], {
    name: 'one_time_tokens_alert_id',
  });
  await queryInterface.addIndex('one_time_tokens', ['email', 'purpose'], {
    name: 'one_time_tokens_email_purpose',
  });
  await queryInterface.addIndex('one_time_tokens', ['expiresAt'], {
    name: 'one_time_tokens_expires_at',
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('one_time_tokens');
};
