/**
 * The tray app's connection and notifier against the real server (all roles, in a process of its
 * own) and the marketplace double: a seller publishes, the engine records, /ws/events pushes, and
 * the desktop calls the (recording) native Notification. Electron is faked at the binding layer
 * only; everything else is the code the app runs.
 */
import { DESKTOP_TEXTS, WEB_NOTIFICATIONS_PATH, formatListingPrice } from '@prijsalarm/core';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SocketFactory } from '../src/main/liveConnection';
import { createWsSocket } from '../src/main/wsSocket';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  ServerUnderTest,
  adminSession,
  createCheckedAlert,
  createTestDesktop,
  recordedFor,
  sleep,
  uniqueWord,
  until,
  type TestDesktop,
} from './harness';
import type { StoredCookie } from '../src/main/cookieJar';
import type { DesktopSession } from '../src/main/session';

let server: ServerUnderTest;
let admin: DesktopSession;
const running: TestDesktop[] = [];

beforeAll(async () => {
  server = await ServerUnderTest.start();
  admin = (await adminSession(server)).session;
});

afterEach(() => {
  for (const desktop of running.splice(0)) desktop.app.stop();
});

afterAll(async () => {
  await server?.stop();
});

async function signedInDesktop(options: Parameters<typeof createTestDesktop>[1] = {}) {
  const desktop = createTestDesktop(server, options);
  running.push(desktop);
  const result = await desktop.app.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, false);
  expect(result).toMatchObject({ ok: true });
  await until(() => desktop.app.state.connection === 'connected', 15_000, 'the live socket');
  return desktop;
}

describe('live alerts on the desktop', () => {
  it('a published matching ad gives exactly one native notification with its text and URL', async () => {
    const word = uniqueWord('desklive');
    const alertId = await createCheckedAlert(admin, word);
    const desktop = await signedInDesktop();

    const ad = server.double.publish({ title: `Gazelle ${word} 28 inch`, priceCents: 15_000 });
    const [shown] = await until(
      () => (desktop.shown.length > 0 ? desktop.shown : null),
      30_000,
      'the native notification',
    );
    // A few more relay and check rounds: still one.
    await sleep(3000);
    expect(desktop.shown).toHaveLength(1);
    expect(shown!.kind).toBe('ad');
    expect(shown!.title).toBe(`Nieuwe advertentie voor "${word}"`);
    expect(shown!.title).toBe(DESKTOP_TEXTS.notification.newAd(word));
    expect(shown!.body).toContain(`Gazelle ${word} 28 inch`);
    expect(shown!.body).toContain(formatListingPrice(15_000, 'FIXED'));
    expect(shown!.url).toBe(ad.url);

    const [recorded] = await recordedFor(admin, alertId);
    expect(recorded?.id).toBe(shown!.notificationId);
    const latencyMs = shown!.at - Date.parse(recorded!.createdAt);
    console.log(`recorded → native notification call: ${latencyMs} ms`);
    expect(latencyMs).toBeGreaterThanOrEqual(0);
    expect(latencyMs).toBeLessThan(3000);

    // A click opens the ad through the allow-list and marks it read.
    const unreadBefore = desktop.app.state.unread;
    shown!.click();
    await until(() => desktop.opened.length > 0, 5000, 'the ad to open');
    expect(desktop.opened).toEqual([ad.url]);
    expect(desktop.app.state.unread).toBe(unreadBefore - 1);
    const tray = desktop.app.trayModel();
    expect(tray.icon).toBe('connected');
    expect(tray.menu.map((item) => item.label)).toContain(`Gazelle ${word} 28 inch`);
  });

  it('a burst of five ads becomes one summary notification', async () => {
    const word = uniqueWord('deskburst');
    const alertId = await createCheckedAlert(admin, word);
    const desktop = await signedInDesktop();

    for (let i = 1; i <= 5; i += 1) {
      server.double.publish({ title: `Racefiets ${word} nummer ${i}`, priceCents: 10_000 + i });
    }
    await until(
      async () => (await recordedFor(admin, alertId)).length === 5,
      30_000,
      'five recorded',
    );
    await sleep(2000);
    expect(desktop.shown).toHaveLength(1);
    expect(desktop.shown[0]).toMatchObject({
      kind: 'summary',
      title: '5 nieuwe advertenties',
      url: server.url + WEB_NOTIFICATIONS_PATH,
    });
    // Each of them is still counted and listed.
    expect(desktop.app.state.unread).toBeGreaterThanOrEqual(5);

    // Read in the web ("Alles als gelezen markeren"): the tray follows without a restart.
    await admin.api.notifications.markAllViewed();
    await until(() => desktop.app.state.unread === 0, 10_000, 'the tray to count 0 unread');
    const tray = desktop.app.trayModel();
    expect(tray.badge).toBe('');
    expect(tray.tooltip).toBe(DESKTOP_TEXTS.tray.tooltip(DESKTOP_TEXTS.tray.statusConnected, 0));
    expect(tray.menu.map((item) => item.label).join(' ')).not.toContain('ongelezen');
  });

  it('quiet hours hold alerts back and summarise them when they end', async () => {
    const word = uniqueWord('deskquiet');
    const alertId = await createCheckedAlert(admin, word);
    // The app's clock stands at 21:00 local time, inside quiet hours 20:00–22:00, until the test
    // moves it past their end.
    let clock = new Date().setHours(21, 0, 0, 0);
    const desktop = await signedInDesktop({
      now: () => clock,
      quietRecheckMs: 300,
      settings: { quietHours: { enabled: true, from: '20:00', until: '22:00' } },
    });

    server.double.publish({ title: `Stoel ${word} eiken`, priceCents: 2_500 });
    server.double.publish({ title: `Tafel ${word} eiken`, priceCents: 12_500 });
    await until(
      async () => (await recordedFor(admin, alertId)).length === 2,
      30_000,
      'two recorded',
    );
    // Recorded and pushed, but quiet: nothing on screen.
    await until(() => desktop.app.state.unread >= 2, 10_000, 'both to arrive');
    expect(desktop.shown).toHaveLength(0);

    await sleep(1000);
    expect(desktop.shown).toHaveLength(0);
    clock = new Date(clock).setHours(22, 0, 1, 0);
    await until(() => desktop.shown.length > 0, 5_000, 'the summary after quiet hours');
    await sleep(500);
    expect(desktop.shown).toHaveLength(1);
    expect(desktop.shown[0]).toMatchObject({
      kind: 'summary',
      title: '2 nieuwe advertenties',
      body: DESKTOP_TEXTS.notification.quietHoursBody(2),
    });
  });

  it('after the server is killed and restarted it reconnects and catches up: nothing lost, nothing twice', async () => {
    const word = uniqueWord('deskrestart');
    const alertId = await createCheckedAlert(admin, word);
    // While `blocked`, every connection attempt fails as if the server were unreachable: the
    // test decides when the desktop gets back, so the catch-up path is the one that runs.
    let blocked = false;
    let attempts = 0;
    const gatedSocket: SocketFactory = (url, headers, handlers) => {
      attempts += 1;
      if (!blocked) return createWsSocket(url, headers, handlers);
      setTimeout(() => handlers.onClose(1006), 10);
      return { send: () => undefined, close: () => undefined };
    };
    const desktop = await signedInDesktop({
      createSocket: gatedSocket,
      reconnectDelayMs: () => 300,
    });

    const before = server.double.publish({
      title: `Kast ${word} voor de crash`,
      priceCents: 5_000,
    });
    await until(() => desktop.shown.length === 1, 30_000, 'the first ad live');

    blocked = true;
    await server.kill();
    await until(() => desktop.app.state.connection === 'offline', 10_000, 'offline');
    expect(desktop.app.trayModel().icon).toBe('offline');
    const whileDown = server.double.publish({
      title: `Bank ${word} tijdens storing`,
      priceCents: 7_000,
    });
    await server.boot();
    // The restarted engine records the ad while the desktop is still away.
    await until(
      async () => (await recordedFor(admin, alertId)).length === 2,
      60_000,
      'the ad recorded after restart',
    );
    const attemptsWhileAway = attempts;
    expect(attemptsWhileAway).toBeGreaterThan(1);

    blocked = false;
    await until(() => desktop.app.state.connection === 'connected', 15_000, 'reconnected');
    await until(() => desktop.shown.length === 2, 15_000, 'the missed ad from the catch-up');
    expect(desktop.logs).toContainEqual(
      expect.objectContaining({ message: 'caught up', details: { delivered: 1 } }),
    );

    const after = server.double.publish({ title: `Lamp ${word} na herstart`, priceCents: 3_000 });
    await until(() => desktop.shown.length === 3, 30_000, 'the next ad live again');
    await sleep(3000);
    expect(desktop.shown.map((shown) => shown.url)).toEqual([before.url, whileDown.url, after.url]);
    const ids = desktop.shown.map((shown) => shown.notificationId);
    expect(new Set(ids).size).toBe(3);
  });
});

const BUNDLE = fileURLToPath(new URL('../out/main/index.js', import.meta.url));
const STAND_IN = fileURLToPath(new URL('./electron-stand-in/register.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('the built main bundle', () => {
  // Built when missing or stale (the same step Playwright's setup takes), never skipped.
  beforeAll(() => {
    const build = spawnSync(process.execPath, ['scripts/ensure-built.mjs', 'desktop'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    expect(build.status).toBe(0);
    expect(existsSync(BUNDLE)).toBe(true);
  }, 300_000);

  it('under a stand-in Electron: the hardened sign-in window, sign-in, and a native notification', async () => {
    const word = uniqueWord('deskbundle');
    const alertId = await createCheckedAlert(admin, word);
    const userData = mkdtempSync(path.join(tmpdir(), 'prijsalarm-bundle-'));
    const events: Array<Record<string, unknown>> = [];
    const child = spawn(process.execPath, ['--import', STAND_IN, BUNDLE], {
      env: {
        PATH: process.env.PATH ?? '',
        PRIJSALARM_STAND_IN_USER_DATA: userData,
        PRIJSALARM_STAND_IN_DRIVE: JSON.stringify({
          serverUrl: server.url,
          email: ADMIN_EMAIL,
          password: ADMIN_PASSWORD,
        }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('{')) events.push(JSON.parse(line));
    });
    try {
      await until(
        () => events.find((e) => e.event === 'ipc-result' && e.channel === 'auth:sign-in'),
        30_000,
        'the sign-in through IPC',
      );
      expect(events.find((e) => e.event === 'window')).toMatchObject({
        title: DESKTOP_TEXTS.signIn.title,
        webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false },
      });
      expect(events.find((e) => e.channel === 'auth:sign-in')).toMatchObject({ ok: true });
      await until(
        () => events.some((e) => e.event === 'tray' && String(e.tooltip).includes('Verbonden')),
        15_000,
        'the tray to show connected',
      );
      server.double.publish({ title: `Brommer ${word} rood`, priceCents: 45_000 });
      const shown = await until(
        () => events.find((e) => e.event === 'notification'),
        30_000,
        'the native notification from the bundle',
      );
      expect(shown).toMatchObject({ title: DESKTOP_TEXTS.notification.newAd(word) });
      expect(String(shown.body)).toContain(`Brommer ${word} rood`);
      const [recorded] = await recordedFor(admin, alertId);
      const latencyMs = Number(shown.at) - Date.parse(recorded!.createdAt);
      console.log(`built bundle: recorded → native notification call: ${latencyMs} ms`);
    } finally {
      child.kill('SIGTERM');
      rmSync(userData, { recursive: true, force: true });
    }
  });
});

describe('signing in', () => {
  it('remember me: the next start is signed in from the saved session, without a password', async () => {
    const disk: { cookies: StoredCookie[] | null; rememberMe?: boolean } = { cookies: null };
    const first = createTestDesktop(server, { disk });
    running.push(first);
    expect(await first.app.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, true)).toMatchObject({ ok: true });
    expect(disk.cookies?.map((cookie) => cookie.name).sort()).toEqual(
      expect.arrayContaining(['pa_access', 'pa_refresh']),
    );
    first.app.stop();

    const second = createTestDesktop(server, { disk: { ...disk, rememberMe: true } });
    running.push(second);
    await second.app.start();
    expect(second.app.state).toMatchObject({ signedIn: true, user: { email: ADMIN_EMAIL } });
    await until(() => second.app.state.connection === 'connected', 15_000, 'the live socket');

    // Signing in without 'remember me' leaves nothing on disk.
    const third = createTestDesktop(server, { disk });
    running.push(third);
    expect(await third.app.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, false)).toMatchObject({ ok: true });
    expect(disk.cookies).toBeNull();
  });

  it('says in Dutch what went wrong: wrong password, server offline, no desktop access', async () => {
    const desktop = createTestDesktop(server);
    running.push(desktop);
    expect(await desktop.app.signIn(ADMIN_EMAIL, 'not-the-password-at-all', false)).toEqual({
      ok: false,
      message: DESKTOP_TEXTS.signIn.wrongPassword,
    });
    expect(desktop.app.state.signedIn).toBe(false);

    const offline = createTestDesktop(server, { serverUrl: 'http://127.0.0.1:9' });
    running.push(offline);
    expect(await offline.app.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, false)).toEqual({
      ok: false,
      message: DESKTOP_TEXTS.signIn.serverOffline,
    });

    // No plan lacks the desktop app today: a rule that says no is refused with its own text.
    const noAccess = createTestDesktop(server, { hasAccess: () => false });
    running.push(noAccess);
    expect(await noAccess.app.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, false)).toEqual({
      ok: false,
      message: DESKTOP_TEXTS.signIn.noDesktopAccess,
    });
    expect(noAccess.app.state.signedIn).toBe(false);
  });
});
