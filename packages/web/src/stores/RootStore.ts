import { reaction } from 'mobx';
import {
  API_CONTRACT,
  CROSS_TAB_CHANNEL,
  CSRF_COOKIE,
  CrossTabBus,
  PRICING_PATH,
  TOAST_TO_PRICING_REDIRECT_MS,
  appInitFailureToast,
} from '@prijsalarm/core';
import type {
  ApiClient,
  CookieReader,
  CrossTabChannelLike,
  PlanRequiredInfo,
} from '@prijsalarm/core';
import type { ApiClientFactory } from '../api/client';
import type { CookieWriter } from '../platform/cookies';
import type { AppNavigator } from '../platform/navigator';
import type { KeyValueStorage } from '../platform/storage';
import type { LiveSocketFactory } from './LiveEventsStore';
import { AuthStore } from './AuthStore';
import { CapabilitiesStore } from './CapabilitiesStore';
import { ContactStore } from './ContactStore';
import { NavigationStore } from './NavigationStore';
import { SettingsStore } from './SettingsStore';
import { ToastStore } from './ToastStore';
import { UiStore } from './UiStore';

export interface RootStoreOptions {
  createApi: ApiClientFactory;
  cookies: CookieReader;
  /** Sets a readable cookie (the cookie-banner answer); default: sets none. */
  setCookie?: CookieWriter;
  storage: KeyValueStorage;
  /** The cross-tab channel (a BroadcastChannel in browsers). */
  channel: CrossTabChannelLike;
  navigator: AppNavigator;
  tabId: string;
  now?: () => number;
  /** The live events socket (/ws/events); default: the browser's WebSocket to this page's host. */
  liveEvents?: { url: string; createSocket?: LiveSocketFactory };
  /**
   * Hold the tab's live connection while signed in, so plan and limit changes made elsewhere
   * (another browser, an admin, a payment) reach this tab (main.tsx); off in tests and the
   * prerender unless asked.
   */
  followAccount?: boolean;
}

/** Every store of the app; stores reach one another through it (Outline's RootStore). */
export class RootStore {
  readonly api: ApiClient;
  readonly cookies: CookieReader;
  readonly setCookie: CookieWriter;
  readonly storage: KeyValueStorage;
  readonly navigator: AppNavigator;
  readonly crossTab: CrossTabBus;
  readonly now: () => number;
  readonly liveEventsOptions: RootStoreOptions['liveEvents'];

  readonly toasts: ToastStore;
  readonly settings: SettingsStore;
  readonly capabilities: CapabilitiesStore;
  readonly auth: AuthStore;
  readonly ui: UiStore;
  readonly navigation: NavigationStore;
  readonly contact: ContactStore;
  private readonly disposers: (() => void)[] = [];
  /** Lets go of the tab's live connection held for account changes (options.followAccount). */
  private releaseAccountEvents: (() => void) | null = null;
  private disposed = false;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(options: RootStoreOptions) {
    this.now = options.now ?? Date.now;
    this.liveEventsOptions = options.liveEvents;
    this.cookies = options.cookies;
    this.setCookie = options.setCookie ?? (() => undefined);
    this.storage = options.storage;
    this.navigator = options.navigator;
    this.crossTab = new CrossTabBus(options.channel, options.tabId, this.now);
    this.api = options.createApi(
      {
        onSessionExpired: (info) => this.auth.handleSessionExpired(info),
        onPlanRequired: (info) => this.handlePlanRequired(info),
        onCsrfFailure: () => this.auth.handleCsrfFailure(),
        onSessionRefreshed: (auth) => this.auth.handleSessionRefreshed(auth),
      },
      () => this.navigator.currentPath(),
    );
    this.toasts = new ToastStore(this.now);
    this.settings = new SettingsStore(this);
    this.capabilities = new CapabilitiesStore(this);
    this.auth = new AuthStore(this);
    this.ui = new UiStore(this);
    this.navigation = new NavigationStore(this);
    this.contact = new ContactStore(this);
    if (options.followAccount) {
      this.disposers.push(
        reaction(
          () => this.auth.isLoggedIn,
          (signedIn) => void this.followAccountEvents(signedIn),
          { fireImmediately: true },
        ),
      );
    }
  }

  /**
   * Application start: settings first, then the auth start-up decision, then the capabilities
   * of a signed-in user. A failure shows core's appInitFailureToast.
   */
  async init(): Promise<void> {
    try {
      await this.settings.load();
      await this.auth.initialize();
      if (this.auth.isLoggedIn) void this.capabilities.load();
    } catch (error) {
      const toast = appInitFailureToast(error);
      this.toasts.show(toast.message, toast.type);
    }
  }

  /** Loaded with the first sign-in, so a guest's first load does not carry the live connection. */
  private async followAccountEvents(signedIn: boolean) {
    if (!signedIn) {
      this.releaseAccountEvents?.();
      this.releaseAccountEvents = null;
      return;
    }
    if (this.releaseAccountEvents) return;
    const { holdAccountEvents } = await import('./accountEvents');
    if (this.disposed || this.releaseAccountEvents || !this.auth.isLoggedIn) return;
    this.releaseAccountEvents = holdAccountEvents(this);
  }

  /** A 403 asking for a higher plan: its text as a warning, then /pricing after 2 s. */
  handlePlanRequired(info: PlanRequiredInfo): void {
    this.toasts.warning(info.error);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.navigator.navigate(PRICING_PATH);
    }, TOAST_TO_PRICING_REDIRECT_MS);
    this.timers.add(timer);
  }

  /**
   * Guests have no CSRF cookie before their first read request: ask for one before posting a form
   * (POST /auth/login, /auth/register, /contact …), which the server refuses without it.
   */
  async ensureCsrfToken(): Promise<void> {
    if (this.cookies.get(CSRF_COOKIE)) return;
    try {
      await this.api.request(API_CONTRACT.auth.csrf);
    } catch (error) {
      console.warn('Could not get a CSRF token', error);
    }
  }

  dispose(): void {
    this.disposed = true;
    for (const dispose of this.disposers.splice(0)) dispose();
    this.releaseAccountEvents?.();
    this.releaseAccountEvents = null;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.toasts.clear();
    this.auth.dispose();
    this.crossTab.close();
  }
}

/** The channel every tab of this browser shares; a silent stand-in where BroadcastChannel is missing. */
export function browserCrossTabChannel(): CrossTabChannelLike {
  if (typeof BroadcastChannel === 'function') return new BroadcastChannel(CROSS_TAB_CHANNEL);
  return { postMessage: () => undefined, close: () => undefined, onmessage: null };
}

/** A random id for this tab; crypto.randomUUID needs a secure context, so it may be missing. */
export function newTabId(): string {
  try {
    return crypto.randomUUID();
  } catch {
    return `tab-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  }
}
