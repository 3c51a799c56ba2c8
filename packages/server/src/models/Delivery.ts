import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import { DELIVERY_CHANNELS, type DeliveryChannel } from '@prijsalarm/core';
import { dateTime, foreignUuid, oneOf, timestamps } from './columns';
import type { Notification } from './Notification';

// Core's channel table is the one list of channels; a channel's id is the column's value.
export { DELIVERY_CHANNELS, type DeliveryChannel };
export const DELIVERY_STATUSES = ['pending', 'sent', 'retrying', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * A delivery's key: an integer the database assigns (a rowid on SQLite). Never shown; jobs and
 * followers hold it.
 */
export type DeliveryId = number;

/** The ledger of one notification on one channel; unique per (notificationId, channel). */
export class Delivery extends Model<InferAttributes<Delivery>, InferCreationAttributes<Delivery>> {
  declare id: CreationOptional<DeliveryId>;
  declare notificationId: string;
  declare channel: DeliveryChannel;
  declare status: CreationOptional<DeliveryStatus>;
  declare attempts: CreationOptional<number>;
  declare lastError: CreationOptional<string | null>;
  declare nextAttemptAt: CreationOptional<Date | null>;
  declare sentAt: CreationOptional<Date | null>;
  /** The check run that recorded it; siblings of one check share it (engine/README.md). */
  declare checkId: CreationOptional<string | null>;
  /** Who receives it: 'user:<userId>' or 'guest:<email>' (engine/recipient.ts). */
  declare recipient: CreationOptional<string | null>;
  /** The sending run's claim (delivery/ledger.ts); with nextAttemptAt as its lease. */
  declare claimToken: CreationOptional<string | null>;
  /**
   * Set on the one delivery that carries an ad to a recipient on a channel (e-mail, Telegram),
   * unique: sha-256 of recipient, channel, platform and listing id (engine/recorder.ts).
   */
  declare messageKey: CreationOptional<string | null>;
  /** Another alert's delivery of the same ad, recipient and channel: it goes out in the lead's message. */
  declare leadId: CreationOptional<DeliveryId | null>;
  /**
   * Held back by its alert's schedule (digest or quiet hours) until then; goes out in one digest
   * with the recipient's other held rows on the channel (delivery/digest.ts).
   */
  declare heldUntil: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare notification?: NonAttribute<Notification>;

  static initModel(sequelize: Sequelize): typeof Delivery {
    return Delivery.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
        notificationId: foreignUuid(false),
        channel: oneOf(DELIVERY_CHANNELS),
        status: oneOf(DELIVERY_STATUSES, { defaultValue: 'pending' }),
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        lastError: { type: DataTypes.TEXT, allowNull: true },
        nextAttemptAt: dateTime(),
        sentAt: dateTime(),
        checkId: { type: DataTypes.STRING(36), allowNull: true },
        recipient: { type: DataTypes.STRING(320), allowNull: true },
        claimToken: { type: DataTypes.STRING(36), allowNull: true },
        messageKey: { type: DataTypes.STRING(64), allowNull: true },
        leadId: { type: DataTypes.INTEGER, allowNull: true },
        heldUntil: dateTime(),
        ...timestamps,
      },
      { sequelize, tableName: 'deliveries', modelName: 'Delivery' },
    );
  }
}
