import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { bool, dateTime, foreignUuid, json, timestamps, uuidPrimaryKey } from './columns';

/** A user's webhook URL (db/migrations/0080-create-webhooks.ts). */
export class Webhook extends Model<InferAttributes<Webhook>, InferCreationAttributes<Webhook>> {
  declare id: CreationOptional<string>;
  declare userId: string;
  declare url: string;
  /** The signing key: answered once at creation, never again (presenters/webhook.ts). */
  declare secret: string;
  /** The alerts it receives; null = every alert of the user. */
  declare alertIds: CreationOptional<string[] | null>;
  declare enabled: CreationOptional<boolean>;
  declare disabledAt: CreationOptional<Date | null>;
  declare disabledReason: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  /** Whether a notification of `alertId` goes to this webhook (enabled, and for all or this alert). */
  covers(alertId: string): boolean {
    if (!this.enabled) return false;
    return !Array.isArray(this.alertIds) || this.alertIds.includes(alertId);
  }

  static initModel(sequelize: Sequelize): typeof Webhook {
    return Webhook.init(
      {
        id: uuidPrimaryKey,
        userId: foreignUuid(false),
        url: { type: DataTypes.STRING(2048), allowNull: false },
        secret: { type: DataTypes.STRING(128), allowNull: false },
        alertIds: { ...json(), allowNull: true, defaultValue: null },
        enabled: bool(true),
        disabledAt: dateTime(),
        disabledReason: { type: DataTypes.TEXT, allowNull: true },
        ...timestamps,
      },
      { sequelize, tableName: 'webhooks', modelName: 'Webhook' },
    );
  }
}
