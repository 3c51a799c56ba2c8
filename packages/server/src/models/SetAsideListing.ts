import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { SET_ASIDE_STAGES, type PlatformId, type SetAsideStage } from '@prijsalarm/core';
import { dateTime, oneOf, uuidPrimaryKey } from './columns';

/** A listing the engine could not store or record even on its own (migration 0085). */
export class SetAsideListing extends Model<
  InferAttributes<SetAsideListing>,
  InferCreationAttributes<SetAsideListing>
> {
  declare id: CreationOptional<string>;
  declare platform: PlatformId;
  declare listingId: string;
  declare stage: SetAsideStage;
  declare reason: string;
  declare snippet: string;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): typeof SetAsideListing {
    return SetAsideListing.init(
      {
        id: uuidPrimaryKey,
        platform: { type: DataTypes.STRING(16), allowNull: false },
        listingId: { type: DataTypes.STRING(64), allowNull: false },
        stage: oneOf(SET_ASIDE_STAGES),
        reason: { type: DataTypes.TEXT, allowNull: false },
        snippet: { type: DataTypes.STRING(500), allowNull: false },
        createdAt: dateTime(false),
      },
      {
        sequelize,
        tableName: 'set_aside_listings',
        modelName: 'SetAsideListing',
        updatedAt: false,
      },
    );
  }
}
