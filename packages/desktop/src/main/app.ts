/**
 * The tray app's main-process logic, wired together: settings, the session, the live connection
 * with its catch-up, the notifier, the tray model and the IPC handlers. Everything Electron does
 * is behind `DesktopPlatform`, which the binding layer (./electron) implements and tests fake.
 */
import {
  WEB_NOTIFICATIONS_PATH,
  isApiError,
  type NotificationDto,
  type UserDto,
} from '@prijsalarm/core';
import type { ChatSocketEvent, DesktopState, WindowKind } from '../shared/ipc';
import { ChatConnection } from './chatConnection';
import { SettingsStore, type KeyValueStore, type Settings } from '../shared/settings';
import { CookieJar, type StoredCookie } from './cookieJar';
import { Inbox, type InboxCursor } from './inbox';
import { createIpcHandlers } from './ipcHandlers';
import type { IpcHandlers } from './ipcRouter';
import { LiveConnection, type ConnectionStatus, type SocketFactory } from './liveConnection';
import type { Logger } from './logger';
import { Notifier, type NativeNotification } from './notifier';
import { SupportWatcher } from './supportWatcher';
import { createSession, type DesktopSession, type NodeFetch, type SignInResult } from './session';
import { isMuted, muteUntil } from './timeRules';
import { buildTrayModel, type TrayAction, type TrayModel } from './trayModel';
import { checkExternalUrl } from './urlAllowList';
import { createWsSocket } from './wsSocket';

export interface DesktopPlatform {
  showNotification(notification: NativeNotification, onClick: () => void): void;
  /** Only ever called with a URL that passed the allow-list. */
  openExternal(url: string): void;
  updateTray(model: TrayModel): void;
  sendState(state: DesktopState): void;
  /** To the chat window only: its socket's events. */
  sendChatEvent(event: ChatSocketEvent): void;
  openWindow(kind: WindowKind): void;
  isWindowOpen(kind: WindowKind): boolean;
  setStartAtLogin(enabled: boolean): void;
  /** Remembered session cookies (encrypted by the binding layer); null forgets them. */
  saveCookies(cookies: StoredCookie[] | null): void;
  loadCookies(): StoredCookie[];
  quit(): void;
}

export interface DesktopAppOptions {
  platform: DesktopPlatform;
  store: KeyValueStore;
  defaults: Settings;
  logger: Logger;
  fetch?: NodeFetch;
  createSocket?: SocketFactory;
  reconnectDelayMs?: (attempt: number) => number;
  now?: () => number;
  /** The marketplace double's origins in development and tests. */
  extraMarketplaceOrigins?: readonly string[];
  hasAccess?: (user: UserDto) => boolean;
  /** How often held quiet-hours alerts are looked at again (tests shorten it). */
  quietRecheckMs?: number;
  /** How often the support chat's unread count is checked (tests shorten it). */
  supportCheckMs?: number;
}

const CURSOR_KEY = 'cursor';
const REMEMBER_KEY = 'rememberMe';
const RECENT_KEEP = 20;
/** How long to wait before trying a remembered session again when the server was unreachable. */
const RESUME_RETRY_MS = 30_000;

export class DesktopApp {
  readonly settings: SettingsStore;
  private session: DesktopSession;
  private user: UserDto | null = null;
  private connection: LiveConnection | null = null;
  private inbox: Inbox | null = null;
  private supportWatcher: SupportWatcher | null = null;
  private chat: ChatConnection | null = null;
  private readonly notifier: Notifier;
  private connectionStatus: ConnectionStatus = 'stopped';
  private unread = 0;
  private recent: NotificationDto[] = [];
  private readonly now: () => number;
  private muteTimer: ReturnType<typeof setTimeout> | null = null;
  private resumeTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: DesktopAppOptions) {
    this.now = options.now ?? Date.now;
    this.settings = new SettingsStore(options.store, options.defaults, (problems) =>
      options.logger.warn('settings repaired', { problems }),
    );
    this.session = this.newSession();
    this.notifier = new Notifier({
      show: (notification) => this.show(notification),
      settings: () => this.settings.get(),
      notificationCentreUrl: () => this.session.serverUrl + WEB_NOTIFICATIONS_PATH,
      now: this.now,
      ...(options.quietRecheckMs ? { quietRecheckMs: options.quietRecheckMs } : {}),
    });
    this.settings.onChange(() => {
      this.notifier.settingsChanged();
      this.publish();
    });
  }

  /** Signs in again with remembered cookies, if any; publishes the state either way. */
  async start(): Promise<void> {
    const remembered = this.options.store.get(REMEMBER_KEY) === true;
    const cookies = remembered ? this.options.platform.loadCookies() : [];
    if (cookies.length > 0) {
      this.session.jar.restore(cookies);
      try {
        const user = await this.session.resume();
        if (user) await this.signedIn(user);
        else this.forgetSession();
      } catch (error) {
        // The server is unreachable (offline at start): keep the cookies and try again later.
        this.options.logger.warn('resume failed', { error: String(error) });
        this.resumeTimer = setTimeout(() => {
          this.resumeTimer = null;
          if (!this.user) void this.start();
        }, RESUME_RETRY_MS);
      }
    }
    this.publish();
  }

  get state(): DesktopState {
    const settings = this.settings.get();
    const connection = !this.user
      ? 'signed-out'
      : isMuted(settings.mutedUntil, this.now())
        ? 'muted'
        : this.connectionStatus === 'open'
          ? 'connected'
          : 'offline';
    return {
      signedIn: this.user !== null,
      user: this.user ? { email: this.user.email, plan: this.user.plan } : null,
      connection,
      unread: this.unread,
      serverUrl: settings.serverUrl,
    };
  }

  async signIn(email: string, password: string, rememberMe: boolean): Promise<SignInResult> {
    if (this.user) await this.signOut();
    this.session = this.newSession();
    this.options.store.set(REMEMBER_KEY, rememberMe);
    // Without 'remember me' nothing of an earlier session stays on disk either.
    if (!rememberMe) this.options.platform.saveCookies(null);
    const result = await this.session.signIn(email, password, rememberMe);
    if (result.ok) await this.signedIn(result.user);
    else this.publish();
    return result;
  }

  async signOut(): Promise<void> {
    const session = this.session;
    const wasSignedIn = this.dropUser();
    if (wasSignedIn) await session.signOut().catch(() => undefined);
    this.forgetSession();
    this.publish();
  }

  /** A window closed: the chat's socket goes with its window (answers then notify natively). */
  windowClosed(kind: WindowKind): void {
    if (kind === 'chat') this.chat?.stop();
  }

  /** After sleep or a network change: reconnect now and catch up; quiet hours may be over. */
  resumed(): void {
    this.connection?.reconnectNow();
    this.notifier.settingsChanged();
  }

  stop(): void {
    this.stopLive();
    this.notifier.dispose();
    if (this.muteTimer !== null) clearTimeout(this.muteTimer);
    if (this.resumeTimer !== null) clearTimeout(this.resumeTimer);
  }

  trayModel(): TrayModel {
    const settings = this.settings.get();
    return buildTrayModel({
      signedIn: this.user !== null,
      connected: this.connectionStatus === 'open',
      mutedUntil: settings.mutedUntil,
      unread: this.unread,
      recent: this.recent,
      now: this.now(),
    });
  }

  async handleTrayAction(action: TrayAction): Promise<void> {
    switch (action.type) {
      case 'open-notification':
        return this.openNotification(action.notificationId);
      case 'open-notification-centre':
        return this.openExternal(this.session.serverUrl + WEB_NOTIFICATIONS_PATH);
      case 'mute':
        this.mute(action.choice);
        return;
      case 'open-window':
        this.options.platform.openWindow(action.window);
        return;
      case 'sign-out':
        await this.signOut();
        this.options.platform.openWindow('signin');
        return;
      case 'quit':
        this.stop();
        this.options.platform.quit();
        return;
    }
  }

  mute(choice: 'oneHour' | 'untilTomorrow' | 'off'): void {
    const until = muteUntil(choice, this.now());
    this.settings.update({ mutedUntil: until });
    if (this.muteTimer !== null) clearTimeout(this.muteTimer);
    this.muteTimer = null;
    // The tray shows 'muted' until then: redraw when it ends.
    if (until !== null) {
      this.muteTimer = setTimeout(() => this.publish(), Math.max(0, until - this.now()) + 50);
    }
  }

  /** Opens a URL in the default browser if the allow-list lets it; refused ones are logged. */
  openExternal(url: string): void {
    const verdict = checkExternalUrl(url, {
      serverUrl: this.session.serverUrl,
      extraMarketplaceOrigins: this.options.extraMarketplaceOrigins ?? [],
    });
    if (!verdict.allowed) {
      this.options.logger.warn('openExternal refused', { url, reason: verdict.reason });
      return;
    }
    this.options.platform.openExternal(verdict.url);
  }

  async openNotification(id: string): Promise<void> {
    const known = this.recent.find((notification) => notification.id === id);
    const notification = known ?? (await this.session.api.notifications.get(id)).notification;
    this.openExternal(notification.listing.url);
    if (!notification.viewed) {
      notification.viewed = true;
      this.unread = Math.max(0, this.unread - 1);
      this.publish();
      await this.session.api.notifications.markViewed(id).catch((error: unknown) => {
        this.options.logger.warn('mark viewed failed', { error: String(error) });
      });
    }
  }

  /** What the windows may ask of main, each answer computed here (ipcHandlers.ts). */
  ipcHandlers(): IpcHandlers {
    return createIpcHandlers({
      state: () => this.state,
      user: () => this.user,
      api: () => this.session.api,
      recent: () => this.recent,
      settings: this.settings,
      signIn: (email, password, rememberMe) => this.signIn(email, password, rememberMe),
      signOut: () => this.signOut(),
      saveSettings: (update) => this.saveSettings(update),
      openNotification: (id) => this.openNotification(id),
      openNotificationCentre: () =>
        this.openExternal(this.session.serverUrl + WEB_NOTIFICATIONS_PATH),
      chatSockets: () => this.chatConnection(),
      closeChatSocket: (socketId) => this.chat?.close(socketId),
    });
  }

  /** The chat window's socket, on this session's cookies (made again for a new session). */
  private chatConnection(): ChatConnection {
    if (!this.chat) {
      const session = this.session;
      this.chat = new ChatConnection({
        serverUrl: session.serverUrl,
        cookieHeader: (url) => session.jar.header(url),
        createSocket: this.options.createSocket ?? createWsSocket,
        onEvent: (event) => this.options.platform.sendChatEvent(event),
        logger: this.options.logger,
      });
    }
    return this.chat;
  }

  private saveSettings(update: Partial<Settings>): Settings {
    const before = this.settings.get();
    const after = this.settings.update(update);
    if (after.startAtLogin !== before.startAtLogin) {
      this.options.platform.setStartAtLogin(after.startAtLogin);
    }
    if (after.serverUrl !== before.serverUrl) {
      // Another server: the old session means nothing there. The new one is in place at once,
      // so a sign-in right after saving goes to the new server.
      const old = this.session;
      const wasSignedIn = this.dropUser();
      this.session = this.newSession();
      this.options.platform.saveCookies(null);
      if (wasSignedIn) void old.signOut().catch(() => undefined);
      this.publish();
    }
    return after;
  }

  private newSession(): DesktopSession {
    const jar = new CookieJar();
    const session = createSession({
      serverUrl: this.settings.get().serverUrl,
      jar,
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      ...(this.options.hasAccess ? { hasAccess: this.options.hasAccess } : {}),
      onSessionEnded: () => {
        if (this.session === session && this.user) void this.signOut();
      },
    });
    jar.onChange = () => {
      if (this.session !== session || this.options.store.get(REMEMBER_KEY) !== true) return;
      this.options.platform.saveCookies(jar.persistent());
    };
    return session;
  }

  /** Stops the live connection and forgets the user's state; true when someone was signed in. */
  private dropUser(): boolean {
    this.stopLive();
    const wasSignedIn = this.user !== null;
    this.user = null;
    this.recent = [];
    this.unread = 0;
    return wasSignedIn;
  }

  private forgetSession(): void {
    this.session.jar.clear();
    this.options.platform.saveCookies(null);
  }

  private async signedIn(user: UserDto): Promise<void> {
    this.user = user;
    const session = this.session;
    try {
      const [list, stats] = await Promise.all([
        session.api.notifications.list({ limit: RECENT_KEEP }),
        session.api.notifications.stats(),
      ]);
      this.recent = list.notifications;
      this.unread = stats.unread;
    } catch (error) {
      this.options.logger.warn('could not load notifications', { error: String(error) });
    }
    this.inbox = new Inbox({
      userId: user.id,
      fetchPage: async (page, limit) =>
        (
          await session.api.notifications.list({
            page,
            limit,
            sortBy: 'createdAt',
            sortOrder: 'desc',
          })
        ).notifications,
      loadCursor: () => (this.options.store.get(CURSOR_KEY) as InboxCursor | undefined) ?? null,
      saveCursor: (cursor) => this.options.store.set(CURSOR_KEY, cursor),
      deliver: (notification) => this.received(notification),
      logger: this.options.logger,
    });
    const inbox = this.inbox;
    this.connection = new LiveConnection({
      serverUrl: session.serverUrl,
      cookieHeader: (url) => session.jar.header(url),
      createSocket: this.options.createSocket ?? createWsSocket,
      refreshSession: async () => {
        try {
          await session.api.refreshSession();
          return 'ok';
        } catch (error) {
          return isApiError(error) && (error.status === 401 || error.status === 403)
            ? 'ended'
            : 'offline';
        }
      },
      onNotification: (notification) => inbox.receive(notification, 'live'),
      onUnread: (unread) => void this.readElsewhere(session, unread),
      onOpen: () => {
        inbox
          .catchUp()
          // What came meanwhile may have been listed at sign-in already: the server counts.
          .then(() => this.refreshUnread(session))
          .catch((error: unknown) => {
            this.options.logger.warn('catch-up failed', { error: String(error) });
          });
      },
      onStatus: (status) => {
        this.connectionStatus = status;
        this.publish();
      },
      onSessionEnded: () => void this.signOut(),
      logger: this.options.logger,
      ...(this.options.reconnectDelayMs ? { reconnectDelayMs: this.options.reconnectDelayMs } : {}),
    });
    this.connection.start();
    this.supportWatcher = new SupportWatcher({
      unreadCount: async () => (await session.api.chat.unreadCount()).count,
      isChatOpen: () => this.options.platform.isWindowOpen('chat'),
      isSilenced: () => isMuted(this.settings.get().mutedUntil, this.now()),
      sound: () => this.settings.get().sound,
      show: (notification) => this.show(notification),
      logger: this.options.logger,
      ...(this.options.supportCheckMs ? { intervalMs: this.options.supportCheckMs } : {}),
    });
    this.supportWatcher.start();
    this.publish();
  }

  private async refreshUnread(session: DesktopSession): Promise<void> {
    const { unread } = await session.api.notifications.stats();
    if (this.session !== session || !this.user) return;
    this.unread = unread;
    this.publish();
  }

  /**
   * The user read in the web or another app: the tray's count and the recent list's "ongelezen"
   * marks follow. Only a change reloads the list (the count comes as every socket opens too).
   */
  private async readElsewhere(session: DesktopSession, unread: number): Promise<void> {
    if (unread === this.unread) return;
    this.unread = unread;
    this.publish();
    try {
      const { notifications } = await session.api.notifications.list({ limit: RECENT_KEEP });
      if (this.session !== session || !this.user) return;
      this.recent = notifications;
      this.publish();
    } catch (error) {
      this.options.logger.warn('could not reload notifications', { error: String(error) });
    }
  }

  private received(notification: NotificationDto): void {
    this.recent = [notification, ...this.recent.filter((n) => n.id !== notification.id)].slice(
      0,
      RECENT_KEEP,
    );
    if (!notification.viewed) this.unread += 1;
    this.notifier.notify(notification);
    this.publish();
  }

  private show(notification: NativeNotification): void {
    this.options.platform.showNotification(notification, () => {
      if (notification.kind === 'support') {
        this.options.platform.openWindow('chat');
      } else if (notification.kind === 'ad' && notification.notificationId) {
        void this.openNotification(notification.notificationId).catch(() => undefined);
      } else if (notification.url) {
        this.openExternal(notification.url);
      }
    });
  }

  private stopLive(): void {
    this.connection?.stop();
    this.connection = null;
    this.supportWatcher?.stop();
    this.supportWatcher = null;
    this.chat?.stop();
    this.chat = null;
    this.inbox = null;
    this.connectionStatus = 'stopped';
  }

  private publish(): void {
    this.options.platform.sendState(this.state);
    this.options.platform.updateTray(this.trayModel());
  }
}
