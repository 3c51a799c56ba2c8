/**
 * Every notification is a row in every index of its table, kept for its plan's retention. The
 * (alertId, createdAt) index goes: ~58 bytes a notification on SQLite (a UUID as text, a date, the
 * rowid), and the other indexes serve what it did. The unique (alertId, platform, listingId,
 * dedupeKey) index starts with alertId: it serves the foreign key (MariaDB keeps one index for it)
 * and the reads of one alert (a guest's manage page and RSS feed, the counts per alert). A signed-in
 * user's notification centre, its export, counts and statistics name the user as well as their
 * alerts (commands/notification-query.ts), so they read (userId, createdAt), newest first.
 *
 * Down adds it back, with the same name and columns.
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

const INDEX = 'notifications_alert_id_created_at';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('notifications', INDEX);
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addIndex('notifications', ['alertId', 'createdAt'], { name: INDEX });
};
