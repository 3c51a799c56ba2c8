import { createHash } from 'node:crypto';
import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { dateTime, foreignUuid, timestamps, uuidPrimaryKey } from './columns';

/**
 * A browser a user turned push notifications on in (db/migrations/0086-create-push-subscriptions.ts):
 * where its push service takes messages for it, and the keys they are encrypted for.
 */
export class PushSubscription extends Model<
  InferAttributes<PushSubscription>,
  InferCreationAttributes<PushSubscription>
> {
  declare id: CreationOptional<string>;
  declare userId: string;
  declare endpoint: string;
  /** SHA-256 of the endpoint (hex): one row per browser subscription. */
  declare endpointHash: string;
  declare p256dh: string;
  declare auth: string;
  declare label: string;
  declare lastDeliveredAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  /** The unique key of an endpoint. */
  static hashOf(endpoint: string): string {
    return createHash('sha256').update(endpoint).digest('hex');
  }

  /** What web-push's sendNotification takes. */
  toWebPush(): { endpoint: string; keys: { p256dh: string; auth: string } } {
    return { endpoint: this.endpoint, keys: { p256dh: this.p256dh, auth: this.auth } };
  }

  static initModel(sequelize: Sequelize): typeof PushSubscription {
    return PushSubscription.init(
      {
        id: uuidPrimaryKey,
        userId: foreignUuid(false),
        endpoint: { type: DataTypes.STRING(2048), allowNull: false },
        endpointHash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
        p256dh: { type: DataTypes.STRING(128), allowNull: false },
        auth: { type: DataTypes.STRING(64), allowNull: false },
        label: { type: DataTypes.STRING(100), allowNull: false },
        lastDeliveredAt: dateTime(),
        ...timestamps,
      },
      { sequelize, tableName: 'push_subscriptions', modelName: 'PushSubscription' },
    );
  }
}
