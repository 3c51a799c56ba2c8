import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { dateTime } from './columns';

/** A listing a search has already reported (its seen-set, bounded per search). */
export class SearchSeenListing extends Model<
  InferAttributes<SearchSeenListing>,
  InferCreationAttributes<SearchSeenListing>
> {
  declare id: CreationOptional<number>;
  declare searchKey: string;
  declare listingId: string;
  /** The price when last seen (null: no amount). */
  declare priceCents: number | null;
  declare firstSeenAt: Date;
  declare lastSeenAt: Date;

  static initModel(sequelize: Sequelize): typeof SearchSeenListing {
    return SearchSeenListing.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
        searchKey: { type: DataTypes.STRING(64), allowNull: false },
        listingId: { type: DataTypes.STRING(64), allowNull: false },
        priceCents: { type: DataTypes.INTEGER, allowNull: true },
        firstSeenAt: dateTime(false),
        lastSeenAt: dateTime(false),
      },
      {
        sequelize,
        tableName: 'search_seen_listings',
        modelName: 'SearchSeenListing',
        timestamps: false,
      },
    );
  }
}
