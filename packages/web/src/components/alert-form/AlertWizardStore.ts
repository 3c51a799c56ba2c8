import { autorun, makeAutoObservable, observableRef, runInAction } from 'mobx';
import {
  ALERT_FORM_TEXTS,
  DEFAULT_DELIVERY_SCHEDULE,
  describeSchedule,
  PLATFORMS,
  PLATFORM_IDS,
  STRINGS,
  UPGRADE_PATH,
  advancedStepVisible,
  alertFormMinimumPlan,
  applyNotificationToggle,
  buildCreateAlertPayload,
  canSubmitAuthenticated,
  changeCategory,
  changePlatform,
  distanceEnabled,
  featureLockedMessage,
  formatCheckInterval,
  formatPriceRange,
  initialAlertFormState,
  isCarCategory,
  loginRedirectPath,
  maxAlertsWarning,
  parsePrice,
  postCreationRedirect,
  telegramAvailability,
  userCreateAlertSchema,
  validateInput,
} from '@prijsalarm/core';
import type {
  AlertFormContext,
  AlertFormState,
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
  MaxAlertsWarning,
  NotificationChannel,
  PlatformId,
  PlatformInfo,
  SellerType,
  TelegramAvailability,
} from '@prijsalarm/core';
import type { RootStore } from '../../stores/RootStore';
import { AlertCreation } from './AlertCreation';
import { SearchLinkImport, alertFormModel } from './alertFields';
import { PriceDropChoice } from '../price-drop/PriceDropChoice';

/** The wizard's steps in order (spec §2 "Alert form, authenticated"); two appear only sometimes. */
export const WIZARD_STEPS = [
  'platform',
  'category',
  'search',
  'priceLocation',
  'carFilters',
  'advanced',
  'summary',
] as const;
export type WizardStepId = (typeof WIZARD_STEPS)[number];

/** Which step shows a field of the payload, so a refusal can return to it. */
function stepOfField(field: string): WizardStepId {
  const [head = '', sub = ''] = field.split('.');
  switch (head) {
    case 'platforms':
      return 'platform';
    case 'l1CategoryId':
    case 'l2CategoryId':
      return 'category';
    case 'searchTerm':
      return 'search';
    case 'minPrice':
    case 'maxPrice':
    case 'postalCode':
    case 'distance':
      return 'priceLocation';
    case 'customFilters':
      return ['conditions', 'excludeWords', 'hideReserved'].includes(sub)
        ? 'advanced'
        : 'carFilters';
    case 'deliveryMethod':
    case 'onlyWithImages':
    case 'includePaidAds':
    case 'sellerType':
      return 'advanced';
    default:
      return 'summary';
  }
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

export interface WizardSummary {
  platform: string;
  searchTerm: string;
  category: string;
  price: string;
  location: string;
  sellerType: string;
  checkInterval: string;
  schedule: string;
}

export interface AlertWizardOptions {
  context: AlertFormContext;
  /**
   * Loads the car category's filters (the lazily loaded car filter screen); a failure shows the
   * warning of spec §8. Without it the filters count as loaded.
   */
  loadCarFilters?: () => Promise<unknown>;
}

const texts = ALERT_FORM_TEXTS;

/** A typed price for the summary: the price step refused an unreadable one before it shows. */
function typedEuros(text: string): number | null {
  const price = parsePrice(text);
  return price.kind === 'amount' ? price.euros : null;
}

/**
 * The platform cards (spec §2): an unavailable one carries core's plan message and sends guests
 * to login (coming back to `currentPath`) and signed-in users to the subscription page.
 */
export function platformOptions(
  caps: Capabilities,
  selected: PlatformId | null,
  currentPath: string,
): PlatformOption[] {
  return PLATFORM_IDS.map((id) => {
    const available = caps.platformAccess[id];
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

/**
 * The signed-in user's alert wizard (spec §2, §4, §5, §6): platform, category (optional), search,
 * price and location, car filters (car category only), advanced filters (when the plan has any),
 * notifications and summary. Rules, messages and the payload come from core.
 */
export class AlertWizardStore {
  /** The alert's values and their messages, keyed by the payload's field names. */
  readonly fields = alertFormModel(initialAlertFormState);
  stepId: WizardStepId = 'platform';
  /** Bumped on every step change and refusal, so the view can move the focus. */
  focusRequests = 0;
  l1Categories: CategoryDto[] = [];
  l2Categories: CategoryDto[] = [];
  categoriesLoading = false;
  carFiltersStatus: CarFiltersStatus = 'idle';
  /** The exclude-words field as typed (commas and all); the form keeps the words. */
  excludeWordsText = '';
  /** When the alert's notifications go out (issue 13 §2); core's default is instant. */
  schedule: DeliverySchedule = DEFAULT_DELIVERY_SCHEDULE;
  readonly creation: AlertCreation;
  /** 'Plak een zoeklink': fills every step from a marketplace search link. */
  readonly link: SearchLinkImport;
  /** Price drops (issue 13 §1; PRO), shown with the notification choices. */
  readonly priceDrop: PriceDropChoice;
  readonly context: AlertFormContext;
  private readonly loadCarFilters: () => Promise<unknown>;
  private l2Request = 0;
  private readonly stopPreselect: () => void;

  constructor(
    private readonly root: RootStore,
    options: AlertWizardOptions,
  ) {
    this.context = options.context;
    this.loadCarFilters = options.loadCarFilters ?? (() => Promise.resolve());
    this.creation = new AlertCreation(root);
    this.priceDrop = new PriceDropChoice({ enabled: false }, () =>
      this.featureLock('priceHistory'),
    );
    this.link = new SearchLinkImport(this.fields, {
      form: 'wizard',
      platformMessage: (platform) => this.caps.getPlatformMessage(platform),
      featureLock: (feature) => this.featureLock(feature),
      loadCategories: () => root.api.categories.list({ isActive: true }),
      afterImport: (state) => this.afterLinkImport(state),
    });
    makeAutoObservable<AlertWizardStore, 'root' | 'loadCarFilters' | 'l2Request' | 'stopPreselect'>(
      this,
      {
        root: false,
        fields: false,
        creation: false,
        priceDrop: false,
        link: false,
        context: false,
        loadCarFilters: false,
        l2Request: false,
        stopPreselect: false,
        l1Categories: observableRef,
        l2Categories: observableRef,
      },
      { autoBind: true },
    );
    // The only platform the plan allows is chosen already (a fresh or restarted wizard too).
    this.stopPreselect = autorun(() => {
      if (this.form.platform !== null) return;
      const open = PLATFORM_IDS.filter((id) => this.caps.platformAccess[id]);
      if (open.length === 1) this.selectPlatform(open[0]!);
    });
  }

  get form(): AlertFormState {
    return this.fields.values;
  }

  get errors(): Partial<Record<string, string>> {
    return this.fields.errors;
  }

  /* ---------- What the user may do ---------- */

  get caps(): Capabilities {
    return this.root.capabilities.current;
  }

  get isCarCategory(): boolean {
    return isCarCategory(this.form.category.l1);
  }

  /** Spec §6: only if the plan allows a listing filter, or seller filters the category lacks. */
  get advancedStepVisible(): boolean {
    return advancedStepVisible(this.caps, this.isCarCategory);
  }

  /** The core message beside a locked control; null when the plan allows it. */
  featureLock(feature: FeatureName): string | null {
    if (this.caps.canUseFeature(feature)) return null;
    return featureLockedMessage(feature, this.caps.userPlan, alertFormMinimumPlan(feature));
  }

  /** The lock of a seller type choice: private needs the seller filter, business its own. */
  sellerTypeLock(type: SellerType): string | null {
    if (type === 'private') return this.featureLock('sellerTypeFilter');
    if (type === 'business') return this.featureLock('businessFilter');
    return null;
  }

  /** Telegram is offered only by a server that can send it (no toggle at all otherwise). */
  get offersTelegram(): boolean {
    return this.caps.channels.telegram;
  }

  get telegram(): TelegramAvailability {
    return telegramAvailability(this.caps);
  }

  get maxAlertsWarning(): MaxAlertsWarning | null {
    return maxAlertsWarning(this.caps);
  }

  get canSubmit(): boolean {
    return (
      canSubmitAuthenticated(this.form, this.caps.canCreateAlerts) && !this.creation.isSubmitting
    );
  }

  /* ---------- Steps ---------- */

  get steps(): WizardStepId[] {
    return WIZARD_STEPS.filter((step) => {
      if (step === 'carFilters') return this.isCarCategory;
      if (step === 'advanced') return this.advancedStepVisible;
      return true;
    });
  }

  /** The step shown; a step that disappeared (plan or category changed) gives way to the summary. */
  get currentStep(): WizardStepId {
    return this.steps.includes(this.stepId) ? this.stepId : 'summary';
  }

  get stepNumber(): number {
    return this.steps.indexOf(this.currentStep) + 1;
  }

  get totalSteps(): number {
    return this.steps.length;
  }

  get isFirstStep(): boolean {
    return this.stepNumber === 1;
  }

  get isLastStep(): boolean {
    return this.stepNumber === this.totalSteps;
  }

  /** Forward, after checking the fields of this step. */
  next(): void {
    if (!this.checkStep(this.currentStep)) return;
    const following = this.steps[this.stepNumber];
    if (following) this.goTo(following);
  }

  back(): void {
    const previous = this.steps[this.stepNumber - 2];
    if (previous) this.goTo(previous);
  }

  goTo(step: WizardStepId): void {
    this.stepId = step;
    this.focusRequests += 1;
  }

  /* ---------- Platform ---------- */

  get platformOptions(): PlatformOption[] {
    return platformOptions(this.caps, this.form.platform, this.root.navigator.currentPath());
  }

  /**
   * Spec §4: an unavailable platform changes nothing; changing the platform goes back to the
   * platform choice (core keeps what still fits the new platform).
   */
  selectPlatform(platform: PlatformId): void {
    const available = this.caps.platformAccess[platform];
    if (!available || this.form.platform === platform) return;
    const changing = this.form.platform !== null;
    this.fields.update(changePlatform(this.form, platform, available), 'platforms');
    if (changing) this.goTo('platform');
  }

  /* ---------- Category ---------- */

  /** GET /categories?type=L1&isActive=true; a failure is only logged (spec §8). */
  async loadCategories(): Promise<void> {
    if (this.l1Categories.length > 0 || this.categoriesLoading) return;
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

  /** The category step is optional: skipping it searches all categories. */
  skipCategory(): void {
    this.applyCategory({ l1: null, l2: null });
    this.l2Categories = [];
    this.goTo('search');
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
   * After a search link filled the form: the subcategories of its category for the select, the
   * car filters when it is the car category, and on to the summary (or the search step, when the
   * link had no search term) so every value can be checked at once.
   */
  private afterLinkImport(state: AlertFormState): void {
    this.excludeWordsText = '';
    this.l2Categories = [];
    const l1 = state.category.l1;
    if (l1) void this.loadSubcategories(l1.id);
    if (this.isCarCategory) void this.ensureCarFilters();
    this.goTo(state.searchTerm.trim() === '' ? 'search' : 'summary');
  }

  /** Loads the car filters once; a failure is a warning toast (spec §8) and can be retried. */
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
      this.root.toasts.warning(STRINGS.alertForm.categoryFiltersLoadError);
    }
  }

  /* ---------- Search, price and location ---------- */

  setSearchTerm(value: string): void {
    this.fields.set('searchTerm', value);
  }

  setMinPrice(value: string): void {
    if (this.featureLock('minPrice') !== null) return;
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
   * Spec §4: turning Telegram off turns e-mail on; e-mail goes off only while Telegram is on.
   * Telegram goes on only when it is available (plan, connected account, capacity).
   */
  toggleNotification(channel: NotificationChannel, on: boolean): void {
    if (channel === 'telegram' && on && !this.telegram.ok) return;
    this.fields.update(applyNotificationToggle(this.form, channel, on), 'notifyEmail');
  }

  /** E-mail cannot be switched off while Telegram is off. */
  get emailLocked(): boolean {
    return applyNotificationToggle(this.form, 'email', false) === this.form;
  }

  /* ---------- Summary and sending ---------- */

  get payload(): CreateAlertPayload {
    const payload = { ...buildCreateAlertPayload(this.form), schedule: this.schedule };
    // Price drops (issue 13 §1): sent only when chosen, so the plan rules see it only then.
    return this.priceDrop.enabled ? { ...payload, priceDrop: this.priceDrop.option } : payload;
  }

  /** The schedule fields changed: their messages go. */
  setSchedule(schedule: DeliverySchedule): void {
    this.schedule = schedule;
    for (const key of Object.keys(this.errors)) {
      if (key.startsWith('schedule')) this.fields.clearError(key);
    }
  }

  get summary(): WizardSummary {
    const { form, caps } = this;
    const platform = form.platform ? PLATFORMS[form.platform] : null;
    const { l1, l2 } = form.category;
    const sellerType = this.isCarCategory
      ? (form.categoryFilters.adverteerder ?? 'all')
      : form.sellerType;
    const postalCode = this.payload.postalCode ?? null;
    return {
      platform: platform ? platform.name : texts.summary.notSet,
      searchTerm: form.searchTerm.trim() || texts.summary.notSet,
      category: l1 ? [l1.name, l2?.name].filter(Boolean).join(' › ') : texts.category.all,
      price: formatPriceRange(typedEuros(form.minPrice), typedEuros(form.maxPrice)),
      location: texts.location(
        postalCode,
        distanceEnabled(postalCode) ? form.distance : null,
        STRINGS.alertForm.wholeCountry,
      ),
      sellerType: texts.advanced.sellerTypes[sellerType],
      checkInterval: formatCheckInterval(caps.userCheckInterval),
      schedule: describeSchedule(this.schedule),
    };
  }

  /**
   * POST /alerts. Without a search term: the toast 'Zoekterm is verplicht' and back to the search
   * step (spec §5). A plan refusal goes to the upgrade page after 3 s; the client's own plan hook
   * (toast and /pricing after 2 s) stays silent for this call, so there is one redirect.
   */
  async submit(): Promise<void> {
    if (this.creation.isSubmitting) return;
    const result = validateInput(userCreateAlertSchema, this.payload);
    if (this.form.searchTerm.trim() === '') {
      // Every other step's messages wait there too, so each shows all of its own at once.
      const others = result.success ? {} : result.fields;
      this.fields.refuse({ ...others, searchTerm: STRINGS.alertForm.searchTermRequired });
      this.root.toasts.error(STRINGS.alertForm.searchTermRequired);
      this.goTo('search');
      return;
    }
    if (!canSubmitAuthenticated(this.form, this.caps.canCreateAlerts)) {
      this.refuse(
        this.caps.canCreateAlerts
          ? { platforms: STRINGS.alertForm.platformRequired }
          : { _form: STRINGS.alertForm.maxAlertsReached },
      );
      return;
    }
    if (!result.success) {
      this.refuse(result.fields);
      return;
    }
    const payload = this.payload;
    const outcome = await this.creation.create(
      () => this.root.api.alerts.create(payload, { notifyPlanRequired: false }),
      {
        redirectAfterSuccess: (manageUrl) => postCreationRedirect(this.context, manageUrl),
        onNoRedirect: this.startOver,
        upgradeOnPlanError: true,
      },
    );
    if (outcome.type === 'created') void this.root.capabilities.load({ force: true });
    if (outcome.type === 'fields') this.refuse(outcome.fields);
  }

  /** The error card's retry: back to the platform choice, with what was filled in. */
  retry(): void {
    this.creation.reset();
    this.goTo('platform');
  }

  /** A fresh wizard (after a success without a manage URL). */
  startOver(): void {
    this.fields.reset(initialAlertFormState);
    this.priceDrop.reset({ enabled: false });
    this.schedule = DEFAULT_DELIVERY_SCHEDULE;
    this.excludeWordsText = '';
    this.l2Categories = [];
    this.creation.reset();
    this.goTo('platform');
  }

  dispose(): void {
    this.stopPreselect();
    this.creation.dispose();
  }

  /* ---------- Internals ---------- */

  /** The messages of one step's fields (from core's schema); true when there are none. */
  private checkStep(step: WizardStepId): boolean {
    const own = (field: string) => stepOfField(field) === step;
    if (this.fields.check(userCreateAlertSchema, this.payload, own)) return true;
    this.focusRequests += 1;
    return false;
  }

  /** Shows messages and goes to the step of the first. */
  private refuse(fields: Record<string, string>): void {
    this.fields.refuse(fields);
    const first = Object.keys(fields)[0];
    const step = first === undefined ? this.currentStep : stepOfField(first);
    this.goTo(this.steps.includes(step) ? step : this.currentStep);
    const message = Object.values(fields)[0];
    if (message) this.root.toasts.error(message);
  }

  private setCategoryFilter<K extends keyof CategoryFilters>(
    key: K,
    value: CategoryFilters[K],
  ): void {
    const categoryFilters = { ...this.form.categoryFilters, [key]: value };
    this.fields.update({ categoryFilters }, `customFilters.${key}`);
  }
}
