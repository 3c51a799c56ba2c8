/**
 * The desktop tray app's windows as built (packages/desktop/out/renderer, `npm run build -w
 * @prijsalarm/desktop`) in Chromium, with a fake `window.prijsalarm` bridge in place of the
 * preload: sign-in, settings, the notification list and the support chat (the web's shared chat,
 * @prijsalarm/chat-ui, over a fake of main's chat socket), each axe clean and without a
 * Content-Security-Policy violation. The real bridge and main process are covered by the desktop
 * vitest project.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { CHAT_QUICK_QUESTIONS, CHAT_TEXTS, DESKTOP_TEXTS } from '@prijsalarm/core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RENDERER = path.join(ROOT, 'packages/desktop/out/renderer');
const T = DESKTOP_TEXTS;
const w = CHAT_TEXTS.widget;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
};

let server: Server;
let baseUrl: string;

test.beforeAll(async () => {
  // Built when missing or older than its sources (the global setup has done so for a full run).
  const build = spawnSync(process.execPath, ['scripts/ensure-built.mjs', 'desktop'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the desktop build failed');
  server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    // Electron asks for no favicon; Chromium would log the 404 as a console error.
    if (pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    const file = path.join(RENDERER, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(RENDERER) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

interface FakeBridgeData {
  wrongPasswordText: string;
  signedIn: boolean;
}

/** Installs the fake bridge before the page's scripts run; calls are kept in window.bridgeCalls. */
async function openWindow(page: Page, kind: string, data: Partial<FakeBridgeData> = {}) {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') cspViolations.push(message.text());
  });
  await page.addInitScript(
    (input: FakeBridgeData) => {
      type Listener = (state: unknown) => void;
      const calls: Array<[string, unknown]> = [];
      const listeners = new Set<Listener>();
      type ChatListener = (event: { socketId: number; type: string }) => void;
      const chatListeners = new Set<ChatListener>();
      const chatEvent = (event: { socketId: number; type: string; message?: object }) =>
        chatListeners.forEach((listener) => listener(event));
      let socketSeq = 0;
      let messageSeq = 0;
      const state = {
        signedIn: input.signedIn,
        user: input.signedIn ? { email: 'jan@example.nl', plan: 'PRO' } : null,
        connection: input.signedIn ? 'connected' : 'signed-out',
        unread: 1,
        serverUrl: 'https://prijsalarm.nl',
      };
      let settings = {
        configVersion: 2,
        serverUrl: 'https://prijsalarm.nl',
        startAtLogin: false,
        sound: true,
        quietHours: { enabled: false, from: '22:00', until: '07:00' },
        silencedAlertIds: [] as string[],
        mutedUntil: null,
      };
      const listing = (id: number, title: string) => ({
        itemId: `m${id}`,
        platform: 'marktplaats',
        title,
        description: null,
        priceCents: 15000,
        priceType: 'FIXED',
        url: `https://www.marktplaats.nl/v/fietsen/m${id}-x`,
        imageUrls: [],
        location: 'Utrecht',
        distanceMeters: null,
        sellerName: null,
        sellerType: 'private',
        isPaid: false,
        postedAt: null,
      });
      const notifications = [
        {
          id: 'n2',
          alertId: 'a1',
          alertSearchTerm: 'racefiets',
          platform: 'marktplaats',
          listing: listing(2100000002, 'Gazelle racefiets 28 inch'),
          viewed: false,
          viewedAt: null,
          createdAt: '2026-11-24T12:00:02.000Z',
          deliveries: [],
        },
        {
          id: 'n1',
          alertId: 'a2',
          alertSearchTerm: 'eiken tafel',
          platform: 'marktplaats',
          listing: listing(2100000001, 'Eiken tafel 180 cm'),
          viewed: true,
          viewedAt: null,
          createdAt: '2026-11-24T11:00:00.000Z',
          deliveries: [],
        },
      ];
      const ok = (value: unknown) => Promise.resolve({ ok: true, value });
      const emit = () => listeners.forEach((listener) => listener({ ...state }));
      const record = (name: string, argument?: unknown) => calls.push([name, argument]);
      Object.assign(window, {
        bridgeCalls: calls,
        /** Support types, then answers, on the chat window's socket. */
        supportAnswers: (text: string) => {
          chatEvent({
            socketId: socketSeq,
            type: 'message',
            message: { type: 'typing', isTyping: true },
          });
          setTimeout(() => {
            chatEvent({
              socketId: socketSeq,
              type: 'message',
              message: {
                type: 'message',
                id: 'support-1',
                text,
                sender: 'support',
                timestamp: new Date().toISOString(),
              },
            });
            chatEvent({
              socketId: socketSeq,
              type: 'message',
              message: { type: 'typing', isTyping: false },
            });
          }, 300);
        },
        prijsalarm: {
          getState: () => ok({ ...state }),
          signIn: (argument: { email: string; password: string }) => {
            record('signIn', argument);
            if (argument.password !== 'goed-wachtwoord') {
              return Promise.resolve({ ok: false, error: input.wrongPasswordText });
            }
            Object.assign(state, {
              signedIn: true,
              user: { email: argument.email, plan: 'PRO' },
              connection: 'connected',
            });
            emit();
            return ok({ ...state });
          },
          signOut: () => ok({ ...state }),
          getSettings: () =>
            ok({
              settings,
              alerts: [
                { id: 'a1', searchTerm: 'racefiets' },
                { id: 'a2', searchTerm: 'eiken tafel' },
              ],
            }),
          saveSettings: (update: object) => {
            record('saveSettings', update);
            settings = { ...settings, ...update };
            return ok(settings);
          },
          listNotifications: () => ok(notifications),
          openNotification: (argument: { id: string }) => {
            record('openNotification', argument);
            return ok(null);
          },
          openNotificationCentre: () => {
            record('openNotificationCentre');
            return ok(null);
          },
          chatStart: () => {
            record('chatStart');
            return ok({ sessionId: 's1', messages: [], sessionStatus: 'active' });
          },
          chatCheck: () => ok({ newMessages: [], sessionStatus: 'active' }),
          chatSend: (argument: unknown) => {
            record('chatSend', argument);
            return ok({ messageId: `m${calls.length}` });
          },
          chatResolve: (argument: unknown) => {
            record('chatResolve', argument);
            return ok({ success: true, sessionStatus: 'resolved' });
          },
          chatMarkRead: (argument: unknown) => {
            record('chatMarkRead', argument);
            return ok({ success: true });
          },
          chatUnreadCount: () => ok({ count: 0, authenticated: true }),
          chatOnlineStatus: () => ok({ isOnline: true, statusMessage: 'Support is online' }),
          // main's /ws/chat socket, played by this fake: it opens, authenticates the user, takes
          // each message (stored, then delivered to support), and support answers on request.
          chatSocketOpen: () => {
            socketSeq += 1;
            const socketId = socketSeq;
            record('chatSocketOpen');
            setTimeout(() => chatEvent({ socketId, type: 'open' }), 0);
            return ok({ socketId });
          },
          chatSocketSend: (argument: {
            socketId: number;
            frame: { type: string; tempId?: string };
          }) => {
            const { socketId, frame } = argument;
            if (frame.type !== 'heartbeat') record('chatSocketSend', argument);
            const reply = (message: object) =>
              setTimeout(() => chatEvent({ socketId, type: 'message', message }), 0);
            if (frame.type === 'auth') reply({ type: 'authenticated' });
            if (frame.type === 'message') {
              messageSeq += 1;
              const messageId = `m-${messageSeq}`;
              reply({ type: 'message_sent', tempId: frame.tempId, messageId });
              reply({ type: 'delivered', messageId });
            }
            return ok(null);
          },
          chatSocketClose: (argument: unknown) => {
            record('chatSocketClose', argument);
            return ok(null);
          },
          onChatSocket: (listener: ChatListener) => {
            chatListeners.add(listener);
            return () => chatListeners.delete(listener);
          },
          closeWindow: () => {
            record('closeWindow');
            return ok(null);
          },
          onState: (listener: Listener) => {
            listeners.add(listener);
            return () => listeners.delete(listener);
          },
        },
      });
    },
    { wrongPasswordText: T.signIn.wrongPassword, signedIn: false, ...data },
  );
  await page.goto(`${baseUrl}/#${kind}`);
  return { cspViolations };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

async function expectAxeClean(page: Page) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  });
  expect(violations).toEqual([]);
}

const bridgeCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { bridgeCalls: Array<[string, unknown]> }).bridgeCalls);

test('sign-in window: a wrong password in Dutch, then signed in', async ({ page }) => {
  const { cspViolations } = await openWindow(page, 'signin');
  await expect(page.getByRole('heading', { name: T.signIn.title })).toBeVisible();
  await expect(page.getByText(T.signIn.server('https://prijsalarm.nl'))).toBeVisible();
  await page.getByLabel(T.signIn.email).fill('jan@example.nl');
  await page.getByLabel(T.signIn.password).fill('fout');
  await page.getByRole('button', { name: T.signIn.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(T.signIn.wrongPassword);
  await expectAxeClean(page);

  await page.getByLabel(T.signIn.password).fill('goed-wachtwoord');
  await expect(page.getByLabel(T.signIn.rememberMe)).toBeChecked();
  await page.getByRole('button', { name: T.signIn.submit }).click();
  await expect(page.getByRole('status')).toHaveText(T.signIn.signedInAs('jan@example.nl'));
  expect(await bridgeCalls(page)).toContainEqual([
    'signIn',
    { email: 'jan@example.nl', password: 'goed-wachtwoord', rememberMe: true },
  ]);
  await expectAxeClean(page);
  expect(cspViolations).toEqual([]);
});

test('settings window: validates, then saves what the user chose', async ({ page }) => {
  const { cspViolations } = await openWindow(page, 'settings', { signedIn: true });
  await expect(page.getByRole('heading', { name: T.settings.title })).toBeVisible();
  await expectAxeClean(page);

  await page.getByLabel(T.settings.serverUrl).fill('geen adres');
  await page.getByRole('button', { name: T.settings.save }).click();
  await expect(page.getByText(T.settings.serverUrlInvalid)).toBeVisible();
  await expect(page.getByLabel(T.settings.serverUrl)).toHaveAttribute('aria-invalid', 'true');
  await expectAxeClean(page);

  await page.getByLabel(T.settings.serverUrl).fill('http://localhost:3000');
  await page.getByLabel(T.settings.sound).uncheck();
  await page.getByLabel(T.settings.quietHoursOn).check();
  await page.getByLabel(T.settings.quietFrom).fill('23:00');
  await page.getByLabel('eiken tafel').uncheck();
  await page.getByRole('button', { name: T.settings.save }).click();
  await expect(page.getByRole('status')).toHaveText(T.settings.saved);
  expect(await bridgeCalls(page)).toContainEqual([
    'saveSettings',
    {
      serverUrl: 'http://localhost:3000',
      startAtLogin: false,
      sound: false,
      quietHours: { enabled: true, from: '23:00', until: '07:00' },
      silencedAlertIds: ['a2'],
    },
  ]);
  expect(cspViolations).toEqual([]);
});

test('notification list: the newest alerts, opened through main', async ({ page }) => {
  const { cspViolations } = await openWindow(page, 'notifications', { signedIn: true });
  const list = page.getByRole('list', { name: T.notificationList.listLabel });
  const card = list.getByRole('article', { name: 'Gazelle racefiets 28 inch' });
  await expect(card).toBeVisible();
  await expect(card.getByText(T.notification.newAd('racefiets'))).toBeVisible();
  await expect(card.getByText('€ 150,00 · Utrecht')).toBeVisible();
  await expect(card.getByText(T.notificationList.unread, { exact: true })).toBeVisible();
  await expect(list.getByRole('article')).toHaveCount(2);
  await expectAxeClean(page);

  await card
    .getByRole('button', { name: `${T.notificationList.open}: Gazelle racefiets 28 inch` })
    .click();
  await page.getByRole('button', { name: T.notificationList.openAll }).click();
  const calls = await bridgeCalls(page);
  expect(calls).toContainEqual(['openNotification', { id: 'n2' }]);
  expect(calls).toContainEqual(['openNotificationCentre', undefined]);
  expect(cspViolations).toEqual([]);
});

test('chat window: the web’s chat, signed in as the user, over main’s socket', async ({ page }) => {
  const { cspViolations } = await openWindow(page, 'chat', { signedIn: true });
  const chat = page.getByRole('region', { name: w.title });
  await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();
  await expect(chat.getByText('Support is online')).toBeVisible();
  // Signed in: no guest form, straight to the composer and the quick questions.
  await expect(page.getByLabel(w.nameLabel)).toHaveCount(0);
  await expect(chat.getByRole('group', { name: w.quickQuestions })).toBeVisible();
  await expect(chat.getByRole('button', { name: CHAT_QUICK_QUESTIONS[0]!.label })).toBeVisible();
  await expectAxeClean(page);

  await chat.getByLabel(w.messageLabel).fill('Mijn meldingen komen niet binnen');
  await chat.getByRole('button', { name: w.send }).click();
  const messages = chat.getByRole('list', { name: w.messages });
  const mine = messages
    .getByRole('listitem')
    .filter({ hasText: 'Mijn meldingen komen niet binnen' });
  await expect(mine).toBeVisible();
  // Stored by the server, then delivered to support: the web's marks.
  await expect(mine.getByText(w.delivered)).toBeAttached();
  await expect(chat.getByRole('group', { name: w.quickQuestions })).toHaveCount(0);

  await page.evaluate(() =>
    (window as unknown as { supportAnswers(text: string): void }).supportAnswers(
      'We kijken ernaar.',
    ),
  );
  await expect(chat.getByText(w.typing)).toBeVisible();
  await expect(messages.getByText('We kijken ernaar.')).toBeVisible();
  await expect(chat.getByText(w.typing)).toHaveCount(0);
  await expectAxeClean(page);

  await chat.getByRole('button', { name: w.endChat }).click();
  await expect(chat.getByText(CHAT_TEXTS.endedByUser).first()).toBeVisible();
  await expect(chat.getByRole('button', { name: w.newChat })).toBeFocused();
  await expectAxeClean(page);
  await chat.getByRole('button', { name: w.close }).click();

  const calls = await bridgeCalls(page);
  expect(calls).toContainEqual([
    'chatSocketSend',
    { socketId: 1, frame: { type: 'auth', sessionId: 's1' } },
  ]);
  expect(calls).toContainEqual([
    'chatSocketSend',
    {
      socketId: 1,
      frame: {
        type: 'message',
        text: 'Mijn meldingen komen niet binnen',
        tempId: expect.any(String),
      },
    },
  ]);
  expect(calls).toContainEqual(['chatMarkRead', { sessionId: 's1' }]);
  expect(calls).toContainEqual(['chatResolve', { sessionId: 's1' }]);
  expect(calls).toContainEqual(['chatSocketClose', { socketId: 1 }]);
  expect(calls).toContainEqual(['closeWindow', undefined]);
  // The socket carried the message: not the HTTP fallback.
  expect(calls.filter(([name]) => name === 'chatSend')).toEqual([]);
  expect(cspViolations).toEqual([]);
});

test('chat window: signed out, it says to sign in', async ({ page }) => {
  const { cspViolations } = await openWindow(page, 'chat');
  await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();
  await expect(page.getByText(T.chatWindow.signedOut)).toBeVisible();
  await expect(page.getByLabel(w.messageLabel)).toHaveCount(0);
  await expectAxeClean(page);
  expect(cspViolations).toEqual([]);
});
