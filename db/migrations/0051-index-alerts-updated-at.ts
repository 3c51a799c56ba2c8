import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

/**
 * The scheduler and the feed's index refresh read the alerts changed since their last look; the
 * scheduler's tick reads the hosts cooling down. Neither read may scan the table.
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addIndex('alerts', ['updatedAt'], { name: 'alerts_updated_at' });
  await queryInterface.addIndex('searches', ['cooldownUntil'], { name: 'searches_cooldown_until' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('searches', 'searches_cooldown_until');
  await queryInterface.removeIndex('alerts', 'alerts_updated_at');
};
