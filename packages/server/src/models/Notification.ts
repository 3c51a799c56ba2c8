import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import {
  NOTIFICATION_KINDS,
  PLATFORM_IDS,
  type NotificationKind,
  type PlatformId,
} from '@prijsalarm/core';
import { bool, dateTime, foreignUuid, json, oneOf, timestamps, uuidPrimaryKey } from './columns';
import type { Alert } from './Alert';
import type { Delivery } from './Delivery';

/**
 * One new listing found for one alert ('new'), or a lower price of a listing the alert saw
 * ('price_drop'); unique per (alertId, platform, listingId, dedupeKey).
 */
export class Notification extends Model<
  InferAttributes<Notification>,
  InferCreationAttributes<Notification>
> {
  declare id: CreationOptional<string>;
  declare alertId: string;
  declare userId: CreationOptional<string | null>;
  declare platform: PlatformId;
  /** The marketplace's item id, e.g. 'm2123456789'. */
  declare listingId: string;
  declare title: string;
  declare description: CreationOptional<string | null>;
  declare priceCents: CreationOptional<number | null>;
  declare priceType: string;
  declare url: string;
  declare imageUrls: CreationOptional<string[]>;
  declare location: CreationOptional<string | null>;
  declare distanceMeters: CreationOptional<number | null>;
  declare sellerName: CreationOptional<string | null>;
  declare sellerType: CreationOptional<'private' | 'business' | null>;
  declare isPaid: CreationOptional<boolean>;
  declare postedAt: CreationOptional<Date | null>;
  /** The listing as found (snapshot for the notification centre and exports). */
  declare listing: CreationOptional<Record<string, unknown>>;
  declare viewedAt: CreationOptional<Date | null>;
  /** The check run of the search that found it (engine/README.md). */
  declare checkId: CreationOptional<string | null>;
  declare kind: CreationOptional<NotificationKind>;
  /** The price before the drop (a 'price_drop' only). */
  declare previousPriceCents: CreationOptional<number | null>;
  /** 'new', or 'drop:<cents>' for a drop to that price: each is told once. */
  declare dedupeKey: CreationOptional<string>;
  /** Which path found it: the new-ads feed or per-search polling (engine/feed/README.md). */
  declare foundBy: CreationOptional<'feed' | 'reconciliation' | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare alert?: NonAttribute<Alert>;
  declare deliveries?: NonAttribute<Delivery[]>;

  static initModel(sequelize: Sequelize): typeof Notification {
    return Notification.init(
      {
        id: uuidPrimaryKey,
        alertId: foreignUuid(false),
        userId: foreignUuid(true),
        platform: oneOf(PLATFORM_IDS),
        listingId: { type: DataTypes.STRING(64), allowNull: false },
        title: { type: DataTypes.STRING(500), allowNull: false },
        description: { type: DataTypes.TEXT, allowNull: true },
        priceCents: { type: DataTypes.INTEGER, allowNull: true },
        priceType: { type: DataTypes.STRING(32), allowNull: false },
        url: { type: DataTypes.STRING(2048), allowNull: false },
        imageUrls: json(() => []),
        location: { type: DataTypes.STRING(255), allowNull: true },
        distanceMeters: { type: DataTypes.INTEGER, allowNull: true },
        sellerName: { type: DataTypes.STRING(255), allowNull: true },
        sellerType: oneOf(['private', 'business'], { allowNull: true }),
        isPaid: bool(false),
        postedAt: dateTime(),
        listing: json(() => ({})),
        viewedAt: dateTime(),
        checkId: { type: DataTypes.UUID, allowNull: true },
        kind: oneOf(NOTIFICATION_KINDS, { defaultValue: 'new' }),
        previousPriceCents: { type: DataTypes.INTEGER, allowNull: true },
        dedupeKey: { type: DataTypes.STRING(32), allowNull: false, defaultValue: 'new' },
        foundBy: oneOf(['feed', 'reconciliation'], { allowNull: true }),
        ...timestamps,
      },
      { sequelize, tableName: 'notifications', modelName: 'Notification' },
    );
  }
}
