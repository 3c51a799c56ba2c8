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
  PublicSettings,
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

export interface PageSettings {
  settings: PublicSettings;
  usableFrom: Promise<void>;
}

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
  /**
   * Leave the stores to be made by storeSteps() (or on first use) instead of all in the
   * constructor: the browser start makes them a task each (main.tsx).
   */
  storesInSteps?: boolean;
  /**
   * The public settings the server put in the page (platform/pageSettings), if it did, and when
   * they may be shown: once the prerendered page has been taken over, which was drawn without.
   */
  pageSettings?: PageSettings | null;
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
  readonly pageSettings: PageSettings | null;

  private toastStore?: ToastStore;
  private settingsStore?: SettingsStore;
  private capabilitiesStore?: CapabilitiesStore;
  private authStore?: AuthStore;
  private uiStore?: UiStore;
  private navigationStore?: NavigationStore;
  private contactStore?: ContactStore;
  private readonly followAccount: boolean;
  private readonly disposers: (() => void)[] = [];
  /** Lets go of the tab's live connection held for account changes (options.followAccount). */
  private releaseAccountEvents: (() => void) | null = null;
  private disposed = false;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(options: RootStoreOptions) {
    this.now = options.now ?? Date.now;
    this.liveEventsOptions = options.liveEvents;
    this.pageSettings = options.pageSettings ?? null;
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
    this.followAccount = options.followAccount ?? false;
    if (!options.storesInSteps) for (const step of this.storeSteps()) step();
  }

  // A store is made by its step or on first use, whichever comes first.
  get toasts(): ToastStore {
    return (this.toastStore ??= new ToastStore(this.now));
  }
  get settings(): SettingsStore {
    return (this.settingsStore ??= new SettingsStore(this));
  }
  get capabilities(): CapabilitiesStore {
    return (this.capabilitiesStore ??= new CapabilitiesStore(this));
  }
  get auth(): AuthStore {
    return (this.authStore ??= new AuthStore(this));
  }
  get ui(): UiStore {
    return (this.uiStore ??= new UiStore(this));
  }
  get navigation(): NavigationStore {
    return (this.navigationStore ??= new NavigationStore(this));
  }
  get contact(): ContactStore {
    return (this.contactStore ??= new ContactStore(this));
  }

  /**
   * Makes the stores, one per step. Making them all at once is one long task on a phone; the
   * browser start (main.tsx) runs each step in a task of its own. The account store comes first:
   * it follows the other tabs from the moment it exists.
   */
  storeSteps(): (() => unknown)[] {
    return [
      () => this.auth,
      () => this.settings,
      () => this.toasts,
      () => this.ui,
      () => this.navigation,
      () => this.contact,
      () => this.capabilities,
    ];
  }

  /**
   * Application start: settings first, then the auth start-up decision, then the capabilities
   * of a signed-in user. A failure shows core's appInitFailureToast.
   */
  async init(): Promise<void> {
    if (this.followAccount && !this.disposed) {
      this.disposers.push(
        reaction(
          () => this.auth.isLoggedIn,
          (signedIn) => void this.followAccountEvents(signedIn),
          { fireImmediately: true },
        ),
      );
    }
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
    this.toastStore?.clear();
    this.authStore?.dispose();
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
