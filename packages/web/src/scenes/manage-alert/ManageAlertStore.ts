import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import {
  GUEST_FALLBACK_CAPABILITIES,
  MANAGE_ALERT_TEXTS,
  ALERT_FORM_TEXTS,
  NOTIFICATION_PAGE_SIZE,
  API_CLIENT_TEXTS,
  describeAlert,
  hydrateCapabilities,
  isApiError,
  refreshPath,
  userCreateAlertSchema,
  validateInput,
} from '@prijsalarm/core';
import type {
  AlertDescriptionRow,
  Capabilities,
  CategoryDto,
  ManageAlertResponse,
  NotificationDto,
  Pagination,
} from '@prijsalarm/core';
import type { RootStore } from '../../stores/RootStore';
import { AlertEditor } from '../../components/alert-form/AlertEditor';

export type ManagedAlert = ManageAlertResponse['alert'];
export type ManageStatus = 'loading' | 'ready' | 'not_found' | 'failed';
export type ManageAction = 'toggle' | 'delete' | 'feed';

export interface ManageAlertOptions {
  /** Loads the car filter screen when the edit form shows the car category. */
  loadCarFilters?: () => Promise<unknown>;
}

const texts = MANAGE_ALERT_TEXTS;

/**
 * /manage/{token}: the alert behind a secret link, with its notifications. Confirms a
 * guest's e-mail first when the link carries `?bevestig=`; then edit (every field the alert has,
 * by its owner's plan), pause/resume, delete, extend.
 */
export class ManageAlertStore {
  status: ManageStatus = 'loading';
  alert: ManagedAlert | null = null;
  notifications: NotificationDto[] = [];
  pagination: Pagination | null = null;
  loadError: string | null = null;
  busy: ManageAction | null = null;
  /** What the alert's owner may use (the guest profile for a guest's alert), from the server. */
  ownerCapabilities: Capabilities = hydrateCapabilities(GUEST_FALLBACK_CAPABILITIES);
  /** The names of our categories, to say which the alert searches. */
  categories: CategoryDto[] = [];
  /** The edit form's fields while editing; null otherwise. */
  editor: AlertEditor | null = null;
  saving = false;
  deleteAsked = false;
  private started: Promise<void> | null = null;

  constructor(
    private readonly root: RootStore,
    readonly token: string,
    private readonly options: ManageAlertOptions = {},
  ) {
    makeAutoObservable<ManageAlertStore, 'root' | 'started' | 'options'>(
      this,
      {
        root: false,
        token: false,
        options: false,
        started: false,
        alert: observableRef,
        notifications: observableRef,
        ownerCapabilities: observableRef,
        categories: observableRef,
        editor: observableRef,
      },
      { autoBind: true },
    );
  }

  get editing(): boolean {
    return this.editor !== null;
  }

  /** The manage page of this alert. */
  get path(): string {
    return `/manage/${encodeURIComponent(this.token)}`;
  }

  /** The extend page, from the alert's refresh URL. */
  get extendPath(): string | null {
    return refreshPath(this.alert?.refreshUrl);
  }

  /** Everything the alert stores, in words (core's description, as the wizard's summary). */
  get description(): AlertDescriptionRow[] {
    const alert = this.alert;
    if (!alert) return [];
    const name = (id: number | null) =>
      id === null ? null : (this.categories.find((c) => c.id === id)?.name ?? null);
    return describeAlert({
      ...alert,
      categoryNames: { l1: name(alert.l1CategoryId), l2: name(alert.l2CategoryId) },
    });
  }

  /** A guest's alert: its owner is no account, so the server sent the guest profile. */
  get isGuestAlert(): boolean {
    return !this.ownerCapabilities.isAuthenticated;
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
        this.root.toasts.error(isApiError(error) ? error.message : API_CLIENT_TEXTS.unexpected);
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
        this.ownerCapabilities = hydrateCapabilities(answer.capabilities);
        this.notifications = answer.notifications.items;
        this.pagination = answer.notifications.pagination;
        this.status = 'ready';
        this.loadError = null;
      });
      if (answer.alert.l1CategoryId !== null) void this.loadCategories();
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

  /** Our categories by name; without them the description names none (a failure is logged). */
  async loadCategories(): Promise<void> {
    if (this.categories.length > 0) return;
    try {
      const categories = await this.root.api.categories.list();
      runInAction(() => {
        this.categories = categories;
      });
    } catch (error) {
      console.error('Could not load the categories', error);
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

  /** The edit form, filled from the alert, under its owner's plan. */
  startEdit(): void {
    const alert = this.alert;
    if (!alert) return;
    const editor = new AlertEditor(this.root, {
      capabilities: () => this.ownerCapabilities,
      ...(this.options.loadCarFilters ? { loadCarFilters: this.options.loadCarFilters } : {}),
    });
    this.editor = editor;
    void editor.prefill(alert);
  }

  cancelEdit(): void {
    this.editor = null;
  }

  /**
   * PUT … with what changed, after core's checks of the whole alert (the create schema); the
   * server's Dutch field messages are shown at their fields.
   */
  async save(): Promise<boolean> {
    const editor = this.editor;
    if (!editor || this.saving) return false;
    const checked = validateInput(userCreateAlertSchema, editor.payload);
    if (!checked.success) {
      editor.fields.refuse(checked.fields);
      return false;
    }
    this.saving = true;
    try {
      const { alert } = await this.root.api.alerts.manage.update(this.token, editor.changes);
      this.replaceAlert(alert);
      runInAction(() => {
        this.editor = null;
      });
      this.root.toasts.success(ALERT_FORM_TEXTS.edit.saved);
      return true;
    } catch (error) {
      if (!isApiError(error)) console.error(error);
      runInAction(() =>
        editor.fields.refuse(
          isApiError(error) ? { ...error.fields } : {},
          isApiError(error) ? error.message : API_CLIENT_TEXTS.unexpected,
        ),
      );
      return false;
    } finally {
      runInAction(() => {
        this.saving = false;
      });
    }
  }

  private replaceAlert(alert: Omit<ManagedAlert, 'refreshUrl'>): void {
    const refreshUrl = this.alert?.refreshUrl ?? '';
    this.alert = { ...alert, refreshUrl };
  }

  private failed(error: unknown): void {
    if (!isApiError(error)) console.error(error);
    this.root.toasts.error(isApiError(error) ? error.message : API_CLIENT_TEXTS.unexpected);
    if (isApiError(error) && error.status === 404) {
      runInAction(() => {
        this.status = 'not_found';
        this.alert = null;
      });
    }
  }
}
