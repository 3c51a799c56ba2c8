/**
 * A local stand-in for Mollie's v2 API that @mollie/api-client talks
 * to unchanged through `apiEndpoint`. The API is HTTPS with a self-signed certificate made at start
 * (the client accepts only https); the client process must trust it, which only a test process may
 * do by turning TLS verification off (NODE_TLS_REJECT_UNAUTHORIZED=0, refused by the server in
 * production).
 *
 * What it speaks: customers, payments (oneoff, first, recurring), mandates (an iDEAL first payment
 * that is paid leaves a valid SEPA Direct Debit mandate), subscriptions (create, get, list,
 * cancel), the `Idempotency-Key` rule (same key + same request within the hour → the cached answer
 * with `Idempotent-Replayed: true`; same key, other request → 400), Mollie's error bodies
 * (`{ status, title, detail }`, application/hal+json), and the webhook: `POST webhookUrl` with the
 * form body `id=tr_…`, retried after anything but 200 (Mollie: 10 calls in all, here with short
 * delays).
 *
 * The hosted checkout is a second, plain-HTTP listener (Mollie's checkout is another host too), so
 * a browser opens it without a certificate warning: a tester picks paid, failed, canceled or expired
 * and is sent back to the payment's redirectUrl. Control endpoints (`/__control/…` on the API
 * listener, no key) and the returned object charge the next period of a subscription at once (paid
 * or failed), settle or charge back a payment, and list what happened.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedLocalhost } from '../self-signed';

export type DoublePaymentStatus =
  'open' | 'pending' | 'authorized' | 'paid' | 'canceled' | 'expired' | 'failed';
/** What the checkout page and the control endpoints can settle a payment as. */
export const CHECKOUT_OUTCOMES = ['paid', 'failed', 'canceled', 'expired'] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];

export interface Amount {
  currency: string;
  value: string;
}

export interface DoublePayment {
  resource: 'payment';
  id: string;
  mode: 'test';
  createdAt: string;
  status: DoublePaymentStatus;
  amount: Amount;
  amountChargedBack?: Amount;
  description: string;
  method: string | null;
  metadata: unknown;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  redirectUrl: string | null;
  webhookUrl: string | null;
  customerId?: string;
  mandateId?: string;
  subscriptionId?: string;
  paidAt?: string;
  canceledAt?: string;
  expiredAt?: string;
  failedAt?: string;
  profileId: string;
  _links: Record<string, { href: string; type: string }>;
}

export interface DoubleCustomer {
  resource: 'customer';
  id: string;
  mode: 'test';
  name: string | null;
  email: string | null;
  locale: string | null;
  metadata: unknown;
  createdAt: string;
  _links: Record<string, { href: string; type: string }>;
}

export interface DoubleMandate {
  resource: 'mandate';
  id: string;
  mode: 'test';
  status: 'valid' | 'pending' | 'invalid';
  method: 'directdebit';
  details: { consumerName: string; consumerAccount: string; consumerBic: string };
  mandateReference: string | null;
  signatureDate: string;
  createdAt: string;
  customerId: string;
  _links: Record<string, { href: string; type: string }>;
}

export interface DoubleSubscription {
  resource: 'subscription';
  id: string;
  mode: 'test';
  createdAt: string;
  status: 'pending' | 'active' | 'canceled' | 'suspended' | 'completed';
  amount: Amount;
  times: number | null;
  timesRemaining: number | null;
  interval: string;
  startDate: string;
  nextPaymentDate: string | null;
  description: string;
  method: string | null;
  mandateId: string | null;
  canceledAt?: string;
  webhookUrl: string | null;
  metadata: unknown;
  customerId: string;
  _links: Record<string, { href: string; type: string }>;
}

export interface WebhookCall {
  url: string;
  id: string;
  attempt: number;
  /** The HTTP status answered, or 0 when the call failed outright. */
  status: number;
  at: number;
}

export interface MollieDoubleOptions {
  /** Only this key is accepted; default: any `test_…` or `live_…` key. */
  apiKey?: string;
  host?: string;
  /** API port (HTTPS); 0 = any free port. */
  port?: number;
  /** Checkout page port (HTTP); 0 = any free port. */
  checkoutPort?: number;
  /** Waits before each webhook call: the first is the first call. Mollie: 0, 1 m, 2 m … (10 calls). */
  webhookDelaysMs?: readonly number[];
  now?: () => number;
  /** Log each webhook call (the demo). */
  log?: (line: string) => void;
}

export interface MollieDouble {
  /** For MOLLIE_API_ENDPOINT: https://127.0.0.1:PORT/v2/ */
  apiEndpoint: string;
  /** Base of the hosted checkout pages (http). */
  checkoutBaseUrl: string;
  /** Base of the control endpoints (https, no key). */
  controlUrl: string;
  /** PEM of the self-signed certificate. */
  certificate: string;
  payments(): DoublePayment[];
  payment(id: string): DoublePayment | undefined;
  customers(): DoubleCustomer[];
  subscriptions(): DoubleSubscription[];
  mandates(customerId: string): DoubleMandate[];
  webhookCalls(): WebhookCall[];
  /** Every request to the API, in order (method, path, Idempotency-Key, replayed). */
  requests(): ApiRequest[];
  /**
   * Settles an open payment as the checkout page would, and calls its webhook unless
   * `notify: false` (a test then delivers the webhook itself, e.g. twice at once).
   */
  settle(
    paymentId: string,
    outcome: CheckoutOutcome,
    options?: { notify?: boolean },
  ): DoublePayment;
  /** The subscription's next period, charged now: a recurring payment, paid or failed. */
  chargeSubscription(subscriptionId: string, outcome: 'paid' | 'failed'): DoublePayment;
  /** A paid payment charged back in full (the webhook is called again). */
  chargeBack(paymentId: string): DoublePayment;
  /** A payment made outside our server (another merchant's, say): for forged-webhook tests. */
  createForeignPayment(status?: DoublePaymentStatus): DoublePayment;
  /** Resolves when no webhook call is waiting or running. */
  webhooksSettled(): Promise<void>;
  stop(): Promise<void>;
}

export interface ApiRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  replayed: boolean;
  status: number;
}

/** A short version of Mollie's schedule (0, 1 m, 2 m, 4 m, …): ten calls within seconds. */
export const TEST_WEBHOOK_DELAYS_MS = [0, 200, 400, 800, 1600, 3200, 3200, 3200, 3200, 3200];
const IDEMPOTENCY_TTL_MS = 60 * 60 * 1000;
const PROFILE_ID = 'pfl_DoubleProfile';

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    detail: string,
    readonly field?: string,
  ) {
    super(detail);
  }
}

function newId(prefix: string): string {
  // Mollie ids: a prefix and 10 letters or digits.
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  return `${prefix}_${Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

function isAmount(value: unknown): value is Amount {
  const amount = value as Amount;
  return (
    typeof amount === 'object' &&
    amount !== null &&
    typeof amount.currency === 'string' &&
    /^[A-Z]{3}$/.test(amount.currency) &&
    typeof amount.value === 'string' &&
    /^\d+\.\d{2}$/.test(amount.value)
  );
}

/** '1 month', '14 days', '2 weeks' → a function adding that to a date. */
function parseInterval(interval: string): ((date: Date) => Date) | null {
  const match = /^(\d+) (day|days|week|weeks|month|months)$/.exec(interval.trim());
  if (!match) return null;
  const count = Number(match[1]);
  const unit = match[2]!.replace(/s$/, '');
  return (date) => {
    const next = new Date(date.getTime());
    if (unit === 'day') next.setUTCDate(next.getUTCDate() + count);
    else if (unit === 'week') next.setUTCDate(next.getUTCDate() + 7 * count);
    else next.setUTCMonth(next.getUTCMonth() + count);
    return next;
  };
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(raw: string, contentType: string | undefined): Record<string, unknown> {
  if (raw === '') return {};
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // Answered below.
  }
  throw new ApiError(400, 'Bad Request', 'The request body is not valid JSON.');
}

export async function startMollieDouble(options: MollieDoubleOptions = {}): Promise<MollieDouble> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? Date.now;
  const delays = options.webhookDelaysMs ?? TEST_WEBHOOK_DELAYS_MS;
  const log = options.log ?? (() => {});
  const nowIso = () => new Date(now()).toISOString();

  const payments = new Map<string, DoublePayment>();
  const customers = new Map<string, DoubleCustomer>();
  const mandates = new Map<string, DoubleMandate>();
  const subscriptions = new Map<string, DoubleSubscription>();
  const webhookCalls: WebhookCall[] = [];
  const requests: ApiRequest[] = [];
  const idempotency = new Map<
    string,
    { fingerprint: string; at: number; status: number; body: unknown } | { inFlight: true }
  >();
  const pendingWebhooks = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  const pems = await selfSignedLocalhost();

  let apiBase = '';
  let checkoutBase = '';

  const link = (href: string, type = 'application/hal+json') => ({ href, type });
  const paymentLinks = (payment: DoublePayment) => {
    const links: DoublePayment['_links'] = {
      self: link(`${apiBase}/v2/payments/${payment.id}`),
      dashboard: link(`${checkoutBase}/dashboard/payments/${payment.id}`, 'text/html'),
    };
    if (payment.status === 'open' && payment.sequenceType !== 'recurring') {
      links.checkout = link(`${checkoutBase}/checkout/${payment.id}`, 'text/html');
    }
    if (payment.status === 'open' && payment.sequenceType === 'recurring') {
      links.changePaymentState = link(`${checkoutBase}/checkout/${payment.id}`, 'text/html');
    }
    if (payment.customerId) {
      links.customer = link(`${apiBase}/v2/customers/${payment.customerId}`);
    }
    if (payment.mandateId && payment.customerId) {
      links.mandate = link(
        `${apiBase}/v2/customers/${payment.customerId}/mandates/${payment.mandateId}`,
      );
    }
    if (payment.subscriptionId && payment.customerId) {
      links.subscription = link(
        `${apiBase}/v2/customers/${payment.customerId}/subscriptions/${payment.subscriptionId}`,
      );
    }
    return links;
  };
  const showPayment = (payment: DoublePayment): DoublePayment => ({
    ...payment,
    _links: paymentLinks(payment),
  });

  /* ------------------------------------------------------------------ webhooks */

  function callWebhook(url: string | null, id: string): void {
    if (!url || stopped) return;
    const run = (async () => {
      for (let attempt = 1; attempt <= delays.length; attempt += 1) {
        const delay = delays[attempt - 1] ?? 0;
        if (delay > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              timers.delete(timer);
              resolve();
            }, delay);
            timers.add(timer);
          });
        }
        if (stopped) return;
        let status: number;
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ id }).toString(),
            redirect: 'manual',
            signal: AbortSignal.timeout(15_000),
          });
          status = response.status;
          await response.arrayBuffer();
        } catch {
          status = 0;
        }
        webhookCalls.push({ url, id, attempt, status, at: now() });
        log(`webhook ${id} → ${url}: ${status || 'no answer'} (call ${attempt})`);
        // Mollie counts only 200 OK as delivered.
        if (status === 200) return;
      }
    })();
    pendingWebhooks.add(run);
    void run.finally(() => pendingWebhooks.delete(run));
  }

  /* ------------------------------------------------------------------ state changes */

  function settle(paymentId: string, outcome: CheckoutOutcome, notify = true): DoublePayment {
    const payment = payments.get(paymentId);
    if (!payment)
      throw new ApiError(404, 'Not Found', `No payment exists with token ${paymentId}.`);
    if (payment.status !== 'open' && payment.status !== 'pending') {
      throw new ApiError(422, 'Unprocessable Entity', `The payment is already ${payment.status}.`);
    }
    payment.status = outcome;
    payment.method = 'ideal';
    const at = nowIso();
    if (outcome === 'paid') {
      payment.paidAt = at;
      if (payment.sequenceType === 'first' && payment.customerId) {
        const mandate: DoubleMandate = {
          resource: 'mandate',
          id: newId('mdt'),
          mode: 'test',
          status: 'valid',
          method: 'directdebit',
          details: {
            consumerName: 'T. Tester',
            consumerAccount: 'NL55INGB0000000000',
            consumerBic: 'INGBNL2A',
          },
          mandateReference: null,
          signatureDate: at.slice(0, 10),
          createdAt: at,
          customerId: payment.customerId,
          _links: {},
        };
        mandates.set(mandate.id, mandate);
        payment.mandateId = mandate.id;
      }
    } else if (outcome === 'canceled') payment.canceledAt = at;
    else if (outcome === 'expired') payment.expiredAt = at;
    else payment.failedAt = at;
    if (notify) callWebhook(payment.webhookUrl, payment.id);
    return payment;
  }

  function validMandateOf(customerId: string): DoubleMandate | undefined {
    return [...mandates.values()].find(
      (mandate) => mandate.customerId === customerId && mandate.status === 'valid',
    );
  }

  function chargeSubscription(subscriptionId: string, outcome: 'paid' | 'failed'): DoublePayment {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) {
      throw new ApiError(404, 'Not Found', `No subscription exists with token ${subscriptionId}.`);
    }
    if (subscription.status !== 'active') {
      throw new ApiError(
        422,
        'Unprocessable Entity',
        `The subscription is ${subscription.status}.`,
      );
    }
    const payment: DoublePayment = {
      resource: 'payment',
      id: newId('tr'),
      mode: 'test',
      createdAt: nowIso(),
      status: 'pending',
      amount: { ...subscription.amount },
      description: subscription.description,
      method: 'directdebit',
      metadata: subscription.metadata,
      sequenceType: 'recurring',
      redirectUrl: null,
      webhookUrl: subscription.webhookUrl,
      customerId: subscription.customerId,
      mandateId: subscription.mandateId ?? undefined,
      subscriptionId: subscription.id,
      profileId: PROFILE_ID,
      _links: {},
    };
    payments.set(payment.id, payment);
    // The period is charged: the next one is due an interval later.
    const advance = parseInterval(subscription.interval)!;
    const from = subscription.nextPaymentDate
      ? new Date(`${subscription.nextPaymentDate}T00:00:00Z`)
      : new Date(now());
    subscription.nextPaymentDate = isoDate(advance(from));
    if (subscription.timesRemaining !== null) {
      subscription.timesRemaining -= 1;
      if (subscription.timesRemaining <= 0) {
        subscription.status = 'completed';
        subscription.nextPaymentDate = null;
      }
    }
    return settle(payment.id, outcome);
  }

  function chargeBack(paymentId: string): DoublePayment {
    const payment = payments.get(paymentId);
    if (!payment || payment.status !== 'paid') {
      throw new ApiError(422, 'Unprocessable Entity', 'Only a paid payment can be charged back.');
    }
    payment.amountChargedBack = { ...payment.amount };
    callWebhook(payment.webhookUrl, payment.id);
    return payment;
  }

  function createForeignPayment(status: DoublePaymentStatus = 'paid'): DoublePayment {
    const payment: DoublePayment = {
      resource: 'payment',
      id: newId('tr'),
      mode: 'test',
      createdAt: nowIso(),
      status,
      amount: { currency: 'EUR', value: '7.95' },
      description: 'Een andere winkel',
      method: 'ideal',
      metadata: { orderId: 'elders-1' },
      sequenceType: 'oneoff',
      redirectUrl: 'https://elders.example/terug',
      webhookUrl: null,
      profileId: 'pfl_SomeoneElse',
      ...(status === 'paid' ? { paidAt: nowIso() } : {}),
      _links: {},
    };
    payments.set(payment.id, payment);
    return payment;
  }

  /* ------------------------------------------------------------------ the API */

  function authorize(req: IncomingMessage): void {
    const header = req.headers.authorization ?? '';
    const key = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    const valid = options.apiKey ? key === options.apiKey : /^(test|live)_\w{5,}$/.test(key);
    if (!valid) {
      throw new ApiError(
        401,
        'Unauthorized Request',
        'Missing authentication, or failed to authenticate',
      );
    }
  }

  function createPayment(body: Record<string, unknown>): { status: number; body: unknown } {
    if (!isAmount(body.amount)) {
      throw new ApiError(422, 'Unprocessable Entity', 'The amount is invalid', 'amount');
    }
    if (typeof body.description !== 'string' || body.description.trim() === '') {
      throw new ApiError(422, 'Unprocessable Entity', 'The description is invalid', 'description');
    }
    const sequenceType = (body.sequenceType ?? 'oneoff') as DoublePayment['sequenceType'];
    if (!['oneoff', 'first', 'recurring'].includes(sequenceType)) {
      throw new ApiError(
        422,
        'Unprocessable Entity',
        'The sequence type is invalid',
        'sequenceType',
      );
    }
    const customerId = typeof body.customerId === 'string' ? body.customerId : undefined;
    if (customerId && !customers.has(customerId)) {
      throw new ApiError(404, 'Not Found', `No customer exists with token ${customerId}.`);
    }
    if (sequenceType !== 'oneoff' && !customerId) {
      throw new ApiError(422, 'Unprocessable Entity', 'A customer is required', 'customerId');
    }
    let mandateId: string | undefined;
    if (sequenceType === 'recurring') {
      mandateId = validMandateOf(customerId!)?.id;
      if (!mandateId) {
        throw new ApiError(
          422,
          'Unprocessable Entity',
          'The customer does not have a suitable mandate',
        );
      }
    } else if (typeof body.redirectUrl !== 'string' || !/^https?:\/\//.test(body.redirectUrl)) {
      throw new ApiError(422, 'Unprocessable Entity', 'The redirect URL is invalid', 'redirectUrl');
    }
    const payment: DoublePayment = {
      resource: 'payment',
      id: newId('tr'),
      mode: 'test',
      createdAt: nowIso(),
      status: sequenceType === 'recurring' ? 'pending' : 'open',
      amount: body.amount,
      description: body.description,
      method: typeof body.method === 'string' ? body.method : null,
      metadata: body.metadata ?? null,
      sequenceType,
      redirectUrl: typeof body.redirectUrl === 'string' ? body.redirectUrl : null,
      webhookUrl: typeof body.webhookUrl === 'string' ? body.webhookUrl : null,
      ...(customerId ? { customerId } : {}),
      ...(mandateId ? { mandateId } : {}),
      profileId: PROFILE_ID,
      _links: {},
    };
    payments.set(payment.id, payment);
    return { status: 201, body: showPayment(payment) };
  }

  function createSubscription(
    customerId: string,
    body: Record<string, unknown>,
  ): { status: number; body: unknown } {
    const customer = customers.get(customerId);
    if (!customer)
      throw new ApiError(404, 'Not Found', `No customer exists with token ${customerId}.`);
    if (!isAmount(body.amount)) {
      throw new ApiError(422, 'Unprocessable Entity', 'The amount is invalid', 'amount');
    }
    const interval = typeof body.interval === 'string' ? body.interval : '';
    if (!parseInterval(interval)) {
      throw new ApiError(422, 'Unprocessable Entity', 'The interval is invalid', 'interval');
    }
    if (typeof body.description !== 'string' || body.description.trim() === '') {
      throw new ApiError(422, 'Unprocessable Entity', 'The description is invalid', 'description');
    }
    const mandate = validMandateOf(customerId);
    if (!mandate) {
      throw new ApiError(
        422,
        'Unprocessable Entity',
        'The customer does not have a suitable mandate',
      );
    }
    const startDate =
      typeof body.startDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(body.startDate)
        ? body.startDate
        : isoDate(new Date(now()));
    const times = typeof body.times === 'number' ? body.times : null;
    const subscription: DoubleSubscription = {
      resource: 'subscription',
      id: newId('sub'),
      mode: 'test',
      createdAt: nowIso(),
      status: 'active',
      amount: body.amount,
      times,
      timesRemaining: times,
      interval,
      startDate,
      nextPaymentDate: startDate,
      description: body.description,
      method: null,
      mandateId: mandate.id,
      webhookUrl: typeof body.webhookUrl === 'string' ? body.webhookUrl : null,
      metadata: body.metadata ?? null,
      customerId,
      _links: {},
    };
    subscriptions.set(subscription.id, subscription);
    return { status: 201, body: showSubscription(subscription) };
  }

  const showSubscription = (subscription: DoubleSubscription) => ({
    ...subscription,
    _links: {
      self: link(
        `${apiBase}/v2/customers/${subscription.customerId}/subscriptions/${subscription.id}`,
      ),
      customer: link(`${apiBase}/v2/customers/${subscription.customerId}`),
    },
  });
  const showCustomer = (customer: DoubleCustomer) => ({
    ...customer,
    _links: { self: link(`${apiBase}/v2/customers/${customer.id}`) },
  });
  const list = (name: string, items: unknown[], self: string) => ({
    count: items.length,
    _embedded: { [name]: items },
    _links: { self: link(self), previous: null, next: null },
  });

  function route(
    method: string,
    path: string,
    body: Record<string, unknown>,
  ): { status: number; body: unknown } {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v2/customers') {
      const customer: DoubleCustomer = {
        resource: 'customer',
        id: newId('cst'),
        mode: 'test',
        name: typeof body.name === 'string' ? body.name : null,
        email: typeof body.email === 'string' ? body.email : null,
        locale: typeof body.locale === 'string' ? body.locale : null,
        metadata: body.metadata ?? null,
        createdAt: nowIso(),
        _links: {},
      };
      customers.set(customer.id, customer);
      return { status: 201, body: showCustomer(customer) };
    }
    if ((match = /^\/v2\/customers\/([^/]+)$/.exec(path)) && method === 'GET') {
      const customer = customers.get(match[1]!);
      if (!customer)
        throw new ApiError(404, 'Not Found', `No customer exists with token ${match[1]}.`);
      return { status: 200, body: showCustomer(customer) };
    }
    if ((match = /^\/v2\/customers\/([^/]+)\/mandates$/.exec(path)) && method === 'GET') {
      const items = [...mandates.values()].filter((mandate) => mandate.customerId === match![1]);
      return { status: 200, body: list('mandates', items, `${apiBase}${path}`) };
    }
    if ((match = /^\/v2\/customers\/([^/]+)\/subscriptions$/.exec(path))) {
      if (method === 'POST') return createSubscription(match[1]!, body);
      if (method === 'GET') {
        const items = [...subscriptions.values()]
          .filter((subscription) => subscription.customerId === match![1])
          .map(showSubscription);
        return { status: 200, body: list('subscriptions', items, `${apiBase}${path}`) };
      }
    }
    if ((match = /^\/v2\/customers\/([^/]+)\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = subscriptions.get(match[2]!);
      if (!subscription || subscription.customerId !== match[1]) {
        throw new ApiError(404, 'Not Found', `No subscription exists with token ${match[2]}.`);
      }
      if (method === 'GET') return { status: 200, body: showSubscription(subscription) };
      if (method === 'DELETE') {
        if (subscription.status === 'canceled') {
          throw new ApiError(422, 'Unprocessable Entity', 'The subscription has been canceled');
        }
        subscription.status = 'canceled';
        subscription.canceledAt = nowIso();
        subscription.nextPaymentDate = null;
        return { status: 200, body: showSubscription(subscription) };
      }
    }
    if (method === 'POST' && path === '/v2/payments') return createPayment(body);
    if ((match = /^\/v2\/payments\/([^/]+)$/.exec(path)) && method === 'GET') {
      const payment = payments.get(match[1]!);
      if (!payment)
        throw new ApiError(404, 'Not Found', `No payment exists with token ${match[1]}.`);
      return { status: 200, body: showPayment(payment) };
    }
    throw new ApiError(404, 'Not Found', 'The resource does not exist.');
  }

  function control(method: string, path: string, body: Record<string, unknown>): unknown {
    let match: RegExpExecArray | null;
    if (method === 'GET' && path === '/__control/payments') return [...payments.values()];
    if (method === 'GET' && path === '/__control/webhooks') return webhookCalls;
    if ((match = /^\/__control\/subscriptions\/([^/]+)\/charge$/.exec(path)) && method === 'POST') {
      const outcome = body.status === 'failed' ? 'failed' : 'paid';
      return chargeSubscription(match[1]!, outcome);
    }
    if ((match = /^\/__control\/payments\/([^/]+)\/status$/.exec(path)) && method === 'POST') {
      const outcome = String(body.status) as CheckoutOutcome;
      if (!CHECKOUT_OUTCOMES.includes(outcome)) {
        throw new ApiError(
          422,
          'Unprocessable Entity',
          'status must be paid, failed, canceled or expired',
        );
      }
      return settle(match[1]!, outcome);
    }
    if ((match = /^\/__control\/payments\/([^/]+)\/chargeback$/.exec(path)) && method === 'POST') {
      return chargeBack(match[1]!);
    }
    throw new ApiError(404, 'Not Found', 'No such control endpoint.');
  }

  const send = (res: ServerResponse, status: number, body: unknown, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/hal+json', ...headers });
    res.end(JSON.stringify(body));
  };
  const sendError = (res: ServerResponse, error: ApiError) =>
    send(res, error.status, {
      status: error.status,
      title: error.title,
      detail: error.message,
      ...(error.field ? { field: error.field } : {}),
      _links: {
        documentation: {
          href: 'https://docs.mollie.com/overview/handling-errors',
          type: 'text/html',
        },
      },
    });

  async function handleApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'https://double.invalid');
    const method = req.method ?? 'GET';
    const path = url.pathname.replace(/\/+$/, '');
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const record = (status: number, replayed = false) =>
      requests.push({ method, path, idempotencyKey: key, replayed, status });
    try {
      const raw = await readBody(req);
      const body = parseBody(raw, req.headers['content-type']);
      if (path.startsWith('/__control/')) {
        const answer = control(method, path, body);
        record(200);
        return send(res, 200, answer);
      }
      authorize(req);
      // Mollie applies the key to POST and DELETE (and PATCH): the rest are safe to repeat.
      if (key && (method === 'POST' || method === 'DELETE' || method === 'PATCH')) {
        const fingerprint = createHash('sha256')
          .update(`${method} ${path}\n${JSON.stringify(body)}`)
          .digest('hex');
        const cached = idempotency.get(key);
        if (cached && 'inFlight' in cached) {
          throw new ApiError(
            409,
            'Conflict',
            'A request with this idempotency key is in progress.',
          );
        }
        if (cached && now() - cached.at < IDEMPOTENCY_TTL_MS) {
          if (cached.fingerprint !== fingerprint) {
            throw new ApiError(
              400,
              'Bad Request',
              'The idempotency key was used for another request.',
            );
          }
          record(cached.status, true);
          return send(res, cached.status, cached.body, { 'Idempotent-Replayed': 'true' });
        }
        idempotency.set(key, { inFlight: true });
        try {
          const answer = route(method, path, body);
          idempotency.set(key, { fingerprint, at: now(), ...answer });
          record(answer.status);
          return send(res, answer.status, answer.body);
        } catch (error) {
          idempotency.delete(key);
          throw error;
        }
      }
      const answer = route(method, path, body);
      record(answer.status);
      return send(res, answer.status, answer.body);
    } catch (error) {
      const apiError =
        error instanceof ApiError
          ? error
          : new ApiError(500, 'Internal Server Error', (error as Error).message);
      record(apiError.status);
      return sendError(res, apiError);
    }
  }

  /* ------------------------------------------------------------------ the checkout page */

  const page = (title: string, content: string) => `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a2e}
h1{font-size:1.4rem}.amount{font-size:2rem;font-weight:700}form{display:grid;gap:.5rem;margin-top:1.5rem}
button{padding:.8rem;font-size:1rem;border-radius:.4rem;border:1px solid #999;background:#fff;cursor:pointer}
button[value=paid]{background:#cc0066;color:#fff;border-color:#cc0066}.note{color:#555;font-size:.9rem}</style>
</head><body>${content}</body></html>`;

  async function handleCheckout(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://checkout.invalid');
    const match = /^\/checkout\/([^/]+)$/.exec(url.pathname);
    const payment = match ? payments.get(match[1]!) : undefined;
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    if (!payment) return html(404, page('Niet gevonden', '<h1>Deze betaling bestaat niet.</h1>'));
    if (req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const outcome = form.get('status') as CheckoutOutcome;
      if (payment.status === 'open' && CHECKOUT_OUTCOMES.includes(outcome))
        settle(payment.id, outcome);
      res.writeHead(303, {
        location: payment.redirectUrl ?? `${checkoutBase}/checkout/${payment.id}`,
      });
      return void res.end();
    }
    if (payment.status !== 'open') {
      const back = payment.redirectUrl
        ? `<p><a href="${escapeHtml(payment.redirectUrl)}">Terug naar de winkel</a></p>`
        : '';
      return html(
        200,
        page('Betaling', `<h1>Deze betaling is ${escapeHtml(payment.status)}.</h1>${back}`),
      );
    }
    const [euros, cents] = payment.amount.value.split('.');
    const labels: Record<CheckoutOutcome, string> = {
      paid: 'Betaald (paid)',
      failed: 'Mislukt (failed)',
      canceled: 'Geannuleerd (canceled)',
      expired: 'Verlopen (expired)',
    };
    return html(
      200,
      page(
        'iDEAL testbetaling',
        `<p class="note">Mollie-testomgeving (lokale double) · iDEAL</p>
<h1>${escapeHtml(payment.description)}</h1>
<p class="amount">€ ${escapeHtml(euros!)},${escapeHtml(cents!)}</p>
<p>Kies de uitkomst van deze testbetaling:</p>
<form method="post">${CHECKOUT_OUTCOMES.map(
          (outcome) =>
            `<button type="submit" name="status" value="${outcome}">${labels[outcome]}</button>`,
        ).join('')}</form>`,
      ),
    );
  }

  /* ------------------------------------------------------------------ listening */

  const api = createHttpsServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    void handleApi(req, res);
  });
  const checkout = createHttpServer((req, res) => {
    void handleCheckout(req, res).catch((error: Error) => {
      if (!res.headersSent) res.writeHead(422, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(error.message);
    });
  });
  await new Promise<void>((resolve) => api.listen(options.port ?? 0, host, resolve));
  await new Promise<void>((resolve) => checkout.listen(options.checkoutPort ?? 0, host, resolve));
  const hostName = host.includes(':') ? `[${host}]` : host;
  apiBase = `https://${hostName}:${(api.address() as AddressInfo).port}`;
  checkoutBase = `http://${hostName}:${(checkout.address() as AddressInfo).port}`;

  return {
    apiEndpoint: `${apiBase}/v2/`,
    checkoutBaseUrl: checkoutBase,
    controlUrl: `${apiBase}/__control`,
    certificate: pems.cert,
    payments: () => [...payments.values()].map(showPayment),
    payment: (id) => {
      const payment = payments.get(id);
      return payment ? showPayment(payment) : undefined;
    },
    customers: () => [...customers.values()],
    subscriptions: () => [...subscriptions.values()],
    mandates: (customerId) =>
      [...mandates.values()].filter((mandate) => mandate.customerId === customerId),
    webhookCalls: () => [...webhookCalls],
    requests: () => [...requests],
    settle: (id, outcome, settleOptions) =>
      showPayment(settle(id, outcome, settleOptions?.notify ?? true)),
    chargeSubscription: (id, outcome) => showPayment(chargeSubscription(id, outcome)),
    chargeBack: (id) => showPayment(chargeBack(id)),
    createForeignPayment: (status) => showPayment(createForeignPayment(status)),
    async webhooksSettled() {
      while (pendingWebhooks.size > 0) await Promise.all([...pendingWebhooks]);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      api.closeAllConnections();
      checkout.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => api.close(() => resolve())),
        new Promise<void>((resolve) => checkout.close(() => resolve())),
      ]);
    },
  };
}
