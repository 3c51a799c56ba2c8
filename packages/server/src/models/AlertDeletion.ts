import {
  DataTypes,
  Model,
  Op,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { dateTime } from './columns';

/**
 * A deleted alert, kept a day (db/migrations/0052-create-alert-deletions.ts): the engine's
 * incremental readers (scheduler, alert index) learn deletions from these rows as they learn
 * edits from `alerts.updatedAt`. Written only by commands/alert-deletion.ts `deleteAlerts`.
 */
export class AlertDeletion extends Model<
  InferAttributes<AlertDeletion>,
  InferCreationAttributes<AlertDeletion>
> {
  declare id: CreationOptional<number>;
  declare alertId: string;
  declare deletedAt: Date;

  /** Ids of the alerts deleted at or after `since` (index alert_deletions_deleted_at). */
  static async deletedSince(since: Date): Promise<string[]> {
    const rows = await AlertDeletion.findAll({
      attributes: ['alertId'],
      where: { deletedAt: { [Op.gte]: since } },
    });
    return rows.map((row) => row.alertId);
  }

  /** Forgets the deletions before `before`: every reader has long since read them. */
  static async pruneBefore(before: Date): Promise<number> {
    return AlertDeletion.destroy({ where: { deletedAt: { [Op.lt]: before } } });
  }

  static initModel(sequelize: Sequelize): typeof AlertDeletion {
    return AlertDeletion.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
        alertId: { type: DataTypes.UUID, allowNull: false },
        deletedAt: dateTime(false),
      },
      { sequelize, tableName: 'alert_deletions', modelName: 'AlertDeletion', timestamps: false },
    );
  }
}
