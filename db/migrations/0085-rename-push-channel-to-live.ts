/**
 * The channel to open pages and the desktop app (the /ws/events connection) was called `push`;
 * it is `live` now, so that "push" can mean what users think it means (a notification on their
 * phone). Its delivery rows move with it; no other table stores a channel.
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.bulkUpdate('deliveries', { channel: 'live' }, { channel: 'push' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.bulkUpdate('deliveries', { channel: 'push' }, { channel: 'live' });
};
