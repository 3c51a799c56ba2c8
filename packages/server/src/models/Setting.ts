import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { dateTime, json } from './columns';

/** One admin-changeable setting per key (the keys and defaults are core's DEFAULT_SETTINGS). */
export class Setting extends Model<InferAttributes<Setting>, InferCreationAttributes<Setting>> {
  declare key: string;
  declare value: unknown;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): typeof Setting {
    return Setting.init(
      {
        key: { type: DataTypes.STRING(100), primaryKey: true, allowNull: false },
        value: json(),
        updatedAt: dateTime(false),
      },
      { sequelize, tableName: 'settings', modelName: 'Setting', createdAt: false },
    );
  }
}
