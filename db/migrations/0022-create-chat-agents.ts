/**
 * Support agents' online switch (PUT /admin/chat/presence): support is online while any agent's
 * switch is on. In the database so every web process answers online-status the same.
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { bool, references, timestamps } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('chat_agents', {
    userId: { ...references('users', false), primaryKey: true },
    online: bool(false),
    ...timestamps(),
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('chat_agents');
};
