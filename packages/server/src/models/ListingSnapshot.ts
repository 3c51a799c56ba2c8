import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { PLATFORM_IDS, type PlatformId } from '@prijsalarm/core';
import { bool, dateTime, json, oneOf } from './columns';

/**
 * A listing as first found, stored once per (platform, listingId) however many alerts it matches:
 * notifications refer to it (`listingSnapshotId`) and keep only what is their own — the price
 * observed when notified, the distance from the alert's place, their kind and deliveries.
 */
export class ListingSnapshot extends Model<
  InferAttributes<ListingSnapshot>,
  InferCreationAttributes<ListingSnapshot>
> {
  declare id: CreationOptional<number>;
  declare platform: PlatformId;
  /** The marketplace's item id, e.g. 'm2123456789'. */
  declare listingId: string;
  declare title: string;
  declare description: CreationOptional<string | null>;
  declare url: string;
  declare imageUrls: CreationOptional<string[]>;
  declare location: CreationOptional<string | null>;
  declare sellerName: CreationOptional<string | null>;
  declare sellerType: CreationOptional<'private' | 'business' | null>;
  declare isPaid: CreationOptional<boolean>;
  declare postedAt: CreationOptional<Date | null>;
  /**
   * The normalised `Listing` (engine/marketplace/types.ts) as first found, without what belongs to
   * one alert (`location.distanceMeters` is null: each notification holds its own distance).
   */
  declare listing: CreationOptional<Record<string, unknown>>;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): typeof ListingSnapshot {
    return ListingSnapshot.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
        platform: oneOf(PLATFORM_IDS),
        listingId: { type: DataTypes.STRING(64), allowNull: false },
        title: { type: DataTypes.STRING(500), allowNull: false },
        description: { type: DataTypes.TEXT, allowNull: true },
        url: { type: DataTypes.STRING(2048), allowNull: false },
        imageUrls: json(() => []),
        location: { type: DataTypes.STRING(255), allowNull: true },
        sellerName: { type: DataTypes.STRING(255), allowNull: true },
        sellerType: oneOf(['private', 'business'], { allowNull: true }),
        isPaid: bool(false),
        postedAt: dateTime(),
        listing: json(() => ({})),
        createdAt: dateTime(false),
      },
      {
        sequelize,
        tableName: 'listing_snapshots',
        modelName: 'ListingSnapshot',
        updatedAt: false,
      },
    );
  }
}
