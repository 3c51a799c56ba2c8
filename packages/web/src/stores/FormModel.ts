import { makeAutoObservable, runInAction } from 'mobx';
import { API_CLIENT_TEXTS, FORM_ERROR_KEY, isApiError, validateInput } from '@prijsalarm/core';

type Schema = Parameters<typeof validateInput>[0];
/** What a schema gives when the input passes. */
export type ValidData<S extends Schema> = Extract<
  ReturnType<typeof validateInput<S>>,
  { success: true }
>['data'];

export type FormStatus = 'idle' | 'submitting' | 'done';

/**
 * How setting one field behaves, when it is more than storing what was typed: the values it
 * changes (formatting as typed, other fields that follow it) and when it may change at all.
 */
export interface FieldRule<Values, K extends keyof Values> {
  /** The values that change when `value` is typed; without it only the field itself. */
  change?(value: Values[K], values: Values): Partial<Values>;
  /** False while the field is disabled: setting it then changes nothing. */
  enabled?(values: Values): boolean;
}

export type FieldRules<Values> = { [K in keyof Values]?: FieldRule<Values, K> };

/**
 * The state of one form: its values, the Dutch message per field (from core's schemas or from the
 * server's `fields`), one message for the whole form, and whether it is being sent.
 *
 * Message keys are the names the schema and the server use. They are the value names for a flat
 * form; a form whose values are built into another shape before checking (the alert forms) names
 * the message it clears in `update`.
 */
export class FormModel<Values extends object> {
  values: Values;
  errors: Record<string, string> = {};
  formError: string | null = null;
  status: FormStatus = 'idle';
  /** Bumped on every failed submit, so the form can move focus to the first error. */
  failedAttempts = 0;

  constructor(
    initial: Values,
    private readonly rules: FieldRules<Values> = {},
  ) {
    this.values = { ...initial };
    makeAutoObservable<FormModel<Values>, 'rules'>(this, { rules: false }, { autoBind: true });
  }

  get isSubmitting(): boolean {
    return this.status === 'submitting';
  }

  /** Whether the field can be changed now (its rule's `enabled`; true without one). */
  enabled(name: keyof Values): boolean {
    return this.rules[name]?.enabled?.(this.values) ?? true;
  }

  /** Typing in a field: its rule decides what changes, and the field's message goes. */
  set<K extends keyof Values>(name: K, value: Values[K]): void {
    if (!this.enabled(name)) return;
    const change = this.rules[name]?.change;
    const changes: Partial<Values> = change ? change(value, this.values) : {};
    if (!change) changes[name] = value;
    this.update(changes, String(name));
  }

  /** Several values at once (one user action), clearing the message keyed `errorKey`. */
  update(changes: Partial<Values>, errorKey?: string): void {
    this.values = { ...this.values, ...changes };
    if (errorKey !== undefined) this.clearError(errorKey);
  }

  error(name: string): string | undefined {
    return this.errors[name];
  }

  clearError(name: string): void {
    if (!(name in this.errors)) return;
    const { [name]: _removed, ...rest } = this.errors;
    this.errors = rest;
  }

  clearErrors(): void {
    this.errors = {};
    this.formError = null;
  }

  reset(values?: Partial<Values>): void {
    this.values = { ...this.values, ...values };
    this.clearErrors();
    this.status = 'idle';
  }

  /**
   * Checks `input` (the values, or what is built from them) with `schema` and shows the messages
   * of the fields `shown` keeps (a wizard step shows only its own); true when none of them has one.
   */
  check(schema: Schema, input: unknown = this.values, shown?: (field: string) => boolean): boolean {
    const result = validateInput(schema, input);
    const fields = result.success ? {} : result.fields;
    const kept = shown
      ? Object.fromEntries(Object.entries(fields).filter(([field]) => shown(field)))
      : fields;
    this.showErrors(kept);
    return Object.keys(kept).length === 0;
  }

  /** A refusal (core's check or the server's answer): messages shown, focus to the first one. */
  refuse(fields: Record<string, string>, formError: string | null = null): void {
    this.showErrors(fields, formError);
    this.countFailedAttempt();
  }

  /** One more refused attempt: the form announces it and moves focus to its first message. */
  countFailedAttempt(): void {
    this.failedAttempts += 1;
  }

  /**
   * Validates with `schema` and, when it passes, runs `action` with the parsed data. A refusal
   * (validation or API error) is kept as field and form messages; the result is undefined then.
   */
  async submit<S extends Schema, R>(
    schema: S,
    action: (data: ValidData<S>) => Promise<R>,
  ): Promise<R | undefined> {
    if (this.isSubmitting) return undefined;
    const result = validateInput(schema, this.values);
    if (!result.success) {
      this.refuse(result.fields);
      return undefined;
    }
    this.clearErrors();
    this.status = 'submitting';
    try {
      const answer = await action(result.data as ValidData<S>);
      runInAction(() => {
        this.status = 'done';
      });
      return answer;
    } catch (error) {
      runInAction(() => {
        this.status = 'idle';
        if (!isApiError(error)) console.error(error);
        this.refuse(
          isApiError(error) ? { ...error.fields } : {},
          isApiError(error) ? error.message : API_CLIENT_TEXTS.unexpected,
        );
      });
      return undefined;
    }
  }

  /** A `_form` message (one no single field explains) goes above the form, unless one is given. */
  private showErrors(fields: Record<string, string>, formError: string | null = null): void {
    const { [FORM_ERROR_KEY]: general, ...own } = fields;
    this.errors = own;
    this.formError = formError ?? general ?? null;
  }
}
