import { makeAutoObservable } from 'mobx';
import {
  buildGuestCreateAlertPayload,
  canSubmitGuest,
  initialGuestAlertFormState,
  postCreationRedirect,
} from '@prijsalarm/core';
import type { AlertFormState, DistanceKm, GuestCreateAlertPayload } from '@prijsalarm/core';
import type { RootStore } from '../../stores/RootStore';
import { AlertCreation } from './AlertCreation';
import { SearchLinkImport, alertFormModel } from './alertFields';

/** The schema is zod: it loads on its own, when the form is first touched or sent. */
const loadGuestSchema = () =>
  import('./guestAlertSchema').then((module) => module.guestCreateAlertSchema);

export type GuestField = 'searchTerm' | 'maxPrice' | 'postalCode' | 'distance' | 'email';

/**
 * The guest's one-page alert form: Marktplaats only, search term,
 * max price, postal code with distance, e-mail. Every rule and message comes from core.
 */
export class GuestAlertFormStore {
  readonly fields = alertFormModel(initialGuestAlertFormState);
  readonly creation: AlertCreation;
  /** 'Plak een zoeklink': a Marktplaats link fills the guest fields; 2dehands gets the plan message. */
  readonly link: SearchLinkImport;

  constructor(private readonly root: RootStore) {
    this.creation = new AlertCreation(root);
    this.link = new SearchLinkImport(this.fields, {
      form: 'guest',
      platformMessage: (platform) => root.capabilities.current.getPlatformMessage(platform),
      featureLock: () => null,
      loadCategories: () => root.api.categories.list({ isActive: true }),
    });
    makeAutoObservable<GuestAlertFormStore, 'root'>(
      this,
      { root: false, fields: false, creation: false, link: false },
      { autoBind: true },
    );
  }

  get form(): AlertFormState {
    return this.fields.values;
  }

  get errors(): Partial<Record<string, string>> {
    return this.fields.errors;
  }

  /** A refusal that no single field explains. */
  get formError(): string | null {
    return this.fields.formError;
  }

  /** Bumped on every refused submit, so the form can move the focus to the first error. */
  get failedAttempts(): number {
    return this.fields.failedAttempts;
  }

  get distanceEnabled(): boolean {
    return this.fields.enabled('distance');
  }

  /** A guest needs a platform, a search term and an e-mail address. */
  get canSubmit(): boolean {
    return canSubmitGuest(this.form) && !this.creation.isSubmitting;
  }

  get payload(): GuestCreateAlertPayload {
    return buildGuestCreateAlertPayload(this.form);
  }

  error(field: GuestField): string | undefined {
    return this.fields.error(field);
  }

  setSearchTerm(value: string): void {
    this.fields.set('searchTerm', value);
  }

  setMaxPrice(value: string): void {
    this.fields.set('maxPrice', value);
  }

  /** Formatted as typed ('3511ab' → '3511 AB'); without a code the distance goes back to none. */
  setPostalCode(value: string): void {
    this.fields.set('postalCode', value);
  }

  setDistance(value: DistanceKm | null): void {
    this.fields.set('distance', value);
  }

  setEmail(value: string): void {
    this.fields.set('email', value);
  }

  /** Starts loading the checks (the form calls it on first focus), so sending does not wait. */
  prepare(): void {
    void loadGuestSchema().catch(() => undefined);
  }

  /** Checks with core's guest schema; the messages go next to their fields. */
  async validate(): Promise<boolean> {
    const schema = await loadGuestSchema();
    return this.fields.check(schema, this.payload) && canSubmitGuest(this.form);
  }

  async submit(): Promise<void> {
    if (this.creation.isSubmitting) return;
    if (!(await this.validate())) {
      this.fields.countFailedAttempt();
      return;
    }
    const payload = this.payload;
    await this.root.ensureCsrfToken();
    const outcome = await this.creation.create(() => this.root.api.alerts.create(payload), {
      redirectAfterSuccess: (manageUrl) => postCreationRedirect('page', manageUrl),
      onNoRedirect: this.reset,
      upgradeOnPlanError: false,
    });
    if (outcome.type === 'fields') this.fields.refuse(outcome.fields, outcome.message);
  }

  /** The error card's retry: back to the form with what was typed. */
  retry(): void {
    this.creation.reset();
  }

  /** A fresh, empty form. */
  reset(): void {
    this.fields.reset(initialGuestAlertFormState);
    this.creation.reset();
  }

  dispose(): void {
    this.creation.dispose();
  }
}
