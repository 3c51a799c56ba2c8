import { makeAutoObservable, runInAction } from 'mobx';
import {
  FORM_ERROR_KEY,
  PLANS,
  PLAN_LABELS,
  PRICING_MODELS,
  PRICING_TOOL_DISPLAY_MODES,
  RETENTION_TEXTS,
  SCREEN_TEXTS,
  SETTING_KEYS,
  SETTING_SCHEMAS,
  isApiError,
  parsePrice,
  priceInputText,
  validateInput,
} from '@prijsalarm/core';
import type { PublicSettings, SettingKey, SettingUpdate } from '@prijsalarm/core';
import { errorText } from '../../stores/errors';
import type { LoadStatus } from '../../stores/latestLoad';
import type { RootStore } from '../../stores/RootStore';

const texts = SCREEN_TEXTS.admin;

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
