import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import {
  DEFAULT_DELIVERY_SCHEDULE,
  MANAGE_ALERT_TEXTS,
  NOTIFICATION_PAGE_SIZE,
  PRICE_DROP_TEXTS,
  STRINGS,
  featureLockedMessage,
  isApiError,
  priceInputText,
  refreshPath,
  updateAlertSchema,
} from '@prijsalarm/core';
import type {
  CustomFilters,
  DeliverySchedule,
  DistanceKm,
  ManageAlertResponse,
  NotificationDto,
  Pagination,
  PriceDropOption,
} from '@prijsalarm/core';
import type { RootStore } from '../../stores/RootStore';
import { FormModel } from '../../stores/FormModel';
import { locationRules } from '../../components/alert-form/alertFields';
import { PriceDropChoice } from '../../components/price-drop/PriceDropChoice';

export type ManagedAlert = ManageAlertResponse['alert'];
export type ManageStatus = 'loading' | 'ready' | 'not_found' | 'failed';
export type ManageAction = 'toggle' | 'delete' | 'feed';

/** The fields the manage page lets a link holder change (PUT /alerts/manage/{token}). */
export interface EditValues {
  searchTerm: string;
  minPrice: string;
  maxPrice: string;
  postalCode: string;
  distance: DistanceKm | null;
  /** Sent only when changed, so an alert kept from a former plan can still be edited. */
  priceDrop?: PriceDropOption;
  /** When its notifications go out (issue 13 §2). */
  schedule: DeliverySchedule;
}

const texts = MANAGE_ALERT_TEXTS;

function priceText(price: number | null): string {
  return price === null ? '' : priceInputText(price);
}

/**
 * /manage/{token} (spec §2, §7): the alert behind a secret link, with its notifications. Confirms a
 * guest's e-mail first when the link carries `?bevestig=`; then edit, pause/resume, delete, extend.
 */
export class ManageAlertStore {
  status: ManageStatus = 'loading';
  alert: ManagedAlert | null = null;
  notifications: NotificationDto[] = [];
  pagination: Pagination | null = null;
  loadError: string | null = null;
  busy: ManageAction | null = null;
  editing = false;
  deleteAsked = false;
  /** The postal code is formatted for the alert's (first) platform, as in the alert forms. */
  readonly edit = new FormModel<EditValues>(
    {
      searchTerm: '',
      minPrice: '',
      maxPrice: '',
      postalCode: '',
      distance: null,
      schedule: DEFAULT_DELIVERY_SCHEDULE,
    },
    locationRules(() => this.alert?.platforms[0] ?? null),
  );
  /** Price drops (issue 13 §1; PRO): locked with core's plan message for other plans. */
  readonly priceDrop = new PriceDropChoice({ enabled: false }, () => this.priceDropLock);
  private started: Promise<void> | null = null;

  constructor(
    private readonly root: RootStore,
    readonly token: string,
  ) {
    makeAutoObservable<ManageAlertStore, 'root' | 'started'>(
      this,
      {
        root: false,
        token: false,
        edit: false,
        priceDrop: false,
        started: false,
        alert: observableRef,
        notifications: observableRef,
      },
      { autoBind: true },
    );
  }

  /** The manage page of this alert. */
  get path(): string {
    return `/manage/${encodeURIComponent(this.token)}`;
  }

  /** The extend page, from the alert's refresh URL. */
  get extendPath(): string | null {
    return refreshPath(this.alert?.refreshUrl);
  }

  /** The alert's filters in words ('Verkoper: Particulier', 'Zonder: schade'); empty for none. */
  get filterLabels(): string[] {
    const alert = this.alert;
    if (!alert) return [];
    const labels = texts.filterLabels;
    const custom = alert.customFilters as Partial<CustomFilters>;
    const lines: string[] = [];
    if (alert.sellerType !== 'all') {
      lines.push(labels.sellerType(texts.sellerTypes[alert.sellerType]));
    }
    if (custom.adverteerder && custom.adverteerder !== 'all') {
      lines.push(labels.sellerType(texts.sellerTypes[custom.adverteerder]));
    }
    if (alert.deliveryMethod !== 'both') {
      lines.push(labels.deliveryMethod(texts.deliveryMethods[alert.deliveryMethod]));
    }
    if (alert.onlyWithImages) lines.push(labels.onlyWithImages);
    if (alert.includePaidAds) lines.push(labels.includePaidAds);
    if (custom.conditions?.length) {
      const names = custom.conditions.map((c) => STRINGS.alertForm.conditionLabels[c]);
      lines.push(labels.conditions(names.join(', ')));
    }
    const range = (from?: number, to?: number) =>
      [from ?? '…', to ?? '…'].map(String) as [string, string];
    if (custom.mileageMin !== undefined || custom.mileageMax !== undefined) {
      lines.push(labels.mileage(...range(custom.mileageMin, custom.mileageMax)));
    }
    if (custom.yearMin !== undefined || custom.yearMax !== undefined) {
      lines.push(labels.year(...range(custom.yearMin, custom.yearMax)));
    }
    if (custom.fuel?.length) {
      lines.push(labels.fuel(custom.fuel.map((f) => STRINGS.alertForm.fuelLabels[f]).join(', ')));
    }
    if (custom.excludeWords?.length)
      lines.push(labels.excludeWords(custom.excludeWords.join(', ')));
    if (custom.hideReserved) lines.push(labels.hideReserved);
    if (alert.priceDrop?.enabled)
      lines.push(PRICE_DROP_TEXTS.form.summary(alert.priceDrop.percent));
    return lines;
  }

  /** Core's plan message while the signed-in plan lacks price history (always for a guest). */
  get priceDropLock(): string | null {
    const caps = this.root.capabilities.current;
    if (!this.isGuestAlert && caps.canUseFeature('priceHistory')) return null;
    return featureLockedMessage('priceHistory', this.isGuestAlert ? null : caps.userPlan);
  }

  /** A guest's alert carries its e-mail address; an account's alert mails the account. */
  get isGuestAlert(): boolean {
    return this.alert?.email != null;
  }

  /**
   * Opens the page once (React may mount twice): with a confirmation token, GET
   * /alerts/confirm/{token} first and a toast with its answer; then the alert.
   */
  start(confirmToken: string | null): Promise<void> {
    this.started ??= this.open(confirmToken);
    return this.started;
  }

  private async open(confirmToken: string | null): Promise<void> {
    if (confirmToken) {
      try {
        const { message } = await this.root.api.alerts.confirm(confirmToken);
        this.root.toasts.success(message);
      } catch (error) {
        this.root.toasts.error(isApiError(error) ? error.message : STRINGS.apiClient.unexpected);
      }
      // The token is spent: a reload must not try it again.
      this.root.navigator.navigate(this.path, { replace: true });
    }
    await this.load();
  }

  /** GET /alerts/manage/{token} with a page of notifications; an unknown token is not found. */
  async load(page = this.pagination?.page ?? 1): Promise<void> {
    if (this.alert === null) this.status = 'loading';
    try {
      const answer = await this.root.api.alerts.manage.get(this.token, {
        notificationsPage: page,
        notificationsLimit: NOTIFICATION_PAGE_SIZE,
      });
      runInAction(() => {
        this.alert = answer.alert;
        this.notifications = answer.notifications.items;
        this.pagination = answer.notifications.pagination;
        this.status = 'ready';
        this.loadError = null;
      });
    } catch (error) {
      runInAction(() => {
        if (isApiError(error) && error.status === 404) {
          this.status = 'not_found';
          this.alert = null;
        } else if (this.alert === null) {
          this.status = 'failed';
          this.loadError = isApiError(error) ? error.message : texts.loadFailed;
        } else {
          this.root.toasts.error(isApiError(error) ? error.message : texts.loadFailed);
        }
      });
    }
  }

  goToPage(page: number): Promise<void> {
    return this.load(page);
  }

  /** PATCH …/toggle: pauses an active alert, resumes a paused one. */
  async toggle(): Promise<void> {
    if (this.busy || !this.alert) return;
    this.busy = 'toggle';
    try {
      const { alert } = await this.root.api.alerts.manage.toggle(this.token);
      this.replaceAlert(alert);
      this.root.toasts.success(alert.isActive ? texts.resumed : texts.paused);
    } catch (error) {
      this.failed(error);
    } finally {
      runInAction(() => {
        this.busy = null;
      });
    }
  }

  /** POST …/feed/renew: a new private RSS link; the old one stops working. */
  async renewFeed(): Promise<void> {
    if (this.busy || !this.alert) return;
    this.busy = 'feed';
    try {
      const { alert, message } = await this.root.api.alerts.manage.renewFeed(this.token);
      this.replaceAlert(alert);
      this.root.toasts.success(message);
    } catch (error) {
      this.failed(error);
    } finally {
      runInAction(() => {
        this.busy = null;
      });
    }
  }

  askDelete(): void {
    this.deleteAsked = true;
  }

  cancelDelete(): void {
    this.deleteAsked = false;
  }

  /** DELETE …: the server's message as a toast, then the home page. */
  async confirmDelete(): Promise<void> {
    if (this.busy) return;
    this.busy = 'delete';
    try {
      const { message } = await this.root.api.alerts.manage.delete(this.token);
      runInAction(() => {
        this.deleteAsked = false;
      });
      this.root.toasts.success(message);
      this.root.navigator.navigate('/');
    } catch (error) {
      this.failed(error);
    } finally {
      runInAction(() => {
        this.busy = null;
      });
    }
  }

  startEdit(): void {
    const alert = this.alert;
    if (!alert) return;
    this.edit.reset({
      searchTerm: alert.searchTerm,
      minPrice: priceText(alert.minPrice),
      maxPrice: priceText(alert.maxPrice),
      postalCode: alert.postalCode ?? '',
      distance: alert.distance as DistanceKm | null,
      schedule: alert.schedule,
    });
    this.priceDrop.reset(alert.priceDrop);
    this.editing = true;
  }

  cancelEdit(): void {
    this.editing = false;
    this.edit.clearErrors();
  }

  /** The postal code as typed, formatted for the alert's (first) platform. */
  setPostalCode(value: string): void {
    this.edit.set('postalCode', value);
  }

  /** The schedule fields changed: their messages go. */
  setSchedule(schedule: DeliverySchedule): void {
    this.edit.set('schedule', schedule);
    for (const key of Object.keys(this.edit.errors)) {
      if (key.startsWith('schedule.')) this.edit.clearError(key);
    }
  }

  get distanceEnabled(): boolean {
    return this.edit.enabled('distance');
  }

  /** PUT …: checked with core's update schema; the server's Dutch field messages are kept. */
  async save(): Promise<boolean> {
    const { priceDrop: _previous, ...base } = this.edit.values;
    const values: EditValues = this.isGuestAlert ? { ...base, minPrice: '' } : base;
    const option = this.priceDrop.option;
    const current = this.alert?.priceDrop ?? { enabled: false };
    if (option.enabled !== current.enabled || option.percent != current.percent) {
      values.priceDrop = option;
    }
    this.edit.reset(values);
    // Checked with the alert's platforms first, so a postal code message cites their format.
    if (!this.edit.check(updateAlertSchema, { ...values, platforms: this.alert?.platforms })) {
      this.edit.failedAttempts += 1;
      return false;
    }
    const answer = await this.edit.submit(updateAlertSchema, (data) =>
      this.root.api.alerts.manage.update(this.token, data),
    );
    if (!answer) return false;
    this.replaceAlert(answer.alert);
    runInAction(() => {
      this.editing = false;
    });
    this.root.toasts.success(texts.saved);
    return true;
  }

  private replaceAlert(alert: Omit<ManagedAlert, 'refreshUrl'>): void {
    const refreshUrl = this.alert?.refreshUrl ?? '';
    this.alert = { ...alert, refreshUrl };
  }

  private failed(error: unknown): void {
    if (!isApiError(error)) console.error(error);
    this.root.toasts.error(isApiError(error) ? error.message : STRINGS.apiClient.unexpected);
    if (isApiError(error) && error.status === 404) {
      runInAction(() => {
        this.status = 'not_found';
        this.alert = null;
      });
    }
  }
}
