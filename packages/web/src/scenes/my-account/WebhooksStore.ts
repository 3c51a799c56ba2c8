import { makeAutoObservable, runInAction } from 'mobx';
import {
  createWebhookSchema,
  type AlertDto,
  type WebhookCallDto,
  type WebhookDto,
} from '@prijsalarm/core';
import { FormModel } from '../../stores/FormModel';
import {
  featureLock,
  loadFeaturePanel,
  runRowAction,
  type FeaturePanelPhase,
} from '../../stores/featurePanel';
import type { RootStore } from '../../stores/RootStore';

export type WebhookScope = 'all' | 'chosen';

/**
 * My account → Integraties → Webhooks: the user's URLs, each with its latest calls,
 * adding one (its secret is shown once), a test call, deleting. A plan without webhooks (FREE)
 * gets core's plan message and no call: the server would refuse it.
 */
export class WebhooksStore {
  phase: FeaturePanelPhase = 'idle';
  webhooks: WebhookDto[] = [];
  limit = 0;
  alerts: AlertDto[] = [];
  calls = new Map<string, WebhookCallDto[]>();
  error: string | null = null;
  /** The secret of the webhook just added: shown until the user says it is saved. */
  secret: string | null = null;
  /** The webhook a test or delete is under way for. */
  workingId: string | null = null;
  scope: WebhookScope = 'all';
  chosenAlertIds: string[] = [];
  readonly form = new FormModel({ url: '' });

  constructor(private readonly root: RootStore) {
    makeAutoObservable<WebhooksStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  get lockedMessage(): string | null {
    return featureLock(this.root.capabilities, 'webhooks');
  }

  get canAdd(): boolean {
    return this.webhooks.length < this.limit;
  }

  alertLabel(alertId: string): string | null {
    return this.alerts.find((alert) => alert.id === alertId)?.searchTerm ?? null;
  }

  async load(): Promise<void> {
    await loadFeaturePanel(
      this,
      this.root.capabilities,
      'webhooks',
      async () => {
        const list = await this.root.api.webhooks.list();
        const { alerts } = await this.root.api.alerts.myAlerts();
        const calls = await Promise.all(
          list.webhooks.map(
            async (hook) =>
              [hook.id, (await this.root.api.webhooks.deliveries(hook.id)).calls] as const,
          ),
        );
        return { list, alerts, calls };
      },
      ({ list, alerts, calls }) => {
        this.webhooks = list.webhooks;
        this.limit = list.limit;
        this.alerts = alerts;
        this.calls = new Map(calls);
      },
    );
  }

  setScope(scope: WebhookScope): void {
    this.scope = scope;
  }

  toggleAlert(alertId: string, on: boolean): void {
    this.chosenAlertIds = on
      ? [...new Set([...this.chosenAlertIds, alertId])]
      : this.chosenAlertIds.filter((id) => id !== alertId);
  }

  async add(): Promise<void> {
    const alertIds = this.scope === 'chosen' ? [...this.chosenAlertIds] : undefined;
    const answer = await this.form.submit(createWebhookSchema, (data) =>
      this.root.api.webhooks.create({ url: data.url, ...(alertIds ? { alertIds } : {}) }),
    );
    if (!answer) return;
    runInAction(() => {
      this.secret = answer.secret;
      this.webhooks = [...this.webhooks, answer.webhook];
      this.calls.set(answer.webhook.id, []);
      this.form.reset({ url: '' });
      this.scope = 'all';
      this.chosenAlertIds = [];
    });
  }

  /** The alert choice's error: the form's own, or the server's on `alertIds`. */
  get alertsError(): string | undefined {
    return this.form.error('alertIds');
  }

  secretSaved(): void {
    this.secret = null;
  }

  async sendTest(id: string): Promise<void> {
    await this.run(id, async () => {
      const answer = await this.root.api.webhooks.test(id);
      runInAction(() => {
        this.calls.set(id, [answer.call, ...(this.calls.get(id) ?? [])]);
        this.webhooks = this.webhooks.map((hook) =>
          hook.id === id ? { ...hook, lastCall: answer.call } : hook,
        );
      });
      if (answer.call.ok) this.root.toasts.success(answer.message);
      else this.root.toasts.error(answer.message);
    });
  }

  async remove(id: string, message: string): Promise<void> {
    await this.run(id, async () => {
      await this.root.api.webhooks.delete(id);
      runInAction(() => {
        this.webhooks = this.webhooks.filter((hook) => hook.id !== id);
        this.calls.delete(id);
      });
      this.root.toasts.success(message);
    });
  }

  private run(id: string, action: () => Promise<void>): Promise<void> {
    return runRowAction(this, this.root.toasts, id, action);
  }
}
