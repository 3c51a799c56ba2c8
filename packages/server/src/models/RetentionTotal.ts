import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { dateTime } from './columns';

/**
 * How many rows of one kind the retention pruner deleted since it first ran (migration 0090);
 * kept in the database so that every process's admin figures read the same.
 */
export class RetentionTotal extends Model<
  InferAttributes<RetentionTotal>,
  InferCreationAttributes<RetentionTotal>
> {
  declare kind: string;
  declare pruned: CreationOptional<number>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): typeof RetentionTotal {
    return RetentionTotal.init(
      {
        kind: { type: DataTypes.STRING(32), primaryKey: true, allowNull: false },
        // BIGINT comes back as a string from MariaDB; the figure is a number.
        pruned: {
          type: DataTypes.BIGINT,
          allowNull: false,
          defaultValue: 0,
          get(this: RetentionTotal) {
            return Number(this.getDataValue('pruned'));
          },
        },
        updatedAt: dateTime(false),
      },
      { sequelize, tableName: 'retention_totals', modelName: 'RetentionTotal', createdAt: false },
    );
  }
}
