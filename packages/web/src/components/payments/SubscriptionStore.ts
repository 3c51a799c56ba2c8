import { makeAutoObservable, runInAction } from 'mobx';
import {
  EXTRA_ALERTS_MAX,
  EXTRA_ALERTS_MIN,
  type PaymentProduct,
  type SubscriptionOverview,
} from '@prijsalarm/core';
import { errorText } from '../../stores/errors';
import { latestLoad, type LoadStatus } from '../../stores/latestLoad';
import type { RootStore } from '../../stores/RootStore';

/**
 * The subscription tab and the pricing page's buy buttons: what the user pays for
 * (GET /payments/subscription), starting a checkout at Mollie, and canceling Pro.
 */
export class SubscriptionStore {
  overview: SubscriptionOverview | null = null;
  status: LoadStatus = 'idle';
  error: string | null = null;
  /** The product whose checkout is being opened. */
  starting: PaymentProduct | null = null;
  quantity = 2;
  confirmingCancel = false;
  canceling = false;
  private readonly latest = latestLoad();

  constructor(
    private readonly root: RootStore,
    /** Opens Mollie's checkout page (the browser leaves the app). */
    private readonly openCheckout: (url: string) => void = (url) => window.location.assign(url),
  ) {
    makeAutoObservable<SubscriptionStore, 'root' | 'openCheckout' | 'latest'>(
      this,
      { root: false, openCheckout: false, latest: false },
      { autoBind: true },
    );
  }

  /** Loaded data is out of date (a payment was decided): the next view loads again. */
  invalidate(): void {
    if (this.status === 'ready' || this.status === 'error') this.status = 'idle';
    this.starting = null;
  }

  /** Loads unless loaded or loading. */
  ensureLoaded(): void {
    if (this.status === 'idle') void this.load();
  }

  load(): Promise<void> {
    return this.latest(
      this,
      () => this.root.api.payments.subscription(),
      (overview) => (this.overview = overview),
    );
  }

  get paymentsAvailable(): boolean {
    return this.overview?.paymentsAvailable ?? false;
  }

  setQuantity(value: number): void {
    if (!Number.isFinite(value)) return;
    this.quantity = Math.min(EXTRA_ALERTS_MAX, Math.max(EXTRA_ALERTS_MIN, Math.round(value)));
  }

  /** POST /payments/create, then to Mollie's checkout page. The price is the server's. */
  async buy(product: PaymentProduct): Promise<void> {
    if (this.starting) return;
    this.starting = product;
    try {
      const { checkoutUrl } = await this.root.api.payments.create(
        product === 'pro' ? { product } : { product, quantity: this.quantity },
      );
      this.openCheckout(checkoutUrl);
    } catch (error) {
      this.root.toasts.error(errorText(error));
      runInAction(() => (this.starting = null));
    }
  }

  askCancel(): void {
    this.confirmingCancel = true;
  }

  keepPro(): void {
    this.confirmingCancel = false;
  }

  async cancel(): Promise<void> {
    if (this.canceling) return;
    this.canceling = true;
    try {
      const { message } = await this.root.api.payments.cancelSubscription();
      this.root.toasts.success(message);
      await this.load();
    } catch (error) {
      this.root.toasts.error(errorText(error));
    } finally {
      runInAction(() => {
        this.canceling = false;
        this.confirmingCancel = false;
      });
    }
  }
}

const stores = new WeakMap<RootStore, SubscriptionStore>();

/**
 * The one SubscriptionStore of the app: the pricing button, the subscription tab and the return
 * page share what was loaded (a remounted tab does not ask again; `invalidate` makes it).
 */
export function subscriptionStoreOf(root: RootStore): SubscriptionStore {
  let store = stores.get(root);
  if (!store) {
    store = new SubscriptionStore(root);
    stores.set(root, store);
  }
  return store;
}
