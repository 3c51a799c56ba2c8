import { makeAutoObservable } from 'mobx';
import {
  buildGuestCreateAlertPayload,
  canSubmitGuest,
  distanceEnabled,
  guestCreateAlertSchema,
  initialGuestAlertFormState,
  normalizePostalCode,
  postCreationRedirect,
  validateInput,
} from '@prijsalarm/core';
import type { AlertFormState, DistanceKm, GuestCreateAlertPayload } from '@prijsalarm/core';
import type { RootStore } from '../../stores/RootStore';
import { AlertCreation } from './AlertCreation';

export type GuestField = 'searchTerm' | 'maxPrice' | 'postalCode' | 'distance' | 'email';

/**
 * The guest's one-page alert form (spec §2 "Alert form, guest"): Marktplaats only, search term,
 * max price, postal code with distance, e-mail. Every rule and message comes from core.
 */
export class GuestAlertFormStore {
  form: AlertFormState = { ...initialGuestAlertFormState };
  errors: Partial<Record<string, string>> = {};
  /** A refusal that no single field explains. */
  formError: string | null = null;
  /** Bumped on every refused submit, so the form can move the focus to the first error. */
  failedAttempts = 0;
  readonly creation: AlertCreation;

  constructor(private readonly root: RootStore) {
    this.creation = new AlertCreation(root);
    makeAutoObservable<GuestAlertFormStore, 'root'>(
      this,
      { root: false, creation: false },
      { autoBind: true },
    );
  }

  get distanceEnabled(): boolean {
    return distanceEnabled(this.form.postalCode);
  }

  /** Spec §5: a guest needs a platform, a search term and an e-mail address. */
  get canSubmit(): boolean {
    return canSubmitGuest(this.form) && !this.creation.isSubmitting;
  }

  get payload(): GuestCreateAlertPayload {
    return buildGuestCreateAlertPayload(this.form);
  }

  error(field: GuestField): string | undefined {
    return this.errors[field];
  }

  setSearchTerm(value: string): void {
    this.update({ searchTerm: value }, 'searchTerm');
  }

  setMaxPrice(value: string): void {
    this.update({ maxPrice: value }, 'maxPrice');
  }

  /** Formatted as typed ('3511ab' → '3511 AB'); without a code the distance goes back to none. */
  setPostalCode(value: string): void {
    const postalCode = normalizePostalCode('marktplaats', value);
    this.update(
      distanceEnabled(postalCode) ? { postalCode } : { postalCode, distance: null },
      'postalCode',
    );
  }

  setDistance(value: DistanceKm | null): void {
    if (!this.distanceEnabled) return;
    this.update({ distance: value }, 'distance');
  }

  setEmail(value: string): void {
    this.update({ email: value }, 'email');
  }

  /** Checks with core's guest schema; the messages go next to their fields. */
  validate(): boolean {
    const result = validateInput(guestCreateAlertSchema, this.payload);
    this.errors = result.success ? {} : result.fields;
    this.formError = null;
    return result.success && canSubmitGuest(this.form);
  }

  async submit(): Promise<void> {
    if (this.creation.isSubmitting) return;
    if (!this.validate()) {
      this.failedAttempts += 1;
      return;
    }
    const payload = this.payload;
    await this.root.ensureCsrfToken();
    const outcome = await this.creation.create(() => this.root.api.alerts.create(payload), {
      redirectAfterSuccess: (manageUrl) => postCreationRedirect('page', manageUrl),
      onNoRedirect: this.reset,
      upgradeOnPlanError: false,
    });
    if (outcome.type === 'fields') this.refused(outcome.fields, outcome.message);
  }

  /** The error card's retry: back to the form with what was typed. */
  retry(): void {
    this.creation.reset();
  }

  /** A fresh, empty form. */
  reset(): void {
    this.form = { ...initialGuestAlertFormState };
    this.errors = {};
    this.formError = null;
    this.creation.reset();
  }

  dispose(): void {
    this.creation.dispose();
  }

  private refused(fields: Record<string, string>, message: string): void {
    this.errors = fields;
    this.formError = message;
    this.failedAttempts += 1;
  }

  private update(changes: Partial<AlertFormState>, field: GuestField): void {
    this.form = { ...this.form, ...changes };
    if (this.errors[field] !== undefined) {
      const { [field]: _removed, ...rest } = this.errors;
      this.errors = rest;
    }
  }
}
