import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { bool, dateTime, id, json, references, string, timestamps } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('notifications', {
    id: id(),
    alertId: references('alerts', false),
    userId: references('users', true),
    platform: string(16, false),
    listingId: string(64, false),
    title: string(500, false),
    description: { type: DataTypes.TEXT, allowNull: true },
    priceCents: { type: DataTypes.INTEGER, allowNull: true },
    priceType: string(32, false),
    url: string(2048, false),
    imageUrls: json(),
    location: string(255),
    distanceMeters: { type: DataTypes.INTEGER, allowNull: true },
    sellerName: string(255),
    sellerType: string(16),
    isPaid: bool(false),
    postedAt: dateTime(),
    listing: json(),
    viewedAt: dateTime(),
    ...timestamps(),
  });
  await queryInterface.addIndex('notifications', ['alertId', 'platform', 'listingId'], {
    unique: true,
    name: 'notifications_alert_platform_listing_unique',
  });
  await queryInterface.addIndex('notifications', ['userId', 'createdAt'], {
    name: 'notifications_user_id_created_at',
  });
  await queryInterface.addIndex('notifications', ['alertId', 'createdAt'], {
    name: 'notifications_alert_id_created_at',
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('notifications');
};
