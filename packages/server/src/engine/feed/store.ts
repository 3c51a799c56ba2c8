/**
 * The feed's own tables (migrations 0050, 0055, 0056, 0100): `feed_categories` (one row per
 * platform × L1 category), `feed_seen_listings` (its bounded seen-set), `listings` (every new
 * listing, normalised and stored once, compressed, for the match job; pruned by age) and
 * `postcode_places` (where a site places a postcode, for distance alerts). Models of the engine's
 * feed only, bound to the app's Sequelize instance on first use.
 */
import {
  DataTypes,
  Model,
  Op,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
  type Transaction,
} from 'sequelize';
import type { PlatformId } from '@prijsalarm/core';
import { keepNewestSeen } from '../seen-set';

export class FeedCategory extends Model<
  InferAttributes<FeedCategory>,
  InferCreationAttributes<FeedCategory>
> {
  /** `<platform>:<l1CategoryId>`. */
  declare key: string;
  declare platform: PlatformId;
  declare l1CategoryId: number;
  /** The site's clock at the last real, complete read; null = no baseline yet. */
  declare readAt: CreationOptional<Date | null>;
  declare lastVisitedAt: CreationOptional<Date | null>;
  declare nextVisitAt: CreationOptional<Date | null>;
  /** Learned publication rate (new ads a minute, moving average). */
  declare adsPerMinute: CreationOptional<number>;
  declare consecutiveFailures: CreationOptional<number>;
  declare cooldownUntil: CreationOptional<Date | null>;
  declare lastError: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class FeedSeenListing extends Model<
  InferAttributes<FeedSeenListing>,
  InferCreationAttributes<FeedSeenListing>
> {
  declare id: CreationOptional<number>;
  declare feedKey: string;
  declare listingId: string;
  declare firstSeenAt: Date;
  declare lastSeenAt: Date;
}

/** One new listing as the feed read it (unique per platform and listing id). */
export class FeedListing extends Model<
  InferAttributes<FeedListing>,
  InferCreationAttributes<FeedListing>
> {
  declare id: CreationOptional<number>;
  declare platform: PlatformId;
  declare listingId: string;
  /** The feed visit that stored it; the `match-listings` job carries only this. */
  declare batchId: string;
  declare l1CategoryId: number | null;
  declare priceCents: number | null;
  /**
   * The normalised listing, compressed (listing-codec.ts: `encodeListing`, `decodeListing`); a row
   * written before is its JSON text (a string on SQLite).
   */
  declare listing: Buffer | string;
  declare postedAt: Date | null;
  declare firstSeenAt: Date;
  /** Only alerts confirmed by then receive it (the feed's previous read). */
  declare alertsBefore: Date;
  /** Null until a worker has matched it. */
  declare matchedAt: CreationOptional<Date | null>;
}

/** Where a site places a postcode (0056; places.ts): located, or when to try again. */
export class PostcodePlace extends Model<
  InferAttributes<PostcodePlace>,
  InferCreationAttributes<PostcodePlace>
> {
  /** `<platform>:<postcode without spaces>` (places.ts placeKey). */
  declare key: string;
  declare platform: PlatformId;
  declare postcode: string;
  declare latitude: number | null;
  declare longitude: number | null;
  declare toleranceMeters: number | null;
  declare samples: number;
  declare attempts: number;
  declare locatedAt: Date | null;
  declare nextAttemptAt: Date | null;
  declare updatedAt: CreationOptional<Date>;
}

export interface FeedModels {
  FeedCategory: typeof FeedCategory;
  FeedSeenListing: typeof FeedSeenListing;
  FeedListing: typeof FeedListing;
  PostcodePlace: typeof PostcodePlace;
}

const bound = new WeakMap<Sequelize, FeedModels>();

export function feedModels(sequelize: Sequelize): FeedModels {
  const known = bound.get(sequelize);
  if (known) return known;
  // A class binds to one Sequelize instance: each instance gets subclasses of its own.
  class Category extends FeedCategory {}
  class Seen extends FeedSeenListing {}
  class Stored extends FeedListing {}
  class Place extends PostcodePlace {}
  // A fresh object per column: Sequelize writes the column name into it.
  const date = () => ({ type: DataTypes.DATE(3), allowNull: true });
  Category.init(
    {
      key: { type: DataTypes.STRING(64), primaryKey: true, allowNull: false },
      platform: { type: DataTypes.STRING(16), allowNull: false },
      l1CategoryId: { type: DataTypes.INTEGER, allowNull: false },
      readAt: date(),
      lastVisitedAt: date(),
      nextVisitAt: date(),
      adsPerMinute: { type: DataTypes.DOUBLE, allowNull: false, defaultValue: 0 },
      consecutiveFailures: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      cooldownUntil: date(),
      lastError: { type: DataTypes.TEXT, allowNull: true },
      createdAt: { type: DataTypes.DATE(3), allowNull: false },
      updatedAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    { sequelize, tableName: 'feed_categories', modelName: 'FeedCategory' },
  );
  Seen.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
      feedKey: { type: DataTypes.STRING(64), allowNull: false },
      listingId: { type: DataTypes.STRING(64), allowNull: false },
      firstSeenAt: { type: DataTypes.DATE(3), allowNull: false },
      lastSeenAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    { sequelize, tableName: 'feed_seen_listings', modelName: 'FeedSeenListing', timestamps: false },
  );
  Stored.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
      platform: { type: DataTypes.STRING(16), allowNull: false },
      listingId: { type: DataTypes.STRING(64), allowNull: false },
      batchId: { type: DataTypes.STRING(36), allowNull: false },
      l1CategoryId: { type: DataTypes.INTEGER, allowNull: true },
      priceCents: { type: DataTypes.INTEGER, allowNull: true },
      listing: { type: DataTypes.BLOB('long'), allowNull: false },
      postedAt: date(),
      firstSeenAt: { type: DataTypes.DATE(3), allowNull: false },
      alertsBefore: { type: DataTypes.DATE(3), allowNull: false },
      matchedAt: date(),
    },
    { sequelize, tableName: 'listings', modelName: 'FeedListing', timestamps: false },
  );
  Place.init(
    {
      key: { type: DataTypes.STRING(32), primaryKey: true, allowNull: false },
      platform: { type: DataTypes.STRING(16), allowNull: false },
      postcode: { type: DataTypes.STRING(16), allowNull: false },
      latitude: { type: DataTypes.DOUBLE, allowNull: true },
      longitude: { type: DataTypes.DOUBLE, allowNull: true },
      toleranceMeters: { type: DataTypes.INTEGER, allowNull: true },
      samples: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      locatedAt: date(),
      nextAttemptAt: date(),
      updatedAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    {
      sequelize,
      tableName: 'postcode_places',
      modelName: 'PostcodePlace',
      createdAt: false,
      updatedAt: 'updatedAt',
    },
  );
  const models = {
    FeedCategory: Category,
    FeedSeenListing: Seen,
    FeedListing: Stored,
    PostcodePlace: Place,
  } as FeedModels;
  bound.set(sequelize, models);
  return models;
}

/** Keeps the `limit` most recently seen listings of a feed category. */
export async function pruneFeedSeen(
  models: FeedModels,
  feedKey: string,
  limit: number,
  transaction?: Transaction,
): Promise<void> {
  await keepNewestSeen(models.FeedSeenListing, { feedKey }, limit, transaction);
}

/** How long stored listings are kept (the database stays bounded). */
export const LISTING_RETENTION_MS = 7 * 24 * 60 * 60_000;

/** Deletes stored listings first seen before `before`. */
export async function pruneListings(models: FeedModels, before: Date): Promise<number> {
  return models.FeedListing.destroy({ where: { firstSeenAt: { [Op.lt]: before } } });
}
