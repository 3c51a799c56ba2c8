/**
 * The feed's own tables (migration 0050): `feed_categories` (one row per platform × L1 category)
 * and `feed_seen_listings` (its bounded seen-set). Models of the engine's feed only, bound to the
 * app's Sequelize instance on first use.
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

export interface FeedModels {
  FeedCategory: typeof FeedCategory;
  FeedSeenListing: typeof FeedSeenListing;
}

const bound = new WeakMap<Sequelize, FeedModels>();

export function feedModels(sequelize: Sequelize): FeedModels {
  const known = bound.get(sequelize);
  if (known) return known;
  // A class binds to one Sequelize instance: each instance gets subclasses of its own.
  class Category extends FeedCategory {}
  class Seen extends FeedSeenListing {}
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
  const models = { FeedCategory: Category, FeedSeenListing: Seen } as FeedModels;
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
  const cut = await models.FeedSeenListing.findOne({
    attributes: ['id', 'lastSeenAt'],
    where: { feedKey },
    order: [
      ['lastSeenAt', 'DESC'],
      ['id', 'DESC'],
    ],
    offset: limit,
    transaction,
  });
  if (!cut) return;
  await models.FeedSeenListing.destroy({
    where: {
      feedKey,
      [Op.or]: [
        { lastSeenAt: { [Op.lt]: cut.lastSeenAt } },
        { lastSeenAt: cut.lastSeenAt, id: { [Op.lte]: cut.id } },
      ],
    },
    transaction,
  });
}
