import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { bool, foreignUuid, oneOf, timestamps, uuidPrimaryKey } from './columns';

export const WEBHOOK_CALL_KINDS = ['notification', 'test'] as const;
export type WebhookCallKind = (typeof WEBHOOK_CALL_KINDS)[number];

/** One call made to a webhook: what it answered, when, and a clipped excerpt (never the whole body). */
export class WebhookCall extends Model<
  InferAttributes<WebhookCall>,
  InferCreationAttributes<WebhookCall>
> {
  declare id: CreationOptional<string>;
  declare webhookId: string;
  declare notificationId: CreationOptional<string | null>;
  declare kind: WebhookCallKind;
  declare ok: boolean;
  declare statusCode: CreationOptional<number | null>;
  declare error: CreationOptional<string | null>;
  declare excerpt: CreationOptional<string | null>;
  declare durationMs: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): typeof WebhookCall {
    return WebhookCall.init(
      {
        id: uuidPrimaryKey,
        webhookId: foreignUuid(false),
        notificationId: foreignUuid(true),
        kind: oneOf(WEBHOOK_CALL_KINDS),
        ok: bool(false),
        statusCode: { type: DataTypes.INTEGER, allowNull: true },
        error: { type: DataTypes.TEXT, allowNull: true },
        excerpt: { type: DataTypes.STRING(300), allowNull: true },
        durationMs: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        ...timestamps,
      },
      { sequelize, tableName: 'webhook_calls', modelName: 'WebhookCall' },
    );
  }
}
