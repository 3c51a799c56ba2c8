import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { PLATFORM_IDS, type PlatformId } from '@prijsalarm/core';
import type { MarketplaceSearch } from '../lib/marketplace-search';
import { dateTime, json, oneOf, timestamps } from './columns';

/**
 * One server-side search shared by every alert that asks the same of the marketplace (engine
 * README). `key` is the marketplace client's canonicalSearchKey of `search`.
 */
export class Search extends Model<InferAttributes<Search>, InferCreationAttributes<Search>> {
  declare key: string;
  declare platform: PlatformId;
  declare search: MarketplaceSearch;
  /** The fastest check interval among its alerts. */
  declare intervalSeconds: number;
  declare nextCheckAt: CreationOptional<Date | null>;
  declare lastCheckedAt: CreationOptional<Date | null>;
  /** When the first look was made (it notifies nobody); null = not yet. */
  declare initializedAt: CreationOptional<Date | null>;
  /**
   * The marketplace's clock at the last real, complete answer: the next check reads every day
   * that answer could not have seen whole. Null = no real answer yet (no baseline).
   */
  declare readAt: CreationOptional<Date | null>;
  declare consecutiveFailures: CreationOptional<number>;
  /** The marketplace host blocked us: no check before this. */
  declare cooldownUntil: CreationOptional<Date | null>;
  declare lastError: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): typeof Search {
    return Search.init(
      {
        key: { type: DataTypes.STRING(64), primaryKey: true, allowNull: false },
        platform: oneOf(PLATFORM_IDS),
        search: json(),
        intervalSeconds: { type: DataTypes.INTEGER, allowNull: false },
        nextCheckAt: dateTime(),
        lastCheckedAt: dateTime(),
        initializedAt: dateTime(),
        readAt: dateTime(),
        consecutiveFailures: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        cooldownUntil: dateTime(),
        lastError: { type: DataTypes.TEXT, allowNull: true },
        ...timestamps,
      },
      { sequelize, tableName: 'searches', modelName: 'Search' },
    );
  }
}
