/**
 * Price drops: an alert's opt-in (`priceDropEnabled`, `priceDropPercent`), and a
 * notification's kind. A 'price_drop' notification is one more row for the same (alert, listing):
 * `dedupeKey` is 'new' for the new-listing notification and 'drop:<cents>' for a drop to that
 * price, so the unique index now reads (alertId, platform, listingId, dedupeKey) — each drop to a
 * price is told once, however often the engine sees it. The new index is made before the old one
 * is dropped: MariaDB's foreign key on alertId always keeps an index to use.
 */
import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { bool } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('alerts', 'priceDropEnabled', bool(false));
  await queryInterface.addColumn('alerts', 'priceDropPercent', {
    type: DataTypes.INTEGER,
    allowNull: true,
  });
  await queryInterface.addColumn('notifications', 'kind', {
    type: DataTypes.STRING(16),
    allowNull: false,
    defaultValue: 'new',
  });
  await queryInterface.addColumn('notifications', 'previousPriceCents', {
    type: DataTypes.INTEGER,
    allowNull: true,
  });
  await queryInterface.addColumn('notifications', 'dedupeKey', {
    type: DataTypes.STRING(32),
    allowNull: false,
    defaultValue: 'new',
  });
  await queryInterface.addIndex(
    'notifications',
    ['alertId', 'platform', 'listingId', 'dedupeKey'],
    {
      unique: true,
      name: 'notifications_alert_listing_dedupe_unique',
    },
  );
  await queryInterface.removeIndex('notifications', 'notifications_alert_platform_listing_unique');
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  // A drop is a second row of its (alert, listing): they go before the old unique index returns.
  await queryInterface.sequelize.query("DELETE FROM `notifications` WHERE `dedupeKey` <> 'new'");
  await queryInterface.addIndex('notifications', ['alertId', 'platform', 'listingId'], {
    unique: true,
    name: 'notifications_alert_platform_listing_unique',
  });
  await queryInterface.removeIndex('notifications', 'notifications_alert_listing_dedupe_unique');
  // Plain DROP COLUMN (SQLite ≥ 3.35, MariaDB): Sequelize's SQLite removeColumn rebuilds the table.
  for (const column of ['dedupeKey', 'previousPriceCents', 'kind']) {
    await queryInterface.sequelize.query(`ALTER TABLE \`notifications\` DROP COLUMN \`${column}\``);
  }
  for (const column of ['priceDropPercent', 'priceDropEnabled']) {
    await queryInterface.sequelize.query(`ALTER TABLE \`alerts\` DROP COLUMN \`${column}\``);
  }
};
