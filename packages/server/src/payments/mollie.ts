/**
 * The thin gateway to Mollie: the official @mollie/api-client, unchanged, pointed at
 * MOLLIE_API_ENDPOINT (Mollie itself, or the local double in tests and the demo). Commands talk to
 * this interface only, so what we send and read from Mollie stays in one place.
 *
 * Every call that creates something carries an idempotency key derived from our own rows, so a
 * retried call (ours, or the client's own retry after a 5xx) within Mollie's hour never charges
 * twice.
 */
import { createMollieClient, type MollieClient } from '@mollie/api-client';
import type { Config } from '../config/env';

export interface MollieAmount {
  currency: string;
  value: string;
}

/** What we read of a Mollie payment. */
export interface MolliePaymentView {
  id: string;
  status: string;
  amount: MollieAmount;
  amountChargedBack: MollieAmount | null;
  metadata: Record<string, unknown> | null;
  customerId: string | null;
  subscriptionId: string | null;
  sequenceType: string;
  checkoutUrl: string | null;
}

export interface CreateMolliePayment {
  amount: MollieAmount;
  description: string;
  redirectUrl: string;
  webhookUrl: string;
  customerId: string;
  sequenceType: 'oneoff' | 'first';
  metadata: Record<string, string | number>;
  idempotencyKey: string;
}

export interface CreateMollieSubscription {
  customerId: string;
  amount: MollieAmount;
  interval: string;
  /** YYYY-MM-DD */
  startDate: string;
  description: string;
  webhookUrl: string;
  metadata: Record<string, string | number>;
  idempotencyKey: string;
}

export interface PaymentGateway {
  createCustomer(input: {
    name: string;
    email: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  createPayment(input: CreateMolliePayment): Promise<MolliePaymentView>;
  getPayment(id: string): Promise<MolliePaymentView | null>;
  createSubscription(input: CreateMollieSubscription): Promise<{ id: string }>;
  cancelSubscription(customerId: string, subscriptionId: string): Promise<void>;
}

/** Mollie's ids: a prefix and letters/digits (tr_…, cst_…, sub_…). */
export function isMollieId(value: string, prefix: 'tr' | 'cst' | 'sub'): boolean {
  return new RegExp(`^${prefix}_[A-Za-z0-9]{4,60}$`).test(value);
}

function view(payment: {
  id: string;
  status: string;
  amount: MollieAmount;
  amountChargedBack?: MollieAmount;
  metadata?: unknown;
  customerId?: string;
  subscriptionId?: string;
  sequenceType: string;
  _links?: { checkout?: { href: string } };
}): MolliePaymentView {
  const metadata = payment.metadata;
  return {
    id: payment.id,
    status: payment.status,
    amount: payment.amount,
    amountChargedBack: payment.amountChargedBack ?? null,
    metadata:
      metadata && typeof metadata === 'object' && !Array.isArray(metadata)
        ? (metadata as Record<string, unknown>)
        : null,
    customerId: payment.customerId ?? null,
    subscriptionId: payment.subscriptionId ?? null,
    sequenceType: payment.sequenceType,
    checkoutUrl: payment._links?.checkout?.href ?? null,
  };
}

export function createMollieGateway(client: MollieClient): PaymentGateway {
  return {
    async createCustomer({ name, email, metadata, idempotencyKey }) {
      const customer = await client.customers.create({ name, email, metadata, idempotencyKey });
      return { id: customer.id };
    },
    async createPayment(input) {
      const payment = await client.payments.create({
        amount: input.amount,
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        customerId: input.customerId,
        sequenceType: input.sequenceType as never,
        method: 'ideal' as never,
        metadata: input.metadata,
        idempotencyKey: input.idempotencyKey,
      });
      return view(payment as never);
    },
    async getPayment(id) {
      try {
        return view((await client.payments.get(id)) as never);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },
    async createSubscription(input) {
      const subscription = await client.customerSubscriptions.create({
        customerId: input.customerId,
        amount: input.amount,
        interval: input.interval,
        startDate: input.startDate,
        description: input.description,
        webhookUrl: input.webhookUrl,
        metadata: input.metadata,
        idempotencyKey: input.idempotencyKey,
      });
      return { id: subscription.id };
    },
    async cancelSubscription(customerId, subscriptionId) {
      try {
        await client.customerSubscriptions.cancel(subscriptionId, { customerId });
      } catch (error) {
        // Already canceled or gone at Mollie: the outcome we want.
        const status = (error as { statusCode?: number }).statusCode;
        if (status !== 404 && status !== 422) throw error;
      }
    },
  };
}

const gateways = new WeakMap<Config, PaymentGateway | null>();

/** The process's gateway for this configuration; null without MOLLIE_API_KEY (payments off). */
export function paymentGatewayFor(config: Config): PaymentGateway | null {
  if (!gateways.has(config)) {
    gateways.set(
      config,
      config.mollieApiKey
        ? createMollieGateway(
            createMollieClient({
              apiKey: config.mollieApiKey,
              apiEndpoint: config.mollieApiEndpoint,
            }),
          )
        : null,
    );
  }
  return gateways.get(config) ?? null;
}
