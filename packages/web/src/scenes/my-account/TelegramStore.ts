import { makeAutoObservable, runInAction } from 'mobx';
import { SCREEN_TEXTS, telegramVerifySchema } from '@prijsalarm/core';
import type { TelegramStatusResponse } from '@prijsalarm/core';
import { FormModel } from '../../stores/FormModel';
import { errorText } from '../../stores/errors';
import { featureLock, loadFeaturePanel, type FeaturePanelPhase } from '../../stores/featurePanel';
import type { RootStore } from '../../stores/RootStore';

const texts = SCREEN_TEXTS.myAccount;

/**
 * The Telegram integration (GET /telegram/status, POST /telegram/verify, /disconnect, /test).
 * A plan without Telegram (FREE) gets core's plan message and no call: the server would refuse it.
 */
export class TelegramStore {
  phase: FeaturePanelPhase = 'idle';
  status: TelegramStatusResponse | null = null;
  error: string | null = null;
  /** A button's request is under way. */
  working = false;
  readonly codeForm = new FormModel({ code: '' });

  constructor(private readonly root: RootStore) {
    makeAutoObservable<TelegramStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  /** Why Telegram is unavailable for this plan ('Beschikbaar vanaf Geregistreerd plan'); null if it is available. */
  get lockedMessage(): string | null {
    return featureLock(this.root.capabilities, 'telegram');
  }

  get connected(): boolean {
    return this.status?.connected ?? false;
  }

  async load(): Promise<void> {
    await loadFeaturePanel(
      this,
      this.root.capabilities,
      'telegram',
      () => this.root.api.telegram.status(),
      (status) => {
        this.status = status;
      },
    );
  }

  /** After pressing Start in Telegram: is the link there yet? */
  async checkLinked(): Promise<void> {
    await this.run(async () => {
      await this.load();
      if (this.connected) this.afterChange(texts.telegramLinked);
      else this.root.toasts.info(texts.telegramStillWaiting);
    });
  }

  async verifyCode(): Promise<void> {
    const answer = await this.codeForm.submit(telegramVerifySchema, (data) =>
      this.root.api.telegram.verify(data),
    );
    if (!answer) return;
    runInAction(() => {
      this.status = { connected: true, username: answer.username, linkCode: null, deepLink: null };
      this.codeForm.reset({ code: '' });
    });
    this.afterChange(texts.telegramLinked);
  }

  async disconnect(): Promise<void> {
    await this.run(async () => {
      await this.root.api.telegram.disconnect();
      this.afterChange(texts.telegramUnlinked);
      await this.load();
    });
  }

  async sendTest(): Promise<void> {
    await this.run(async () => {
      const { message } = await this.root.api.telegram.test();
      this.root.toasts.success(message);
    });
  }

  /** The user and the capabilities know about Telegram too: read them again. */
  private afterChange(message: string): void {
    this.root.toasts.success(message);
    void this.root.capabilities.load({ force: true });
    void this.root.auth.fetchUser().catch(() => undefined);
  }

  private async run(action: () => Promise<void>): Promise<void> {
    if (this.working) return;
    this.working = true;
    try {
      await action();
    } catch (error) {
      this.root.toasts.error(errorText(error));
    } finally {
      runInAction(() => {
        this.working = false;
      });
    }
  }
}
