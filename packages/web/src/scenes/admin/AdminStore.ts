import { makeAutoObservable, observable, runInAction } from 'mobx';
import {
  API_CONTRACT,
  FORM_ERROR_KEY,
  PLANS,
  PLAN_LABELS,
  PRICING_MODELS,
  PRICING_TOOL_DISPLAY_MODES,
  RETENTION_TEXTS,
  SCREEN_TEXTS,
  SETTING_KEYS,
  SETTING_SCHEMAS,
  adminPlanChangeSchema,
  isApiError,
  parsePrice,
  priceInputText,
  validateInput,
} from '@prijsalarm/core';
import type {
  AdminAlertDto,
  AdminSetAsideListingsResponse,
  AdminStatsResponse,
  AdminTrendsResponse,
  AlertStatus,
  Plan,
  PlatformId,
  PublicSettings,
  SettingKey,
  SettingUpdate,
  UserDto,
} from '@prijsalarm/core';
import { errorText } from '../../stores/errors';
import { AdminPaymentsStore } from './AdminPaymentsStore';
import type { LoadStatus } from '../../stores/latestLoad';
import { PagedList } from '../../stores/PagedList';
import type { RootStore } from '../../stores/RootStore';

const texts = SCREEN_TEXTS.admin;

export const ADMIN_TABS = ['stats', 'users', 'alerts', 'payments', 'settings'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const ADMIN_TAB_ITEMS = ADMIN_TABS.map((id) => ({ id, label: texts.tabs[id] }));

/**
 * GET /admin/stats, GET /admin/trends (the overview's last 30 days) and GET
 * /admin/set-aside-listings (the ads the engine skipped).
 */
export class AdminStatsStore {
  stats: AdminStatsResponse | null = null;
  trends: AdminTrendsResponse | null = null;
  setAside: AdminSetAsideListingsResponse | null = null;
  status: LoadStatus = 'idle';
  error: string | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<AdminStatsStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.status = this.stats ? 'ready' : 'loading';
    try {
      const [stats, trends, setAside] = await Promise.all([
        this.root.api.admin.stats(),
        this.root.api.admin.trends(),
        this.root.api.request(API_CONTRACT.admin.setAsideListings),
      ]);
      runInAction(() => {
        this.stats = stats;
        this.trends = trends;
        this.setAside = setAside;
        this.status = 'ready';
        this.error = null;
      });
    } catch (error) {
      runInAction(() => {
        this.error = errorText(error);
        this.status = 'error';
      });
    }
  }
}

export type AdminUserFilters = { search: string; plan: '' | Plan };
export type AdminAlertFilters = {
  search: string;
  status: '' | AlertStatus;
  platform: '' | PlatformId;
};

/** GET /admin/users (search, plan, pages) and PUT /admin/users/:id/plan. */
export class AdminUsersStore {
  readonly list: PagedList<UserDto, AdminUserFilters>;
  readonly changing = observable.set<string>();

  constructor(private readonly root: RootStore) {
    this.list = new PagedList<UserDto, AdminUserFilters>(
      { search: '', plan: '' },
      async (request) => {
        const { users, pagination } = await root.api.admin.users(request);
        return { items: users, pagination };
      },
    );
    makeAutoObservable<AdminUsersStore, 'root'>(
      this,
      { root: false, list: false, changing: false },
      { autoBind: true },
    );
  }

  get users(): UserDto[] {
    return this.list.items;
  }

  get status(): LoadStatus {
    return this.list.status;
  }

  load(): Promise<void> {
    return this.list.load();
  }

  /** PUT /admin/users/:id/plan, confirmed with a toast; the user's own tabs pick it up on refetch. */
  async changePlan(user: UserDto, plan: Plan): Promise<void> {
    if (plan === user.plan || this.changing.has(user.id)) return;
    const check = validateInput(adminPlanChangeSchema, { plan });
    if (!check.success) {
      this.root.toasts.error(check.error);
      return;
    }
    this.changing.add(user.id);
    try {
      const { user: updated } = await this.root.api.admin.updateUserPlan(user.id, check.data);
      this.list.replace(updated);
      // An admin who changes their own plan sees it at once (and their other tabs are told).
      if (updated.id === this.root.auth.user?.id) this.root.auth.replaceUser(updated);
      this.root.toasts.success(texts.planChanged(updated.email, PLAN_LABELS[updated.plan]));
    } catch (error) {
      this.root.toasts.error(errorText(error));
    } finally {
      runInAction(() => this.changing.delete(user.id));
    }
  }
}

/** GET /admin/alerts (search, status, platform, pages) and DELETE /admin/alerts/:id. */
export class AdminAlertsStore {
  readonly list: PagedList<AdminAlertDto, AdminAlertFilters>;
  deleting: AdminAlertDto | null = null;
  deleteBusy = false;

  constructor(private readonly root: RootStore) {
    this.list = new PagedList<AdminAlertDto, AdminAlertFilters>(
      { search: '', status: '', platform: '' },
      async (request) => {
        const { alerts, pagination } = await root.api.admin.alerts(request);
        return { items: alerts, pagination };
      },
    );
    makeAutoObservable<AdminAlertsStore, 'root'>(
      this,
      { root: false, list: false },
      { autoBind: true },
    );
  }

  get status(): LoadStatus {
    return this.list.status;
  }

  load(): Promise<void> {
    return this.list.load();
  }

  requestDelete(alert: AdminAlertDto): void {
    this.deleting = alert;
  }

  cancelDelete(): void {
    this.deleting = null;
  }

  async confirmDelete(): Promise<void> {
    const alert = this.deleting;
    if (!alert || this.deleteBusy) return;
    this.deleteBusy = true;
    try {
      const { message } = await this.root.api.admin.deleteAlert(alert.id);
      this.root.toasts.success(message);
      this.list.remove(alert.id);
      await this.list.load();
    } catch (error) {
      this.root.toasts.error(errorText(error));
    } finally {
      runInAction(() => {
        this.deleting = null;
        this.deleteBusy = false;
      });
    }
  }
}

/* ---------- Settings ---------- */

/** 'price': euros as a Dutch user writes them, read by core's price parser ('4,99', '1.000'). */
export type SettingFieldKind = 'checkbox' | 'select' | 'text' | 'number' | 'limit' | 'price';

export interface SettingField {
  /** Dot path inside the setting's value; '' for a value that is one field. */
  path: string;
  label: string;
  kind: SettingFieldKind;
  options?: readonly { value: string; label: string }[];
}

const fieldTexts = texts.fields;
const retentionFields = RETENTION_TEXTS.admin.fields;
const perPlan = (kind: SettingFieldKind): SettingField[] =>
  PLANS.map((plan) => ({ path: plan, label: PLAN_LABELS[plan], kind }));
/** A choice among core's allowed values, each shown by its Dutch label (never the raw value). */
const choice = <V extends string>(
  path: string,
  label: string,
  values: readonly V[],
  labels: Record<V, string>,
): SettingField => ({
  path,
  label,
  kind: 'select',
  options: values.map((value) => ({ value, label: labels[value] })),
});

/** The fields of one setting's form (one form per key of SETTING_KEYS). */
export function settingFields(key: SettingKey): SettingField[] {
  switch (key) {
    case 'features.pricingTool':
      return [
        { path: 'enabled', label: fieldTexts.enabled, kind: 'checkbox' },
        choice(
          'displayMode',
          fieldTexts.displayMode,
          PRICING_TOOL_DISPLAY_MODES,
          fieldTexts.displayModes,
        ),
      ];
    case 'features.filterPaidAds':
      return [{ path: '', label: fieldTexts.filterPaidAds, kind: 'checkbox' }];
    case 'pricing':
      return [
        choice('model', fieldTexts.model, PRICING_MODELS, fieldTexts.models),
        { path: 'currency', label: fieldTexts.currency, kind: 'text' },
        { path: 'pricePerAlert', label: fieldTexts.pricePerAlert, kind: 'price' },
        ...PLANS.map((plan) => ({
          path: `subscriptionPrices.${plan}`,
          label: fieldTexts.subscriptionPrice(PLAN_LABELS[plan]),
          kind: 'price' as const,
        })),
      ];
    case 'alertLimits':
    case 'telegramAlertLimits':
      return perPlan('limit');
    case 'checkIntervals':
    case 'validityPeriods':
      return perPlan('number');
    case 'seo.maxFaqItems':
      return [{ path: '', label: fieldTexts.maxFaqItems, kind: 'number' }];
    case 'retention':
      return [
        ...PLANS.map((plan) => ({
          path: `notifications.${plan}`,
          label: retentionFields.notifications(PLAN_LABELS[plan]),
          kind: 'number' as const,
        })),
        { path: 'priceHistory', label: retentionFields.priceHistory, kind: 'number' },
        { path: 'webhookCalls', label: retentionFields.webhookCalls, kind: 'number' },
        { path: 'setAside', label: retentionFields.setAside, kind: 'number' },
      ];
  }
}

function valueAt(source: unknown, path: string): unknown {
  if (path === '') return source;
  let current = source;
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function settingValue(settings: PublicSettings, key: SettingKey): unknown {
  return valueAt(settings, key);
}

export type FieldValue = string | boolean;

/**
 * A typed-in number: '' is missing (a limit: unlimited), a Dutch comma is a decimal point. A price
 * is read by core's price parser; one it cannot read counts as missing here, and `priceErrors`
 * says why.
 */
function numberFrom(text: string, kind: SettingFieldKind): number | null | undefined {
  if (kind === 'price') {
    const price = parsePrice(text);
    return price.kind === 'amount' ? price.euros : undefined;
  }
  const trimmed = text.trim();
  if (trimmed === '') return kind === 'limit' ? null : undefined;
  return Number(trimmed.replace(',', '.'));
}

/** One setting's form: its fields as typed, checked with core's SETTING_SCHEMAS[key], saved by key. */
export class SettingForm {
  values: Record<string, FieldValue> = {};
  errors: Record<string, string> = {};
  formError: string | null = null;
  saving = false;
  readonly fields: SettingField[];

  constructor(
    private readonly root: RootStore,
    readonly key: SettingKey,
    settings: PublicSettings,
  ) {
    this.fields = settingFields(key);
    this.fill(settingValue(settings, key));
    makeAutoObservable<SettingForm, 'root'>(
      this,
      { root: false, key: false, fields: false },
      { autoBind: true },
    );
  }

  get title(): string {
    return texts.settings[this.key];
  }

  /** A line under the title where a setting needs one (what happens, the bounds). */
  get hint(): string | null {
    return this.key === 'retention' ? RETENTION_TEXTS.admin.hint : null;
  }

  set(path: string, value: FieldValue): void {
    this.values = { ...this.values, [path]: value };
    if (path in this.errors) {
      const { [path]: _removed, ...rest } = this.errors;
      this.errors = rest;
    }
  }

  /** The setting's value as the form holds it (numbers parsed; not yet checked). */
  get value(): unknown {
    const converted = (field: SettingField): unknown => {
      const raw = this.values[field.path];
      if (field.kind === 'checkbox') return raw === true;
      if (field.kind === 'number' || field.kind === 'limit' || field.kind === 'price')
        return numberFrom(String(raw ?? ''), field.kind);
      return raw;
    };
    const [single] = this.fields;
    if (this.fields.length === 1 && single?.path === '') return converted(single);
    const value: Record<string, unknown> = {};
    for (const field of this.fields) {
      const parts = field.path.split('.');
      let target = value;
      for (const part of parts.slice(0, -1)) {
        target[part] ??= {};
        target = target[part] as Record<string, unknown>;
      }
      target[parts.at(-1)!] = converted(field);
    }
    return value;
  }

  /** The price fields core's price parser cannot read, with its message. */
  get priceErrors(): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const field of this.fields) {
      if (field.kind !== 'price') continue;
      const price = parsePrice(String(this.values[field.path] ?? ''));
      if (price.kind === 'invalid') errors[field.path] = price.message;
    }
    return errors;
  }

  /** Client-side check with core's schema, then PUT /admin/settings {key, value}. */
  async save(): Promise<boolean> {
    if (this.saving) return false;
    const check = validateInput(SETTING_SCHEMAS[this.key], this.value);
    const priceErrors = this.priceErrors;
    if (!check.success || Object.keys(priceErrors).length > 0) {
      this.showErrors({ ...(check.success ? {} : check.fields), ...priceErrors }, null);
      return false;
    }
    this.errors = {};
    this.formError = null;
    this.saving = true;
    try {
      const answer = await this.root.api.admin.updateSetting({
        key: this.key,
        value: check.data,
      } as SettingUpdate);
      runInAction(() => this.fill(settingValue(answer.settings, this.key)));
      void this.root.settings.load({ force: true });
      this.root.toasts.success(texts.saved(this.title));
      return true;
    } catch (error) {
      runInAction(() => {
        if (isApiError(error))
          this.showErrors(serverFieldErrors(error.fields ?? {}), error.message);
        else this.formError = errorText(error);
      });
      return false;
    } finally {
      runInAction(() => {
        this.saving = false;
      });
    }
  }

  private showErrors(fields: Record<string, string>, formError: string | null): void {
    const errors: Record<string, string> = {};
    let general = formError;
    for (const [path, message] of Object.entries(fields)) {
      const fieldPath = path === FORM_ERROR_KEY ? '' : path;
      if (this.fields.some((field) => field.path === fieldPath)) errors[fieldPath] = message;
      else general ??= message;
    }
    this.errors = errors;
    this.formError = general;
  }

  private fill(value: unknown): void {
    const values: Record<string, FieldValue> = {};
    for (const field of this.fields) {
      const current = valueAt(value, field.path);
      values[field.path] =
        field.kind === 'checkbox'
          ? current === true
          : current === null || current === undefined
            ? ''
            : field.kind === 'price' && typeof current === 'number'
              ? priceInputText(current)
              : String(current);
    }
    this.values = values;
  }
}

/** The server names fields inside the body (`value.FREE`); the form names them inside the value. */
export function serverFieldErrors(fields: Record<string, string>): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    if (path === 'value') mapped[FORM_ERROR_KEY] = message;
    else if (path.startsWith('value.')) mapped[path.slice('value.'.length)] = message;
    else mapped[path] = message;
  }
  return mapped;
}

/** One form per settings key, filled from freshly loaded settings. */
export class AdminSettingsStore {
  forms: SettingForm[] = [];
  status: LoadStatus = 'idle';

  constructor(private readonly root: RootStore) {
    makeAutoObservable<AdminSettingsStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.status = 'loading';
    const settings = await this.root.settings.load({ force: true });
    runInAction(() => {
      this.forms = SETTING_KEYS.map((key) => new SettingForm(this.root, key, settings));
      this.status = 'ready';
    });
  }
}

/** The admin area: its sections, each loaded when first shown. */
export class AdminStore {
  readonly stats: AdminStatsStore;
  readonly users: AdminUsersStore;
  readonly alerts: AdminAlertsStore;
  readonly payments: AdminPaymentsStore;
  readonly settings: AdminSettingsStore;

  constructor(root: RootStore) {
    this.stats = new AdminStatsStore(root);
    this.users = new AdminUsersStore(root);
    this.alerts = new AdminAlertsStore(root);
    this.payments = new AdminPaymentsStore(root);
    this.settings = new AdminSettingsStore(root);
  }

  /** Loads a section the first time it is opened. */
  open(tab: AdminTab): void {
    const section = this[tab];
    if (section.status === 'idle') void section.load();
  }
}
