/**
 * The browser's push notifications behind a small interface (stores/PushDevicesStore takes it, so
 * tests hand in their own): whether this browser can have them, the permission, and its
 * subscription at the push service for our VAPID key.
 */
import { isAppleMobile } from '@prijsalarm/core';
import { SERVICE_WORKER_URL } from './serviceWorker';

/** supported; unsupported (no service worker or Push API); needsHomeScreen (an iPhone's Safari tab). */
export type PushSupport = 'supported' | 'unsupported' | 'needsHomeScreen';
export type PushPermission = 'default' | 'granted' | 'denied';

/** What PushSubscription.toJSON() gives: the body of POST /push/subscriptions. */
export interface BrowserPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushPlatform {
  support(): PushSupport;
  permission(): PushPermission;
  /** Must be called straight from a tap or click: Safari and Firefox ask only then. */
  requestPermission(): Promise<PushPermission>;
  subscribe(publicKey: string): Promise<BrowserPushSubscription>;
  /** This browser's current subscription's endpoint, if it has one. */
  currentEndpoint(): Promise<string | null>;
  unsubscribe(): Promise<void>;
}

/** The VAPID key as pushManager.subscribe wants it: the bytes of the base64url text. */
export function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function isStandalone(win: Window & typeof globalThis): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || win.matchMedia?.('(display-mode: standalone)').matches === true;
}

async function registration(win: Window & typeof globalThis): Promise<ServiceWorkerRegistration> {
  const container = win.navigator.serviceWorker;
  const existing = await container.getRegistration();
  if (!existing) await container.register(SERVICE_WORKER_URL);
  return container.ready;
}

export function browserPush(win: Window & typeof globalThis = window): PushPlatform {
  return {
    support() {
      const nav = win.navigator;
      if (isAppleMobile(nav.userAgent, nav.maxTouchPoints) && !isStandalone(win)) {
        return 'needsHomeScreen';
      }
      const capable = 'serviceWorker' in nav && 'PushManager' in win && 'Notification' in win;
      return capable ? 'supported' : 'unsupported';
    },
    permission() {
      return 'Notification' in win ? (win.Notification.permission as PushPermission) : 'denied';
    },
    async requestPermission() {
      return (await win.Notification.requestPermission()) as PushPermission;
    },
    async subscribe(publicKey) {
      const { pushManager } = await registration(win);
      const subscription = await pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(publicKey),
      });
      return subscription.toJSON() as BrowserPushSubscription;
    },
    async currentEndpoint() {
      if (!('serviceWorker' in win.navigator)) return null;
      const found = await win.navigator.serviceWorker.getRegistration();
      return (await found?.pushManager.getSubscription())?.endpoint ?? null;
    },
    async unsubscribe() {
      const found = await win.navigator.serviceWorker?.getRegistration();
      await (await found?.pushManager.getSubscription())?.unsubscribe();
    },
  };
}
