import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime, json, string } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('settings', {
    key: { ...string(100, false), primaryKey: true },
    value: json(true),
    updatedAt: dateTime(false),
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('settings');
};
