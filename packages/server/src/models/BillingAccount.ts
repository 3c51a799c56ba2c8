import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { dateTime, json, oneOf, timestamps } from './columns';

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * A user's standing with Mollie: the customer, the Pro subscription and how long it is
 * paid for, and the extra alerts bought. One row per user, made at the first payment.
 */
export class BillingAccount extends Model<
  InferAttributes<BillingAccount>,
  InferCreationAttributes<BillingAccount>
> {
  declare userId: string;
  declare mollieCustomerId: CreationOptional<string | null>;
  declare mollieSubscriptionId: CreationOptional<string | null>;
  declare subscriptionStatus: CreationOptional<SubscriptionStatus | null>;
  /** What each renewal must charge (the price when the subscription was made). */
  declare subscriptionAmountCents: CreationOptional<number | null>;
  /** Pro is paid up to here. */
  declare paidUntil: CreationOptional<Date | null>;
  /** After a failed or charged-back renewal: Pro lasts until here unless a payment comes. */
  declare graceUntil: CreationOptional<Date | null>;
  /** Canceled by the user: Pro ends at paidUntil. */
  declare canceledAt: CreationOptional<Date | null>;
  /** Paid extra alerts; they raise the alert limit permanently. */
  declare extraAlerts: CreationOptional<number>;
  /** Alerts this service paused when the plan fell back, resumed when capacity returns. */
  declare pausedAlertIds: CreationOptional<string[] | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): typeof BillingAccount {
    return BillingAccount.init(
      {
        userId: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
        mollieCustomerId: { type: DataTypes.STRING(64), allowNull: true },
        mollieSubscriptionId: { type: DataTypes.STRING(64), allowNull: true },
        subscriptionStatus: oneOf(SUBSCRIPTION_STATUSES, { allowNull: true }),
        subscriptionAmountCents: { type: DataTypes.INTEGER, allowNull: true },
        paidUntil: dateTime(),
        graceUntil: dateTime(),
        canceledAt: dateTime(),
        extraAlerts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        pausedAlertIds: json(),
        ...timestamps,
      },
      { sequelize, tableName: 'billing_accounts', modelName: 'BillingAccount' },
    );
  }
}
