import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { PLATFORM_IDS, type PlatformId } from '@prijsalarm/core';
import { dateTime, oneOf } from './columns';

/** A price observation of a listing (price history): written when first seen and on change. */
export class ListingPrice extends Model<
  InferAttributes<ListingPrice>,
  InferCreationAttributes<ListingPrice>
> {
  declare id: CreationOptional<number>;
  declare platform: PlatformId;
  declare listingId: string;
  /** null: the ad shows no amount (bidding, "zie omschrijving"). */
  declare priceCents: number | null;
  declare observedAt: Date;

  static initModel(sequelize: Sequelize): typeof ListingPrice {
    return ListingPrice.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
        platform: oneOf(PLATFORM_IDS),
        listingId: { type: DataTypes.STRING(64), allowNull: false },
        priceCents: { type: DataTypes.INTEGER, allowNull: true },
        observedAt: dateTime(false),
      },
      { sequelize, tableName: 'listing_prices', modelName: 'ListingPrice', timestamps: false },
    );
  }
}
