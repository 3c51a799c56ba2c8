import { makeAutoObservable, runInAction } from 'mobx';
import {
  API_CONTRACT,
  PUSH_TEXTS,
  featureLockedMessage,
  type PushSubscriptionDto,
} from '@prijsalarm/core';
import {
  browserPush,
  type PushPermission,
  type PushPlatform,
  type PushSupport,
} from '../../platform/push';
import { errorText } from '../../stores/errors';
import { runRowAction } from '../../stores/featurePanel';
import type { RootStore } from '../../stores/RootStore';

export type PushDevicesPhase = 'idle' | 'loading' | 'locked' | 'ready' | 'error';

const texts = PUSH_TEXTS.screen;

/**
 * My account → "Meldingen op je telefoon": turning push on for this browser (the permission, the
 * subscription at its push service, then POST /push/subscriptions), the user's devices with their
 * last delivery, a test notification, removing one. A plan without push (FREE) gets core's plan
 * message and no call; an iPhone's Safari tab gets the steps to the home screen first.
 */
export class PushDevicesStore {
  phase: PushDevicesPhase = 'idle';
  devices: PushSubscriptionDto[] = [];
  limit = 0;
  error: string | null = null;
  /** This browser's subscription endpoint, when it has one. */
  thisEndpoint: string | null = null;
  support: PushSupport;
  permission: PushPermission;
  enabling = false;
  /** The device a test or removal is under way for. */
  workingId: string | null = null;
  private publicKey: string | null = null;

  constructor(
    private readonly root: RootStore,
    private readonly push: PushPlatform = browserPush(),
  ) {
    this.support = push.support();
    this.permission = this.support === 'supported' ? push.permission() : 'default';
    makeAutoObservable<PushDevicesStore, 'root' | 'push' | 'publicKey'>(
      this,
      { root: false, push: false, publicKey: false },
      { autoBind: true },
    );
  }

  get lockedMessage(): string | null {
    const caps = this.root.capabilities.current;
    return caps.canUseFeature('push') ? null : featureLockedMessage('push', caps.userPlan);
  }

  /** Whether this browser is one of the user's devices with push on. */
  get thisDeviceOn(): boolean {
    return this.thisEndpoint !== null && this.devices.some((d) => d.endpoint === this.thisEndpoint);
  }

  get canTurnOn(): boolean {
    return this.support === 'supported' && this.permission !== 'denied' && !this.thisDeviceOn;
  }

  isThisDevice(device: PushSubscriptionDto): boolean {
    return device.endpoint === this.thisEndpoint;
  }

  async load(): Promise<void> {
    if (this.phase !== 'ready') this.phase = 'loading';
    await this.root.capabilities.load();
    if (this.lockedMessage !== null) {
      runInAction(() => {
        this.phase = 'locked';
      });
      return;
    }
    try {
      const { request } = this.root.api;
      const list = await request(API_CONTRACT.push.list);
      // Fetched now, so turning push on asks nothing of the network before the permission.
      const { publicKey } = await request(API_CONTRACT.push.publicKey);
      const thisEndpoint =
        this.support === 'supported' ? await this.push.currentEndpoint().catch(() => null) : null;
      runInAction(() => {
        this.devices = list.subscriptions;
        this.limit = list.limit;
        this.publicKey = publicKey;
        this.thisEndpoint = thisEndpoint;
        this.error = null;
        this.phase = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.error = errorText(error);
        this.phase = 'error';
      });
    }
  }

  /** For the button's click: the permission is asked first, inside the user's gesture. */
  async turnOn(): Promise<void> {
    if (this.enabling || !this.publicKey) return;
    this.enabling = true;
    try {
      const permission = await this.push.requestPermission();
      runInAction(() => {
        this.permission = permission;
      });
      if (permission !== 'granted') {
        if (permission === 'denied') this.root.toasts.error(texts.denied);
        return;
      }
      const subscription = await this.push.subscribe(this.publicKey);
      const { request } = this.root.api;
      const answer = await request(API_CONTRACT.push.create, { body: subscription });
      runInAction(() => {
        this.thisEndpoint = subscription.endpoint;
        this.devices = [
          ...this.devices.filter((device) => device.id !== answer.id),
          answer.subscription,
        ];
      });
      this.root.toasts.success(texts.turnedOn);
    } catch (error) {
      this.root.toasts.error(error instanceof DOMException ? texts.failed : errorText(error));
    } finally {
      runInAction(() => {
        this.enabling = false;
      });
    }
  }

  async sendTest(id: string): Promise<void> {
    await this.run(id, async () => {
      const answer = await this.root.api.request(API_CONTRACT.push.test, { params: { id } });
      if (answer.removed) {
        runInAction(() => {
          this.devices = this.devices.filter((device) => device.id !== id);
        });
      }
      if (answer.sent) this.root.toasts.success(answer.message);
      else this.root.toasts.error(answer.message);
      if (answer.sent) await this.load();
    });
  }

  async remove(id: string): Promise<void> {
    await this.run(id, async () => {
      const device = this.devices.find((candidate) => candidate.id === id);
      await this.root.api.request(API_CONTRACT.push.delete, { params: { id } });
      // This browser's own subscription ends too: nothing would reach it any more anyway.
      if (device && this.isThisDevice(device)) await this.push.unsubscribe().catch(() => undefined);
      runInAction(() => {
        this.devices = this.devices.filter((candidate) => candidate.id !== id);
        if (device && this.isThisDevice(device)) this.thisEndpoint = null;
      });
      this.root.toasts.success(texts.removed);
    });
  }

  private run(id: string, action: () => Promise<void>): Promise<void> {
    return runRowAction(this, this.root.toasts, id, action);
  }
}
