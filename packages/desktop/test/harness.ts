/**
 * The desktop app's main-process logic against the real server and the marketplace double, with
 * Electron replaced at the binding layer only: `DesktopPlatform` records native notifications,
 * opened URLs and tray models instead of showing them. The server runs in a process of its own
 * (`node --import tsx packages/server/src/main.ts`) so a test can SIGKILL and restart it on the
 * same port and database.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { API_CONTRACT, type NotificationDto } from '@prijsalarm/core';
import { startMarketplaceDouble, type MarketplaceDouble } from '../../../tests/doubles/marketplace';
import { E2E_ENV, spawnServerProcess, type ServerProcess } from '../../../tests/e2e-engine/kit';
import { getFreePort } from '../../server/test/ports';
import { DesktopApp, type DesktopPlatform } from '../src/main/app';
import type { StoredCookie } from '../src/main/cookieJar';
import type { SocketFactory } from '../src/main/liveConnection';
import type { Logger } from '../src/main/logger';
import type { NativeNotification } from '../src/main/notifier';
import { createSession, type DesktopSession } from '../src/main/session';
import type { TrayModel } from '../src/main/trayModel';
import { defaultSettings, type KeyValueStore, type Settings } from '../src/shared/settings';
import type { ChatSocketEvent, DesktopState, WindowKind } from '../src/shared/ipc';
import type { UserDto } from '@prijsalarm/core';

export const ADMIN_EMAIL = 'desktop-admin@example.nl';
export const ADMIN_PASSWORD = 'desktop-admin-password-123';

export interface RecordedNotification extends NativeNotification {
  at: number;
  click(): void;
}

/** Polls `check` until it returns something truthy. */
export async function until<T>(
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ServerUnderTest {
  process: ServerProcess | null = null;

  private constructor(
    readonly url: string,
    readonly env: Record<string, string>,
    readonly double: MarketplaceDouble,
    private readonly dataDir: string,
  ) {}

  static async start(): Promise<ServerUnderTest> {
    const double = await startMarketplaceDouble();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-desktop-'));
    const port = await getFreePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      ...E2E_ENV,
      NODE_ENV: 'test',
      SERVICES: 'web,worker,scheduler',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'server.sqlite')}`,
      SESSION_SECRET: 'desktop-test-session-secret-that-is-long-enough-012345',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      MARKTPLAATS_BASE_URL: double.baseUrl.marktplaats,
      TWEEDEHANDS_BASE_URL: double.baseUrl['2dehands'],
      LOG_LEVEL: 'info',
    };
    const server = new ServerUnderTest(url, env, double, dataDir);
    await server.boot();
    return server;
  }

  async boot(): Promise<void> {
    this.process = spawnServerProcess(this.env);
    await this.process.waitForLog('web server listening', 60_000);
  }

  /** SIGKILL: no goodbye to the sockets, as when a server crashes. */
  async kill(): Promise<void> {
    await this.process?.kill('SIGKILL');
    this.process = null;
  }

  /** The mails the server wrote to its outbox (no SMTP_URL here), parsed. */
  async mails(): Promise<Array<{ to: string[]; subject: string; text: string }>> {
    const outbox = path.join(this.dataDir, 'outbox');
    if (!existsSync(outbox)) return [];
    return Promise.all(
      readdirSync(outbox)
        .filter((file) => file.endsWith('.eml'))
        .sort()
        .map(async (file) => {
          const parsed = await PostalMime.parse(readFileSync(path.join(outbox, file)));
          return {
            to: (parsed.to ?? []).map((to) => to.address?.toLowerCase() ?? ''),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          };
        }),
    );
  }

  async stop(): Promise<void> {
    await this.process?.kill('SIGTERM');
    await this.double.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** A signed-in API session of the test user, to arrange what a test needs (alerts, plan). */
export async function adminSession(server: ServerUnderTest): Promise<{
  session: DesktopSession;
  user: UserDto;
}> {
  const session = createSession({ serverUrl: server.url });
  const result = await session.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, false);
  if (!result.ok) throw new Error(`sign-in failed: ${result.message}`);
  if (result.user.plan !== 'PRO')
    await session.api.admin.updateUserPlan(result.user.id, { plan: 'PRO' });
  return { session, user: result.user };
}

/** A new, verified account (registered, its verification link followed), not signed in. */
export async function registerVerifiedUser(
  server: ServerUnderTest,
  prefix: string,
): Promise<{ email: string; password: string }> {
  const email = `${uniqueWord(prefix)}@example.nl`;
  const password = 'desktop-user-password-123';
  const session = createSession({ serverUrl: server.url });
  // A CSRF cookie first, as a browser gets before its first POST.
  await session.api.request(API_CONTRACT.auth.csrf);
  await session.api.auth.register({ email, password, firstName: 'Eva' });
  const link = new RegExp(
    `${server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/verify/([^\\s<>"')]+)`,
  );
  const token = await until(
    async () => {
      const mail = (await server.mails()).find((sent) => sent.to.includes(email));
      return mail ? link.exec(mail.text)?.[1] : null;
    },
    15_000,
    `the verification mail to ${email}`,
  );
  await session.api.auth.verify(token);
  return { email, password };
}

/** A new alert for `searchTerm`, resolved once its first check (which only learns the ads) ran. */
export async function createCheckedAlert(session: DesktopSession, searchTerm: string) {
  const created = await session.api.alerts.create({
    platforms: ['marktplaats'],
    searchTerm,
  } as Parameters<DesktopSession['api']['alerts']['create']>[0]);
  const id = created.alert.id;
  await until(
    async () =>
      (await session.api.alerts.myAlerts()).alerts.find((alert) => alert.id === id)?.lastCheckedAt,
    60_000,
    `the first check of alert ${searchTerm}`,
  );
  // The check is stamped when it starts; let it finish learning what the marketplace has.
  await sleep(1500);
  return id;
}

/** The user's notifications recorded for one alert, newest first. */
export async function recordedFor(
  session: DesktopSession,
  alertId: string,
): Promise<NotificationDto[]> {
  return (await session.api.notifications.list({ alertIds: [alertId], limit: 100 })).notifications;
}

export interface TestDesktop {
  app: DesktopApp;
  shown: RecordedNotification[];
  opened: string[];
  states: DesktopState[];
  trays: TrayModel[];
  /** What main sent the chat window about its socket. */
  chatEvents: ChatSocketEvent[];
  /** The windows the fake platform reports as open (the test opens and closes them). */
  openWindows: Set<WindowKind>;
  logs: Array<{ level: string; message: string; details?: Record<string, unknown> }>;
  store: Map<string, unknown>;
}

export interface TestDesktopOptions {
  settings?: Partial<Settings>;
  createSocket?: SocketFactory;
  reconnectDelayMs?: (attempt: number) => number;
  now?: () => number;
  hasAccess?: (user: UserDto) => boolean;
  serverUrl?: string;
  quietRecheckMs?: number;
  supportCheckMs?: number;
  /** The disk the remembered session cookies go to (shared between two app starts). */
  disk?: { cookies: StoredCookie[] | null; rememberMe?: boolean };
}

/** The Electron-free app with a recording platform; sign in with `app.signIn`. */
export function createTestDesktop(
  server: ServerUnderTest,
  options: TestDesktopOptions = {},
): TestDesktop {
  const store = new Map<string, unknown>();
  store.set('settings', {
    ...defaultSettings(true),
    serverUrl: options.serverUrl ?? server.url,
    ...options.settings,
  });
  if (options.disk?.rememberMe) store.set('rememberMe', true);
  const kv: KeyValueStore = {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
  };
  const recorded: TestDesktop = {
    app: undefined as unknown as DesktopApp,
    shown: [],
    opened: [],
    states: [],
    trays: [],
    chatEvents: [],
    openWindows: new Set(),
    logs: [],
    store,
  };
  const logger: Logger = {
    info: (message, details) =>
      recorded.logs.push({ level: 'info', message, ...(details ? { details } : {}) }),
    warn: (message, details) =>
      recorded.logs.push({ level: 'warn', message, ...(details ? { details } : {}) }),
    error: (message, details) =>
      recorded.logs.push({ level: 'error', message, ...(details ? { details } : {}) }),
  };
  const platform: DesktopPlatform = {
    // The fake Notification: records the call and its moment, and can be clicked.
    showNotification: (notification, onClick) =>
      recorded.shown.push({ ...notification, at: Date.now(), click: onClick }),
    openExternal: (url) => recorded.opened.push(url),
    updateTray: (model) => recorded.trays.push(model),
    sendState: (state) => recorded.states.push(state),
    sendChatEvent: (event) => recorded.chatEvents.push(event),
    openWindow: (kind) => recorded.openWindows.add(kind),
    isWindowOpen: (kind) => recorded.openWindows.has(kind),
    setStartAtLogin: () => undefined,
    saveCookies: (cookies) => {
      if (options.disk) options.disk.cookies = cookies;
    },
    loadCookies: () => options.disk?.cookies ?? [],
    quit: () => undefined,
  };
  recorded.app = new DesktopApp({
    platform,
    store: kv,
    defaults: defaultSettings(true),
    logger,
    extraMarketplaceOrigins: Object.values(server.double.baseUrl),
    ...(options.createSocket ? { createSocket: options.createSocket } : {}),
    ...(options.reconnectDelayMs ? { reconnectDelayMs: options.reconnectDelayMs } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.hasAccess ? { hasAccess: options.hasAccess } : {}),
    ...(options.quietRecheckMs ? { quietRecheckMs: options.quietRecheckMs } : {}),
    ...(options.supportCheckMs ? { supportCheckMs: options.supportCheckMs } : {}),
  });
  return recorded;
}

/** A word no other test's ads contain, so only that test's alert matches. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}
