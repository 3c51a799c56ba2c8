import { makeAutoObservable, runInAction } from 'mobx';
import { FORM_ERROR_KEY, STRINGS, isApiError, validateInput } from '@prijsalarm/core';

type Schema = Parameters<typeof validateInput>[0];
/** What a schema gives when the input passes. */
export type ValidData<S extends Schema> = Extract<
  ReturnType<typeof validateInput<S>>,
  { success: true }
>['data'];

export type FormStatus = 'idle' | 'submitting' | 'done';

/**
 * The state of one form: its values, the Dutch message per field (from core's schemas or from the
 * server's `fields`), one message for the whole form, and whether it is being sent.
 */
export class FormModel<Values extends object> {
  values: Values;
  errors: Record<string, string> = {};
  formError: string | null = null;
  status: FormStatus = 'idle';
  /** Bumped on every failed submit, so the form can move focus to the first error. */
  failedAttempts = 0;

  constructor(initial: Values) {
    this.values = { ...initial };
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get isSubmitting(): boolean {
    return this.status === 'submitting';
  }

  set<K extends keyof Values>(name: K, value: Values[K]): void {
    this.values = { ...this.values, [name]: value };
    if (typeof name === 'string' && name in this.errors) {
      const { [name]: _removed, ...rest } = this.errors;
      this.errors = rest;
    }
  }

  error(name: keyof Values & string): string | undefined {
    return this.errors[name];
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
      const { [FORM_ERROR_KEY]: formError, ...fields } = result.fields;
      this.errors = fields;
      this.formError = formError ?? null;
      this.failedAttempts += 1;
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
        this.errors = isApiError(error) ? { ...error.fields } : {};
        this.formError = isApiError(error) ? error.message : STRINGS.apiClient.unexpected;
        if (!isApiError(error)) console.error(error);
        this.failedAttempts += 1;
      });
      return undefined;
    }
  }
}
