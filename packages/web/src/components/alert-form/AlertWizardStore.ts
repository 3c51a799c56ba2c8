import { compareStructural, makeAutoObservable, reaction, runInAction } from 'mobx';
import {
  ALERT_FORM_TEXTS,
  AFTER_LOGIN_PATH,
  PLATFORM_IDS,
  ALERT_FIELD_TEXTS,
  API_CLIENT_TEXTS,
  canSubmitAuthenticated,
  formatCheckInterval,
  isApiError,
  maxAlertsWarning,
  postCreationRedirect,
  userCreateAlertSchema,
  validateInput,
} from '@prijsalarm/core';
import type {
  AlertDescriptionRow,
  AlertDto,
  AlertFormContext,
  MaxAlertsWarning,
  PlatformId,
} from '@prijsalarm/core';
import type { RootStore } from '../../stores/RootStore';
import { AlertCreation } from './AlertCreation';
import { AlertEditor } from './AlertEditor';
import { SearchLinkImport } from './alertFields';

/** The wizard's steps in order; two appear only sometimes. */
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
export function stepOfField(field: string): WizardStepId {
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

export interface AlertWizardOptions {
  context: AlertFormContext;
  /**
   * Loads the car category's filters (the lazily loaded car filter screen); a failure shows the
   * warning. Without it the filters count as loaded.
   */
  loadCarFilters?: () => Promise<unknown>;
  /** The signed-in user's saved alert the wizard changes; without it the wizard makes a new one. */
  editing?: AlertDto;
}

/**
 * The signed-in user's alert wizard: platform, category (optional), search, price and location,
 * car filters (car category only), advanced filters (when the plan has any), notifications and
 * summary. The fields and their rules are the AlertEditor's; the wizard walks
 * them step by step and sends them: POST /alerts for a new alert, or the changes of a saved one
 * (PUT /alerts/my-alerts/{id}).
 */
export class AlertWizardStore {
  readonly editor: AlertEditor;
  stepId: WizardStepId = 'platform';
  /** Bumped on every step change and refusal, so the view can move the focus. */
  focusRequests = 0;
  /** Editing: false until the saved alert fills every step. */
  ready: boolean;
  saving = false;
  readonly creation: AlertCreation;
  /** 'Plak een zoeklink': fills every step from a marketplace search link. */
  readonly link: SearchLinkImport;
  readonly context: AlertFormContext;
  readonly editing: AlertDto | null;
  private readonly stopPreselect: () => void;

  constructor(
    private readonly root: RootStore,
    options: AlertWizardOptions,
  ) {
    this.context = options.context;
    this.editing = options.editing ?? null;
    this.ready = this.editing === null;
    this.editor = new AlertEditor(root, {
      capabilities: () => root.capabilities.current,
      ...(options.loadCarFilters ? { loadCarFilters: options.loadCarFilters } : {}),
    });
    this.creation = new AlertCreation(root);
    this.link = new SearchLinkImport(this.editor.fields, {
      form: 'wizard',
      platformMessage: (platform) => this.editor.caps.getPlatformMessage(platform),
      featureLock: (feature) => this.editor.featureLock(feature),
      loadCategories: () => root.api.categories.list({ isActive: true }),
      afterImport: (state) => {
        this.editor.afterImport(state);
        // Every value can be checked at once; without a search term that step comes first.
        this.goTo(state.searchTerm.trim() === '' ? 'search' : 'summary');
      },
    });
    makeAutoObservable<AlertWizardStore, 'root' | 'stopPreselect'>(
      this,
      {
        root: false,
        editor: false,
        creation: false,
        link: false,
        context: false,
        editing: false,
        stopPreselect: false,
      },
      { autoBind: true },
    );
    // The only platform the plan allows is chosen already (a fresh or restarted wizard too).
    // The choice is made in the reaction's effect (an action), not while it watches.
    this.stopPreselect = reaction(
      () =>
        this.editing === null && this.editor.form.platform === null
          ? PLATFORM_IDS.filter((id) => this.editor.caps.platformAccess[id])
          : [],
      (open) => {
        if (open.length === 1) this.selectPlatform(open[0]!);
      },
      { fireImmediately: true, equals: compareStructural },
    );
  }

  /** Editing: fills every step from the saved alert. */
  async start(): Promise<void> {
    if (this.editing === null || this.ready) return;
    await this.editor.prefill(this.editing);
    runInAction(() => {
      this.ready = true;
    });
  }

  get isEditing(): boolean {
    return this.editing !== null;
  }

  get maxAlertsWarning(): MaxAlertsWarning | null {
    return this.isEditing ? null : maxAlertsWarning(this.editor.caps);
  }

  /** Changing an alert takes no new place, so the alert limit does not apply. */
  private get hasRoom(): boolean {
    return this.isEditing || this.editor.caps.canCreateAlerts;
  }

  get isSubmitting(): boolean {
    return this.creation.isSubmitting || this.saving;
  }

  get canSubmit(): boolean {
    return canSubmitAuthenticated(this.editor.form, this.hasRoom) && !this.isSubmitting;
  }

  /* ---------- Steps ---------- */

  get steps(): WizardStepId[] {
    return WIZARD_STEPS.filter((step) => {
      if (step === 'carFilters') return this.editor.isCarCategory;
      if (step === 'advanced') return this.editor.advancedVisible;
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

  /** Changing the platform goes back to the platform choice. */
  selectPlatform(platform: PlatformId): void {
    const changing = this.editor.form.platform !== null;
    if (this.editor.selectPlatform(platform) && changing) this.goTo('platform');
  }

  /** The category step is optional: skipping it searches all categories. */
  skipCategory(): void {
    this.editor.clearCategory();
    this.goTo('search');
  }

  /** The summary: everything that will be saved, and how often it is checked. */
  get summary(): AlertDescriptionRow[] {
    return [
      ...this.editor.description,
      {
        label: ALERT_FORM_TEXTS.summary.checkInterval,
        value: formatCheckInterval(this.editor.caps.userCheckInterval),
      },
    ];
  }

  /* ---------- Sending ---------- */

  /**
   * POST /alerts, or the changes of the saved alert. Without a search term: the toast 'Zoekterm is
   * verplicht' and back to the search step. A plan refusal of a new alert goes to the
   * upgrade page after 3 s; the client's own plan hook (toast and /pricing after 2 s) stays silent
   * for this call, so there is one redirect.
   */
  async submit(): Promise<void> {
    if (this.isSubmitting) return;
    const { editor } = this;
    const result = validateInput(userCreateAlertSchema, editor.payload);
    if (editor.form.searchTerm.trim() === '') {
      // Every other step's messages wait there too, so each shows all of its own at once.
      const others = result.success ? {} : result.fields;
      editor.fields.refuse({ ...others, searchTerm: ALERT_FIELD_TEXTS.searchTermRequired });
      this.root.toasts.error(ALERT_FIELD_TEXTS.searchTermRequired);
      this.goTo('search');
      return;
    }
    if (!canSubmitAuthenticated(editor.form, this.hasRoom)) {
      this.refuse(
        this.hasRoom
          ? { platforms: ALERT_FIELD_TEXTS.platformRequired }
          : { _form: ALERT_FIELD_TEXTS.maxAlertsReached },
      );
      return;
    }
    if (!result.success) {
      this.refuse(result.fields);
      return;
    }
    if (this.editing !== null) {
      await this.saveChanges(this.editing.id);
      return;
    }
    const payload = editor.payload;
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

  /**
   * PUT /alerts/my-alerts/{id} with what changed; then back to the dashboard. A refusal names its
   * fields at their steps, a plan refusal is a toast with core's message.
   */
  private async saveChanges(id: string): Promise<void> {
    this.saving = true;
    try {
      await this.root.api.alerts.mine.update(id, this.editor.changes, {
        notifyPlanRequired: false,
      });
      this.root.toasts.success(ALERT_FORM_TEXTS.edit.saved);
      void this.root.capabilities.load({ force: true });
      this.root.navigator.navigate(AFTER_LOGIN_PATH);
    } catch (error) {
      if (!isApiError(error)) console.error(error);
      const fields = isApiError(error) && error.status === 400 ? { ...error.fields } : {};
      if (Object.keys(fields).length > 0) this.refuse(fields);
      else {
        this.root.toasts.error(isApiError(error) ? error.message : API_CLIENT_TEXTS.unexpected);
      }
    } finally {
      this.saving = false;
    }
  }

  /** The error card's retry: back to the platform choice, with what was filled in. */
  retry(): void {
    this.creation.reset();
    this.goTo('platform');
  }

  /** A fresh wizard (after a success without a manage URL). */
  startOver(): void {
    this.editor.reset();
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
    if (this.editor.fields.check(userCreateAlertSchema, this.editor.payload, own)) return true;
    this.focusRequests += 1;
    return false;
  }

  /** Shows messages and goes to the step of the first. */
  private refuse(fields: Record<string, string>): void {
    this.editor.fields.refuse(fields);
    const first = Object.keys(fields)[0];
    const step = first === undefined ? this.currentStep : stepOfField(first);
    this.goTo(this.steps.includes(step) ? step : this.currentStep);
    const message = Object.values(fields)[0];
    if (message) this.root.toasts.error(message);
  }
}
