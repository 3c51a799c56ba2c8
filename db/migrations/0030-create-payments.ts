/**
 * Payments through Mollie: our payment rows (written before Mollie is called, so a
 * retried call reuses the row's idempotency key), each user's billing account (Mollie customer,
 * subscription, paid-until, paid extra alerts) and the counter that numbers receipts without gaps.
 */
import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime, id, json, references, string } from '../lib/columns';

const integer = (defaultValue?: number) => ({
  type: DataTypes.INTEGER,
  allowNull: defaultValue === undefined,
  ...(defaultValue === undefined ? {} : { defaultValue }),
});

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('payments', {
    id: id(),
    // Kept (user set to NULL) when an account is deleted: payments are bookkeeping records.
    userId: references('users', true, 'SET NULL'),
    product: string(16, false),
    quantity: integer(1),
    amountCents: { type: DataTypes.INTEGER, allowNull: false },
    currency: string(3, false),
    description: string(255, false),
    status: string(16, false),
    sequenceType: string(16, false),
    molliePaymentId: string(64),
    mollieSubscriptionId: string(64),
    checkoutUrl: string(1024),
    paidAt: dateTime(),
    chargedBackAt: dateTime(),
    receiptNumber: integer(),
    receiptIssuedAt: dateTime(),
    createdAt: dateTime(false),
    updatedAt: dateTime(false),
  });
  await queryInterface.addIndex('payments', ['molliePaymentId'], {
    unique: true,
    name: 'payments_mollie_payment_id_unique',
  });
  await queryInterface.addIndex('payments', ['receiptNumber'], {
    unique: true,
    name: 'payments_receipt_number_unique',
  });
  await queryInterface.addIndex('payments', ['userId', 'createdAt'], {
    name: 'payments_user_created',
  });
  await queryInterface.addIndex('payments', ['status', 'paidAt'], { name: 'payments_status_paid' });

  await queryInterface.createTable('billing_accounts', {
    userId: { ...references('users', false), primaryKey: true },
    mollieCustomerId: string(64),
    mollieSubscriptionId: string(64),
    subscriptionStatus: string(16),
    subscriptionAmountCents: integer(),
    paidUntil: dateTime(),
    graceUntil: dateTime(),
    canceledAt: dateTime(),
    extraAlerts: integer(0),
    pausedAlertIds: json(true),
    createdAt: dateTime(false),
    updatedAt: dateTime(false),
  });
  await queryInterface.addIndex('billing_accounts', ['mollieSubscriptionId'], {
    name: 'billing_accounts_mollie_subscription',
  });

  await queryInterface.createTable('payment_counters', {
    name: { type: DataTypes.STRING(32), primaryKey: true, allowNull: false },
    value: integer(0),
  });
  await queryInterface.bulkInsert('payment_counters', [{ name: 'receipt', value: 0 }]);
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('payment_counters');
  await queryInterface.dropTable('billing_accounts');
  await queryInterface.dropTable('payments');
};
