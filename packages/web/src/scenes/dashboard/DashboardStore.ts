import { makeAutoObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import {
  SCREEN_TEXTS,
  canExtendAlert,
  canToggleAlert,
  editAlertPath,
  hydrateCapabilities,
  manageTokenFromUrl,
  maxAlertsWarning,
  planLabel,
  refreshTokensFromUrl,
} from '@prijsalarm/core';
import type { AlertDto, Capabilities, MaxAlertsWarning } from '@prijsalarm/core';
import { errorText } from '../../stores/errors';
import type { RootStore } from '../../stores/RootStore';

import type { LoadStatus } from '../../stores/latestLoad';

const texts = SCREEN_TEXTS.dashboard;

/**
 * /dashboard: the user's alerts (GET /alerts/my-alerts) with what they may do to each (pause,
 * resume, extend, delete through the alert's manage link), the max-alerts warning,
 * the Telegram status and the plan.
 */
export class DashboardStore {
  alerts: AlertDto[] = [];
  /** The capabilities that came with the list (the freshest count of alerts). */
  capabilities: Capabilities | null = null;
  status: LoadStatus = 'idle';
  error: string | null = null;
  /** Alerts with a request under way (their buttons wait). */
  readonly busy = observable.set<string>();
  /** The alert whose deletion waits for a yes. */
  deleting: AlertDto | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<DashboardStore, 'root' | 'reading'>(
      this,
      { root: false, reading: false, capabilities: observableRef, busy: false },
      { autoBind: true },
    );
  }

  /** The list's capabilities, or the app's until the list came. */
  get caps(): Capabilities {
    return this.capabilities ?? this.root.capabilities.current;
  }

  get isLoaded(): boolean {
    return this.status === 'ready';
  }

  /** Only once the list (and so the real count) is known. */
  get warning(): MaxAlertsWarning | null {
    return this.capabilities ? maxAlertsWarning(this.capabilities) : null;
  }

  get canCreate(): boolean {
    return this.capabilities?.canCreateAlerts ?? false;
  }

  get usage(): string | null {
    if (!this.capabilities) return null;
    return texts.alertsUsed(this.alerts.length, this.capabilities.alerts.limit);
  }

  /** The list's capabilities know a plan change first (an admin may have made it). */
  get planLabel(): string | null {
    const plan = this.capabilities?.userPlan ?? this.root.auth.user?.plan;
    return plan ? planLabel(plan) : null;
  }

  /** Telegram is shown only by a server that can send it. */
  get offersTelegram(): boolean {
    return this.caps.channels.telegram;
  }

  get telegram(): { connected: boolean; username: string | null } {
    const { connected, username } = this.caps.telegram;
    return { connected, username };
  }

  /** The earliest planned check among the alerts (epoch ms); null when none is planned. */
  get nextPlannedCheck(): number | null {
    const moments = this.alerts
      .filter((alert) => alert.status === 'active' && alert.nextCheckAt)
      .map((alert) => Date.parse(alert.nextCheckAt!))
      .filter((moment) => !Number.isNaN(moment));
    return moments.length > 0 ? Math.min(...moments) : null;
  }

  get isEmpty(): boolean {
    return this.isLoaded && this.alerts.length === 0;
  }

  isBusy(alert: AlertDto): boolean {
    return this.busy.has(alert.id);
  }

  canToggle(alert: AlertDto): boolean {
    return canToggleAlert(alert);
  }

  canExtend(alert: AlertDto): boolean {
    return canExtendAlert(alert);
  }

  /** Where the alert is changed: the wizard, filled in at every step. */
  editPath(alert: AlertDto): string {
    return editAlertPath(alert.id);
  }

  /**
   * The app's capabilities changed (a purchase in another tab, the server's word of a plan or
   * limit change): when they tell another plan or limit than the list's, the list is read again,
   * so the counts say e.g. "0 van 10". Returns the stop.
   */
  followPlanChanges(): () => void {
    return reaction(
      () => this.root.capabilities.capabilities,
      (fresh) => {
        const known = this.capabilities;
        // A read under way already asks the server after the change.
        if (!fresh || !known || this.reading) return;
        if (fresh.userPlan !== known.userPlan || fresh.alerts.limit !== known.alerts.limit) {
          void this.load();
        }
      },
    );
  }

  /** Whether a read of the list is under way. */
  private reading = false;

  async load(): Promise<void> {
    this.reading = true;
    if (this.status !== 'ready') this.status = 'loading';
    this.error = null;
    try {
      const { alerts, capabilities } = await this.root.api.alerts.myAlerts();
      runInAction(() => {
        this.alerts = alerts;
        this.capabilities = hydrateCapabilities(capabilities);
        this.status = 'ready';
      });
      this.root.capabilities.noticeUserPlan(capabilities.userPlan);
    } catch (error) {
      runInAction(() => {
        this.error = errorText(error);
        if (this.status !== 'ready') this.status = 'error';
      });
    } finally {
      this.reading = false;
    }
  }

  /** PATCH …/toggle: pauses an active alert, resumes a paused one. */
  async toggle(alert: AlertDto): Promise<void> {
    await this.withAlert(alert, async (token) => {
      const { alert: updated } = await this.root.api.alerts.manage.toggle(token);
      this.replace(updated);
      this.root.toasts.success(
        updated.status === 'paused'
          ? texts.paused(updated.searchTerm)
          : texts.resumed(updated.searchTerm),
      );
    });
  }

  /** Extends the alert by its plan's validity: the manage answer holds the refresh link. */
  async extend(alert: AlertDto): Promise<void> {
    await this.withAlert(alert, async (token) => {
      const manage = await this.root.api.alerts.manage.get(token, { notificationsLimit: 1 });
      const tokens = refreshTokensFromUrl(manage.alert.refreshUrl);
      if (!tokens) throw new Error('The manage answer has no usable refresh URL');
      const answer = await this.root.api.alerts.manage.refresh(
        tokens.manageToken,
        tokens.refreshToken,
      );
      this.replace(answer.alert);
      this.root.toasts.success(answer.message);
    });
  }

  /** POST …/feed/renew through the alert's manage link: a new RSS link, the old one revoked. */
  async renewFeed(alert: AlertDto): Promise<void> {
    await this.withAlert(alert, async (token) => {
      const answer = await this.root.api.alerts.manage.renewFeed(token);
      this.replace(answer.alert);
      this.root.toasts.success(answer.message);
    });
  }

  requestDelete(alert: AlertDto): void {
    this.deleting = alert;
  }

  cancelDelete(): void {
    this.deleting = null;
  }

  /** DELETE …/manage/{token}; the list is read again for the new count and capabilities. */
  async confirmDelete(): Promise<void> {
    const alert = this.deleting;
    if (!alert) return;
    await this.withAlert(alert, async (token) => {
      const { message } = await this.root.api.alerts.manage.delete(token);
      runInAction(() => {
        this.alerts = this.alerts.filter((known) => known.id !== alert.id);
        this.deleting = null;
      });
      this.root.toasts.success(message);
      void this.root.capabilities.load({ force: true });
      await this.load();
    });
    runInAction(() => {
      this.deleting = null;
    });
  }

  private replace(updated: AlertDto): void {
    this.alerts = this.alerts.map((known) => (known.id === updated.id ? updated : known));
  }

  private async withAlert(alert: AlertDto, run: (token: string) => Promise<void>) {
    const token = manageTokenFromUrl(alert.manageUrl);
    if (!token || this.busy.has(alert.id)) return;
    this.busy.add(alert.id);
    try {
      await run(token);
    } catch (error) {
      this.root.toasts.error(errorText(error));
    } finally {
      runInAction(() => this.busy.delete(alert.id));
    }
  }
}
