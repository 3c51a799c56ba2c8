import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { bool, dateTime, id, json, references, string, timestamps } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('alerts', {
    id: id(),
    userId: references('users', true),
    email: string(255),
    searchTerm: string(500, false),
    platforms: json(),
    minPriceCents: { type: DataTypes.INTEGER, allowNull: true },
    maxPriceCents: { type: DataTypes.INTEGER, allowNull: true },
    postalCode: string(7),
    distanceKm: { type: DataTypes.INTEGER, allowNull: true },
    l1CategoryId: { type: DataTypes.INTEGER, allowNull: true },
    l2CategoryId: { type: DataTypes.INTEGER, allowNull: true },
    customFilters: json(),
    deliveryMethod: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'both' },
    onlyWithImages: bool(false),
    includePaidAds: bool(false),
    sellerType: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'all' },
    notifyEmail: bool(true),
    notifyTelegram: bool(false),
    isActive: bool(true),
    confirmedAt: dateTime(),
    planAtCreation: string(16, false),
    checkIntervalMinutes: { type: DataTypes.INTEGER, allowNull: false },
    validityDays: { type: DataTypes.INTEGER, allowNull: false },
    expiresAt: dateTime(),
    expiryReminderSentAt: dateTime(),
    lastCheckedAt: dateTime(),
    nextCheckAt: dateTime(),
    manageTokenNonce: string(64, false),
    manageTokenHash: string(64, false),
    refreshTokenNonce: string(64, false),
    refreshTokenHash: string(64, false),
    searchKey: string(64),
    ...timestamps(),
  });
  await queryInterface.addIndex('alerts', ['userId'], { name: 'alerts_user_id' });
  await queryInterface.addIndex('alerts', ['email'], { name: 'alerts_email' });
  await queryInterface.addIndex('alerts', ['manageTokenHash'], {
    unique: true,
    name: 'alerts_manage_token_hash_unique',
  });
  await queryInterface.addIndex('alerts', ['refreshTokenHash'], {
    unique: true,
    name: 'alerts_refresh_token_hash_unique',
  });
  await queryInterface.addIndex('alerts', ['searchKey'], { name: 'alerts_search_key' });
  await queryInterface.addIndex('alerts', ['isActive', 'nextCheckAt'], {
    name: 'alerts_is_active_next_check_at',
  });
  await queryInterface.addIndex('alerts', ['expiresAt'], { name: 'alerts_expires_at' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('alerts');
};
