import { makeAutoObservable, runInAction } from 'mobx';
import { FINAL_PAYMENT_STATUSES, type PaymentStatusResponse } from '@prijsalarm/core';
import { subscriptionStoreOf } from '../../components/payments/SubscriptionStore';
import { errorText } from '../../stores/errors';
import type { RootStore } from '../../stores/RootStore';

/** How often the page asks, and for how long before it stops and offers a refresh. */
export const POLL_INTERVAL_MS = 1000;
export const POLL_LIMIT_MS = 120_000;

/**
 * /payment/callback?payment=<id>: Mollie sends the user back here, but only the webhook
 * decides. The page polls GET /payments/status/{id} and shows 'processing' until the status is
 * final; a paid Pro payment then replaces the user (as upgradeToPro does, told to other tabs).
 */
export class PaymentCallbackStore {
  payment: PaymentStatusResponse | null = null;
  error: string | null = null;
  gaveUp = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private startedAt = 0;
  /** Each start() is a run of its own; a stopped run's answers are dropped. */
  private run = 0;

  constructor(
    private readonly root: RootStore,
    private readonly paymentId: string,
    private readonly now: () => number = Date.now,
  ) {
    makeAutoObservable<PaymentCallbackStore, 'root' | 'paymentId' | 'now' | 'timer' | 'run'>(
      this,
      { root: false, paymentId: false, now: false, timer: false, run: false },
      { autoBind: true },
    );
  }

  get isFinal(): boolean {
    return this.payment !== null && FINAL_PAYMENT_STATUSES.includes(this.payment.status);
  }

  get outcome(): 'processing' | 'paid' | 'failed' | 'canceled' | 'expired' {
    if (!this.payment || !this.isFinal) return 'processing';
    return this.payment.status as 'paid' | 'failed' | 'canceled' | 'expired';
  }

  start(): void {
    this.stop();
    this.gaveUp = false;
    this.startedAt = this.now();
    void this.poll(this.run);
  }

  stop(): void {
    this.run += 1;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async poll(run: number): Promise<void> {
    try {
      const payment = await this.root.api.payments.status(this.paymentId);
      if (run !== this.run) return;
      runInAction(() => {
        this.payment = payment;
        this.error = null;
      });
      if (this.isFinal) {
        subscriptionStoreOf(this.root).invalidate();
        if (payment.status === 'paid') await this.applyPaid(payment);
        return;
      }
    } catch (error) {
      if (run === this.run) runInAction(() => (this.error = errorText(error)));
      return;
    }
    if (this.now() - this.startedAt >= POLL_LIMIT_MS) {
      runInAction(() => (this.gaveUp = true));
      return;
    }
    this.timer = setTimeout(() => void this.poll(run), POLL_INTERVAL_MS);
  }

  /** The plan or the limit changed: this tab takes the stored user, the others are told. */
  private async applyPaid(payment: PaymentStatusResponse): Promise<void> {
    const { auth, capabilities, crossTab } = this.root;
    if (payment.product === 'pro') {
      const before = auth.plan;
      await auth.upgradeToPro().catch(() => undefined);
      // Already Pro here (the user was fetched after the webhook): the other tabs still need it.
      if (before === 'PRO') crossTab.post('PLAN_CHANGE', { plan: 'PRO' });
    } else {
      await capabilities.load({ force: true }).catch(() => undefined);
    }
  }
}
