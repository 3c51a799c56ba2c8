import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import { PLATFORM_IDS, type PlatformId } from '@prijsalarm/core';
import { foreignUuid, oneOf, timestamps, uuidPrimaryKey } from './columns';
import type { Alert } from './Alert';
import type { Search } from './Search';

/** Which search checks an alert on one platform; unique per (alertId, platform). */
export class AlertSearch extends Model<
  InferAttributes<AlertSearch>,
  InferCreationAttributes<AlertSearch>
> {
  declare id: CreationOptional<string>;
  declare alertId: string;
  declare platform: PlatformId;
  declare searchKey: string;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare alert?: NonAttribute<Alert>;
  declare searchRow?: NonAttribute<Search>;

  static initModel(sequelize: Sequelize): typeof AlertSearch {
    return AlertSearch.init(
      {
        id: uuidPrimaryKey,
        alertId: foreignUuid(false),
        platform: oneOf(PLATFORM_IDS),
        searchKey: { type: DataTypes.STRING(64), allowNull: false },
        ...timestamps,
      },
      { sequelize, tableName: 'alert_searches', modelName: 'AlertSearch' },
    );
  }
}
