import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import {
  ALERT_FIELD_TEXTS,
  ALERT_FORM_TEXTS,
  DEFAULT_DELIVERY_SCHEDULE,
  PLATFORMS,
  PLATFORM_IDS,
  UPGRADE_PATH,
  advancedStepVisible,
  alertChanges,
  alertFeaturesUsed,
  alertFormMinimumPlan,
  alertFormStateOf,
  applyNotificationToggle,
  buildCreateAlertPayload,
  changeCategory,
  changePlatform,
  describeAlert,
  featureLockedMessage,
  initialAlertFormState,
  isCarCategory,
  loginRedirectPath,
  parsePrice,
  telegramAvailability,
} from '@prijsalarm/core';
import type {
  AlertDescriptionRow,
  AlertDto,
  AlertFormState,
  AlertRequest,
  Capabilities,
  CategoryDto,
  CategoryFilters,
  Condition,
  CreateAlertPayload,
  DeliveryMethod,
  DeliverySchedule,
  DistanceKm,
  FeatureName,
  FuelType,
  NotificationChannel,
  PlatformId,
  PlatformInfo,
  SellerType,
  TelegramAvailability,
  UpdateAlertPayload,
} from '@prijsalarm/core';
import type { RootStore } from '../../stores/RootStore';
import { PriceDropChoice } from '../price-drop/PriceDropChoice';
import { alertFormModel } from './alertFields';

/** A typed price for the summary: the price step refused an unreadable one before it shows. */
function typedEuros(text: string): number | null {
  const price = parsePrice(text);
  return price.kind === 'amount' ? price.euros : null;
}

export type CarNumberFilter = 'mileageMin' | 'mileageMax' | 'yearMin' | 'yearMax';
export type CarFiltersStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface PlatformOption {
  info: PlatformInfo;
  available: boolean;
  selected: boolean;
  /** Why it is unavailable (core's plan message); null when available. */
  message: string | null;
  /** Where an unavailable card sends the user: login (guests) or the subscription page. */
  unlockPath: string | null;
}

/** A saved alert as the editor starts from it (an AlertDto fits). */
export type SavedAlert = Pick<
  AlertDto,
  | 'platforms'
  | 'searchTerm'
  | 'minPrice'
  | 'maxPrice'
  | 'postalCode'
  | 'distance'
  | 'l1CategoryId'
  | 'l2CategoryId'
  | 'customFilters'
  | 'deliveryMethod'
  | 'onlyWithImages'
  | 'includePaidAds'
  | 'sellerType'
  | 'notifyEmail'
  | 'notifyTelegram'
  | 'notifyPush'
  | 'schedule'
  | 'priceDrop'
>;

export interface AlertEditorOptions {
  /** What the alert's owner may use: the signed-in user's, or what a manage link was given. */
  capabilities(): Capabilities;
  /**
   * Loads the car category's filters (the lazily loaded car filter screen); a failure shows the
   * warning. Without it the filters count as loaded.
   */
  loadCarFilters?: () => Promise<unknown>;
}

/**
 * The platform cards: an unavailable one carries core's plan message and sends guests
 * to login (coming back to `currentPath`) and signed-in users to the subscription page. A platform
 * the saved alert already searches stays available.
 */
export function platformOptions(
  caps: Capabilities,
  selected: PlatformId | null,
  currentPath: string,
  kept: readonly PlatformId[] = [],
): PlatformOption[] {
  return PLATFORM_IDS.map((id) => {
    const available = caps.platformAccess[id] || kept.includes(id);
    return {
      info: PLATFORMS[id],
      available,
      selected: selected === id,
      message: available ? null : caps.getPlatformMessage(id),
      unlockPath: available
        ? null
        : caps.isAuthenticated
          ? UPGRADE_PATH
          : loginRedirectPath(currentPath),
    };
  });
}

/** Whether a saved alert uses a filter of the wizard's advanced step. */
function usesAdvancedFilters(alert: SavedAlert): boolean {
  const custom = alert.customFilters as Partial<CategoryFilters> & { conditions?: unknown[] };
  return (
    alert.deliveryMethod !== 'both' ||
    alert.onlyWithImages ||
    alert.includePaidAds ||
    alert.sellerType !== 'all' ||
    (custom.conditions?.length ?? 0) > 0 ||
    (custom.excludeWords?.length ?? 0) > 0 ||
    custom.hideReserved === true
  );
}

/**
 * An alert's fields as the wizard and the manage page edit them: the values with their messages,
 * the categories and car filters they need, the schedule and the price-drop choice, and the plan
 * rules beside each control. Editing a saved alert
 * (`prefill`), what the alert already uses stays open even where the owner's plan no longer
 * offers it, with a note that says so; the server judges the same way.
 */
export class AlertEditor {
  /** The alert's values and their messages, keyed by the payload's field names. */
  readonly fields = alertFormModel(initialAlertFormState);
  l1Categories: CategoryDto[] = [];
  l2Categories: CategoryDto[] = [];
  categoriesLoading = false;
  carFiltersStatus: CarFiltersStatus = 'idle';
  /** The exclude-words field as typed (commas and all); the form keeps the words. */
  excludeWordsText = '';
  /** When the alert's notifications go out; core's default is instant. */
  schedule: DeliverySchedule = DEFAULT_DELIVERY_SCHEDULE;
  /** Price drops, shown with the notification choices. */
  readonly priceDrop: PriceDropChoice;
  /** The saved alert being changed; null while creating one. */
  saved: SavedAlert | null = null;
  /** What the form built from the saved alert: the base `changes` is measured against. */
  private savedPayload: CreateAlertPayload | null = null;
  private readonly loadCarFilters: () => Promise<unknown>;
  private l2Request = 0;
  private categoriesRequest: Promise<void> | null = null;

  constructor(
    private readonly root: RootStore,
    private readonly options: AlertEditorOptions,
  ) {
    this.loadCarFilters = options.loadCarFilters ?? (() => Promise.resolve());
    this.priceDrop = new PriceDropChoice({ enabled: false }, () =>
      this.featureLock('priceHistory'),
    );
    makeAutoObservable<
      AlertEditor,
      'root' | 'options' | 'loadCarFilters' | 'l2Request' | 'savedPayload' | 'categoriesRequest'
    >(
      this,
      {
        root: false,
        options: false,
        fields: false,
        priceDrop: false,
        loadCarFilters: false,
        l2Request: false,
        categoriesRequest: false,
        l1Categories: observableRef,
        l2Categories: observableRef,
        saved: observableRef,
        savedPayload: observableRef,
      },
      { autoBind: true },
    );
  }

  get form(): AlertFormState {
    return this.fields.values;
  }

  get errors(): Partial<Record<string, string>> {
    return this.fields.errors;
  }

  error(field: string): string | undefined {
    return this.fields.error(field);
  }

  /* ---------- What the owner may do ---------- */

  get caps(): Capabilities {
    return this.options.capabilities();
  }

  get isEditing(): boolean {
    return this.saved !== null;
  }

  get isCarCategory(): boolean {
    return isCarCategory(this.form.category.l1);
  }

  /**
   * When the plan allows a listing filter (or a seller filter the category lacks), or the saved
   * alert has one.
   */
  get advancedVisible(): boolean {
    return (
      advancedStepVisible(this.caps, this.isCarCategory) ||
      (this.saved !== null && usesAdvancedFilters(this.saved))
    );
  }

  /** The features and platforms the saved alert already uses: they stay, whatever the plan. */
  private get kept(): Partial<AlertRequest> {
    return this.saved ?? {};
  }

  private get keptFeatures(): ReadonlySet<FeatureName> {
    return new Set(alertFeaturesUsed(this.kept));
  }

  private lockMessage(feature: FeatureName): string {
    return featureLockedMessage(feature, this.caps.userPlan, alertFormMinimumPlan(feature));
  }

  /** The core message beside a locked control; null when the plan allows it or the alert has it. */
  featureLock(feature: FeatureName): string | null {
    if (this.caps.canUseFeature(feature) || this.keptFeatures.has(feature)) return null;
    return this.lockMessage(feature);
  }

  /** Beside a setting the saved alert keeps though the plan no longer offers it; else null. */
  keptNote(feature: FeatureName): string | null {
    if (this.caps.canUseFeature(feature) || !this.keptFeatures.has(feature)) return null;
    return ALERT_FORM_TEXTS.edit.keptFromPlan(this.lockMessage(feature));
  }

  /** The lock of a seller type choice: private needs the seller filter, business its own. */
  sellerTypeLock(type: SellerType): string | null {
    if (type === 'private') return this.featureLock('sellerTypeFilter');
    if (type === 'business') return this.featureLock('businessFilter');
    return null;
  }

  /** The note beside the seller choices while a kept seller filter is no longer on offer. */
  get sellerTypeNote(): string | null {
    return this.keptNote('sellerTypeFilter') ?? this.keptNote('businessFilter');
  }

  /** Telegram is offered only by a server that can send it (no toggle at all otherwise). */
  get offersTelegram(): boolean {
    return this.caps.channels.telegram;
  }

  get telegram(): TelegramAvailability {
    return telegramAvailability(this.caps);
  }

  /**
   * Whether Telegram may be switched on: when available, or for a saved alert that already sent
   * to Telegram and only meets the limit it counts in itself.
   */
  get telegramAllowed(): boolean {
    const telegram = this.telegram;
    return telegram.ok || (this.saved?.notifyTelegram === true && telegram.reason === 'limit');
  }

  /**
   * Whether push may be switched on: the plan's feature, or a saved alert that already pushes
   * (it may always be switched off).
   */
  get pushAllowed(): boolean {
    return this.caps.canUseFeature('push') || this.saved?.notifyPush === true;
  }

  get platformOptions(): PlatformOption[] {
    const here = this.root.navigator.currentPath();
    return platformOptions(this.caps, this.form.platform, here, this.kept.platforms);
  }

  /* ---------- A saved alert ---------- */

  /**
   * Fills every field from a saved alert, its categories looked up by id, and remembers it: the
   * features it uses stay open, and `changes` says what differs from it.
   */
  async prefill(alert: SavedAlert): Promise<void> {
    await this.loadCategories();
    const l1 = this.l1Categories.find((category) => category.id === alert.l1CategoryId) ?? null;
    if (l1) await this.loadSubcategories(l1.id);
    runInAction(() => {
      const l2 = this.l2Categories.find((category) => category.id === alert.l2CategoryId) ?? null;
      const state = alertFormStateOf(alert, { l1, l2 });
      this.fields.reset(state);
      this.excludeWordsText = (state.categoryFilters.excludeWords ?? []).join(', ');
      this.schedule = alert.schedule;
      this.priceDrop.reset(alert.priceDrop);
      this.saved = alert;
      this.savedPayload = this.payload;
    });
    if (this.isCarCategory) void this.ensureCarFilters();
  }

  /** What differs from the saved alert, as PUT takes it; the whole payload while creating. */
  get changes(): UpdateAlertPayload {
    return this.savedPayload === null
      ? this.payload
      : alertChanges(this.savedPayload, this.payload);
  }

  /* ---------- Platform ---------- */

  /**
   * an unavailable platform changes nothing; core keeps what still fits the new
   * platform. True when the platform changed.
   */
  selectPlatform(platform: PlatformId): boolean {
    const available =
      this.caps.platformAccess[platform] || (this.kept.platforms ?? []).includes(platform);
    if (!available || this.form.platform === platform) return false;
    this.fields.update(changePlatform(this.form, platform, available), 'platforms');
    return true;
  }

  /* ---------- Category ---------- */

  /**
   * GET /categories?type=L1&isActive=true, once; a second caller waits for the same answer. A
   * failure is only logged.
   */
  loadCategories(): Promise<void> {
    if (this.l1Categories.length > 0) return Promise.resolve();
    this.categoriesRequest ??= this.fetchCategories().finally(() => {
      this.categoriesRequest = null;
    });
    return this.categoriesRequest;
  }

  private async fetchCategories(): Promise<void> {
    this.categoriesLoading = true;
    try {
      const categories = await this.root.api.categories.list({ type: 'L1', isActive: true });
      runInAction(() => {
        this.l1Categories = categories;
      });
    } catch (error) {
      console.error('Could not load the categories', error);
    } finally {
      runInAction(() => {
        this.categoriesLoading = false;
      });
    }
  }

  /** Picks a top category (null: all); its filters are cleared unless it stays the same. */
  selectL1(id: number | null): void {
    const l1 = id === null ? null : (this.l1Categories.find((c) => c.id === id) ?? null);
    const same = (this.form.category.l1?.id ?? null) === (l1?.id ?? null);
    this.applyCategory({ l1, l2: same ? this.form.category.l2 : null });
    if (!same) {
      this.l2Categories = [];
      if (l1) void this.loadSubcategories(l1.id);
    }
    if (this.isCarCategory) void this.ensureCarFilters();
  }

  selectL2(id: number | null): void {
    const l2 = id === null ? null : (this.l2Categories.find((c) => c.id === id) ?? null);
    this.applyCategory({ l1: this.form.category.l1, l2 });
  }

  /** No category: the alert searches all of them. */
  clearCategory(): void {
    this.applyCategory({ l1: null, l2: null });
    this.l2Categories = [];
  }

  private applyCategory(next: AlertFormState['category']): void {
    this.fields.update(changeCategory(this.form, next));
    if (this.form.categoryFilters.excludeWords === undefined) this.excludeWordsText = '';
  }

  /** GET /categories?type=L2&parentId=…; only the answer for the latest top category counts. */
  private async loadSubcategories(parentId: number): Promise<void> {
    const request = ++this.l2Request;
    try {
      const categories = await this.root.api.categories.list({
        type: 'L2',
        parentId,
        isActive: true,
      });
      runInAction(() => {
        if (request === this.l2Request) this.l2Categories = categories;
      });
    } catch (error) {
      console.error('Could not load the subcategories', error);
    }
  }

  /**
   * After a search link filled the form: the subcategories of its category for the select and
   * the car filters when it is the car category.
   */
  afterImport(state: AlertFormState): void {
    this.excludeWordsText = '';
    this.l2Categories = [];
    const l1 = state.category.l1;
    if (l1) void this.loadSubcategories(l1.id);
    if (this.isCarCategory) void this.ensureCarFilters();
  }

  /** Loads the car filters once; a failure is a warning toast and can be retried. */
  async ensureCarFilters(): Promise<void> {
    if (this.carFiltersStatus === 'ready' || this.carFiltersStatus === 'loading') return;
    this.carFiltersStatus = 'loading';
    try {
      await this.loadCarFilters();
      runInAction(() => {
        this.carFiltersStatus = 'ready';
      });
    } catch (error) {
      console.error('Could not load the car filters', error);
      runInAction(() => {
        this.carFiltersStatus = 'failed';
      });
      this.root.toasts.warning(ALERT_FIELD_TEXTS.categoryFiltersLoadError);
    }
  }

  /* ---------- Search, price and location ---------- */

  setSearchTerm(value: string): void {
    this.fields.set('searchTerm', value);
  }

  get minPriceLock(): string | null {
    return this.featureLock('minPrice');
  }

  setMinPrice(value: string): void {
    if (this.minPriceLock !== null) return;
    this.fields.set('minPrice', value);
  }

  setMaxPrice(value: string): void {
    this.fields.set('maxPrice', value);
  }

  /** Formatted as typed for the chosen platform; without a code the distance goes back to none. */
  setPostalCode(value: string): void {
    this.fields.set('postalCode', value);
  }

  get distanceEnabled(): boolean {
    return this.fields.enabled('distance');
  }

  setDistance(value: DistanceKm | null): void {
    this.fields.set('distance', value);
  }

  /* ---------- Car filters ---------- */

  setAdvertiser(value: SellerType): void {
    if (this.sellerTypeLock(value) !== null) return;
    this.setCategoryFilter('adverteerder', value);
  }

  /** Mileage and years are whole numbers: anything but digits is dropped as typed. */
  setCarNumber(key: CarNumberFilter, text: string): void {
    const digits = text.replace(/\D/g, '').slice(0, 9);
    this.setCategoryFilter(key, digits === '' ? null : Number(digits));
  }

  toggleFuel(fuel: FuelType, on: boolean): void {
    const current = this.form.categoryFilters.fuel ?? [];
    const fuels = on ? [...new Set([...current, fuel])] : current.filter((f) => f !== fuel);
    this.setCategoryFilter('fuel', fuels);
  }

  /* ---------- Advanced filters ---------- */

  setDeliveryMethod(value: DeliveryMethod): void {
    if (value !== 'both' && this.featureLock('deliveryMethodFilter') !== null) return;
    this.fields.set('deliveryMethod', value);
  }

  setOnlyWithImages(on: boolean): void {
    if (on && this.featureLock('imageFilter') !== null) return;
    this.fields.set('onlyWithImages', on);
  }

  setIncludePaidAds(on: boolean): void {
    if (on && this.featureLock('paidAdsFilter') !== null) return;
    this.fields.set('includePaidAds', on);
  }

  setSellerType(value: SellerType): void {
    if (this.sellerTypeLock(value) !== null) return;
    this.fields.set('sellerType', value);
  }

  toggleCondition(condition: Condition, on: boolean): void {
    const conditions = on
      ? [...new Set([...this.form.conditions, condition])]
      : this.form.conditions.filter((c) => c !== condition);
    this.fields.update({ conditions }, 'customFilters.conditions');
  }

  setExcludeWords(text: string): void {
    this.excludeWordsText = text;
    const words = text
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean);
    this.setCategoryFilter('excludeWords', words);
  }

  setHideReserved(on: boolean): void {
    this.setCategoryFilter('hideReserved', on);
  }

  /* ---------- Notifications ---------- */

  /**
   * turning Telegram off turns e-mail on; e-mail goes off only while Telegram is on.
   * Telegram goes on only when it is available (plan, connected account, capacity).
   */
  toggleNotification(channel: NotificationChannel, on: boolean): void {
    if (channel === 'telegram' && on && !this.telegramAllowed) return;
    if (channel === 'push' && on && !this.pushAllowed) return;
    this.fields.update(applyNotificationToggle(this.form, channel, on), 'notifyEmail');
  }

  /** E-mail cannot be switched off while Telegram is off. */
  get emailLocked(): boolean {
    return applyNotificationToggle(this.form, 'email', false) === this.form;
  }

  /** The schedule fields changed: their messages go. */
  setSchedule(schedule: DeliverySchedule): void {
    this.schedule = schedule;
    for (const key of Object.keys(this.errors)) {
      if (key.startsWith('schedule')) this.fields.clearError(key);
    }
  }

  /* ---------- What will be saved ---------- */

  /**
   * The POST /alerts body. A new alert sends price drops only when chosen, so the plan rules see
   * them only then; a saved one always, so switching them off is a change.
   */
  get payload(): CreateAlertPayload {
    const payload = { ...buildCreateAlertPayload(this.form), schedule: this.schedule };
    const option = this.priceDrop.option;
    return option.enabled || this.saved !== null ? { ...payload, priceDrop: option } : payload;
  }

  /** Everything the alert will store, in words (core's description). */
  get description(): AlertDescriptionRow[] {
    const { form } = this;
    const payload = this.payload;
    const { l1, l2 } = form.category;
    return describeAlert({
      platforms: payload.platforms,
      searchTerm: form.searchTerm,
      categoryNames: { l1: l1?.name ?? null, l2: l2?.name ?? null },
      minPrice: typedEuros(form.minPrice),
      maxPrice: typedEuros(form.maxPrice),
      postalCode: payload.postalCode ?? null,
      distance: form.distance,
      customFilters: payload.customFilters ?? {},
      deliveryMethod: form.deliveryMethod,
      onlyWithImages: form.onlyWithImages,
      includePaidAds: form.includePaidAds,
      sellerType: payload.sellerType ?? 'all',
      notifyEmail: form.notifyEmail,
      notifyTelegram: form.notifyTelegram,
      notifyPush: form.notifyPush,
      priceDrop: this.priceDrop.option,
      schedule: this.schedule,
    });
  }

  /** An empty form again. */
  reset(): void {
    this.fields.reset(initialAlertFormState);
    this.priceDrop.reset({ enabled: false });
    this.schedule = DEFAULT_DELIVERY_SCHEDULE;
    this.excludeWordsText = '';
    this.l2Categories = [];
    this.saved = null;
    this.savedPayload = null;
  }

  private setCategoryFilter<K extends keyof CategoryFilters>(
    key: K,
    value: CategoryFilters[K],
  ): void {
    const categoryFilters = { ...this.form.categoryFilters, [key]: value };
    this.fields.update({ categoryFilters }, `customFilters.${key}`);
  }
}
