import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import {
  PAYMENT_PRODUCTS,
  PAYMENT_STATUSES,
  type PaymentProduct,
  type PaymentStatus,
} from '@prijsalarm/core';
import { dateTime, foreignUuid, oneOf, timestamps, uuidPrimaryKey } from './columns';
import type { User } from './User';

export const SEQUENCE_TYPES = ['oneoff', 'first', 'recurring'] as const;
export type SequenceType = (typeof SEQUENCE_TYPES)[number];

/**
 * One payment. Our row is written before Mollie is called; `molliePaymentId` links it
 * to Mollie's payment. Renewals are charged by Mollie's subscription and get a row when their
 * webhook arrives. The status is Mollie's, changed only by the webhook handler.
 */
export class Payment extends Model<InferAttributes<Payment>, InferCreationAttributes<Payment>> {
  declare id: CreationOptional<string>;
  declare userId: string | null;
  declare product: PaymentProduct;
  declare quantity: CreationOptional<number>;
  declare amountCents: number;
  declare currency: string;
  declare description: string;
  declare status: CreationOptional<PaymentStatus>;
  declare sequenceType: SequenceType;
  declare molliePaymentId: CreationOptional<string | null>;
  declare mollieSubscriptionId: CreationOptional<string | null>;
  declare checkoutUrl: CreationOptional<string | null>;
  declare paidAt: CreationOptional<Date | null>;
  declare chargedBackAt: CreationOptional<Date | null>;
  /** Sequential, no gaps: given when the payment is paid (payment_counters 'receipt'). */
  declare receiptNumber: CreationOptional<number | null>;
  declare receiptIssuedAt: CreationOptional<Date | null>;
  /** Pro: the month this payment paid for, set when it is paid. */
  declare periodStart: CreationOptional<Date | null>;
  declare periodEnd: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare user?: NonAttribute<User | null>;

  static initModel(sequelize: Sequelize): typeof Payment {
    return Payment.init(
      {
        id: uuidPrimaryKey,
        userId: foreignUuid(true),
        product: oneOf(PAYMENT_PRODUCTS),
        quantity: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
        amountCents: { type: DataTypes.INTEGER, allowNull: false },
        currency: { type: DataTypes.STRING(3), allowNull: false },
        description: { type: DataTypes.STRING(255), allowNull: false },
        status: oneOf(PAYMENT_STATUSES, { defaultValue: 'open' }),
        sequenceType: oneOf(SEQUENCE_TYPES),
        molliePaymentId: { type: DataTypes.STRING(64), allowNull: true },
        mollieSubscriptionId: { type: DataTypes.STRING(64), allowNull: true },
        checkoutUrl: { type: DataTypes.STRING(1024), allowNull: true },
        paidAt: dateTime(),
        chargedBackAt: dateTime(),
        receiptNumber: { type: DataTypes.INTEGER, allowNull: true },
        receiptIssuedAt: dateTime(),
        periodStart: dateTime(),
        periodEnd: dateTime(),
        ...timestamps,
      },
      { sequelize, tableName: 'payments', modelName: 'Payment' },
    );
  }
}
