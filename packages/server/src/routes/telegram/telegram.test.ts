/**
 * /api/telegram through the running server (web + scheduler, where the bot's long polling runs)
 * against the Bot API double over real HTTP.
 */
import {
  ACCESS_TEXTS,
  API_TEXTS,
  DEFAULT_TELEGRAM_ALERT_LIMITS,
  TELEGRAM_LINK_CODE_TTL_MINUTES,
  TELEGRAM_TEXTS,
  type TelegramStatusResponse,
} from '@prijsalarm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramDouble, type TelegramDouble } from '../../../../../tests/doubles/telegram';
import { userPayload } from '../../../test/alert-helpers';
import { loginAs } from '../../../test/auth-helpers';
import { eventually } from '../../../test/delivery-helpers';
import type { TestClient } from '../../../test/http-client';
import { startTestServer, type TestServer } from '../../../test/support';
import type { User } from '../../models';

const TOKEN = '123456:TEST-token_abc';
const BOT = 'PrijsalarmTestBot';
let double: TelegramDouble;
let server: TestServer;
let nextChat = 8_000_001;

beforeAll(async () => {
  double = await startTelegramDouble({ token: TOKEN, botUsername: BOT });
  server = await startTestServer({
    env: {
      SERVICES: 'web,scheduler',
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: double.apiRoot,
      // Nothing here should reach a marketplace.
      MARKTPLAATS_BASE_URL: 'http://127.0.0.1:9',
      TWEEDEHANDS_BASE_URL: 'http://127.0.0.1:9',
      RATE_LIMITS: 'off',
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await double?.stop();
});

const textsTo = (chatId: number) => double.messagesTo(chatId).map((message) => message.text);

async function registered(plan: 'REGISTERED' | 'PRO' | 'FREE' = 'REGISTERED') {
  const browser = server.client();
  const user = await loginAs(server, browser, { plan });
  return { browser, user };
}

/** Links through the deep link flow; returns the chat. */
async function linkByDeepLink(browser: TestClient, username = 'anna'): Promise<number> {
  const chatId = nextChat++;
  const status = await browser.get<TelegramStatusResponse>('/api/telegram/status');
  await double.sendUserMessage({ chatId, username, text: `/start ${status.body.linkCode}` });
  await eventually(() => textsTo(chatId).includes(TELEGRAM_TEXTS.linked), 10_000, 'linked reply');
  return chatId;
}

describe('GET /telegram/status', () => {
  it('not connected: a fresh link code and the deep link to the bot', async () => {
    const { browser, user } = await registered();
    const res = await browser.get<TelegramStatusResponse>('/api/telegram/status');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ connected: false, username: null });
    expect(res.body.linkCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(res.body.deepLink).toBe(`https://t.me/${BOT}?start=${res.body.linkCode}`);
    await user.reload();
    // Only the hash is kept, valid for the link code lifetime.
    expect(user.telegramLinkCodeHash).toMatch(/^[0-9a-f]{64}$/);
    const ttl = user.telegramLinkCodeExpiresAt!.getTime() - Date.now();
    expect(ttl).toBeGreaterThan((TELEGRAM_LINK_CODE_TTL_MINUTES - 1) * 60_000);
    expect(ttl).toBeLessThanOrEqual(TELEGRAM_LINK_CODE_TTL_MINUTES * 60_000);
  });

  it('asking again shows the same code, and that first code still links', async () => {
    const { browser, user } = await registered();
    const first = await browser.get<TelegramStatusResponse>('/api/telegram/status');
    // The user opened the deep link and looks at the page before Telegram delivered /start.
    const second = await browser.get<TelegramStatusResponse>('/api/telegram/status');
    const chatId = nextChat++;
    await double.sendUserMessage({ chatId, text: `/start ${first.body.linkCode}` });
    const reply = await eventually(() => textsTo(chatId)[0], 10_000, 'a reply');
    expect(reply).toBe(TELEGRAM_TEXTS.linked);
    await user.reload();
    expect(user.telegramChatId).toBe(String(chatId));
    expect(second.body).toEqual(first.body);
  });

  it('an expired code is replaced by a new one, and no longer links', async () => {
    const { browser, user } = await registered();
    const first = await browser.get<TelegramStatusResponse>('/api/telegram/status');
    await server.models.User.update(
      { telegramLinkCodeExpiresAt: new Date(Date.now() - 1000) },
      { where: { id: user.id } },
    );
    const second = await browser.get<TelegramStatusResponse>('/api/telegram/status');
    expect(second.body.linkCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(second.body.linkCode).not.toBe(first.body.linkCode);
    const chatId = nextChat++;
    await double.sendUserMessage({ chatId, text: `/start ${first.body.linkCode}` });
    await eventually(() => textsTo(chatId).includes(TELEGRAM_TEXTS.linkCodeInvalid));
  });

  it('a used code is not shown again: after unlinking there is a new one', async () => {
    const { browser } = await registered();
    const before = await browser.get<TelegramStatusResponse>('/api/telegram/status');
    await linkByDeepLink(browser);
    expect((await browser.post('/api/telegram/disconnect')).status).toBe(200);
    const after = await browser.get<TelegramStatusResponse>('/api/telegram/status');
    expect(after.body.connected).toBe(false);
    expect(after.body.linkCode).not.toBe(before.body.linkCode);
  });

  it('two status requests at the same moment show one code', async () => {
    const { browser } = await registered();
    const answers = await Promise.all(
      [1, 2, 3].map(() => browser.get<TelegramStatusResponse>('/api/telegram/status')),
    );
    expect(new Set(answers.map((answer) => answer.body.linkCode)).size).toBe(1);
  });
});

describe('linking by deep link (/start CODE in the chat)', () => {
  it('links the chat to the user who owns the code', async () => {
    const { browser, user } = await registered();
    const chatId = await linkByDeepLink(browser, 'anna_nl');
    const status = await browser.get<TelegramStatusResponse>('/api/telegram/status');
    expect(status.body).toEqual({
      connected: true,
      username: 'anna_nl',
      linkCode: null,
      deepLink: null,
    });
    await user.reload();
    expect(user.telegramChatId).toBe(String(chatId));
    expect(user.telegramLinkCodeHash).toBeNull();
  });

  it('an unknown code links nobody and says so in the chat', async () => {
    const chatId = nextChat++;
    await double.sendUserMessage({ chatId, text: '/start ABCDEFGHJK' });
    await eventually(() => textsTo(chatId).includes(TELEGRAM_TEXTS.linkCodeInvalid));
    expect(await server.models.User.count({ where: { telegramChatId: String(chatId) } })).toBe(0);
  });

  it('a chat linked to another account moves: one chat belongs to one account', async () => {
    const first = await registered();
    const chatId = await linkByDeepLink(first.browser);
    const second = await registered();
    const status = await second.browser.get<TelegramStatusResponse>('/api/telegram/status');
    await double.sendUserMessage({ chatId, text: `/start ${status.body.linkCode}` });
    await eventually(async () => {
      await second.user.reload();
      return second.user.telegramChatId === String(chatId);
    });
    await first.user.reload();
    expect(first.user.telegramChatId).toBeNull();
  });
});

describe('linking by code typed on the website (bare /start, then POST /telegram/verify)', () => {
  async function codeFromBot(chatId: number, username?: string): Promise<string> {
    await double.sendUserMessage({ chatId, text: '/start', ...(username ? { username } : {}) });
    const reply = await eventually(() =>
      textsTo(chatId).find((text) => text.includes('koppelcode')),
    );
    return /koppelcode is: ([0-9A-Z]+)/.exec(reply)![1]!;
  }

  it('the bot gives a code; verify links that chat and the chat hears of it', async () => {
    const { browser, user } = await registered();
    const chatId = nextChat++;
    const code = await codeFromBot(chatId, 'bram');
    expect(textsTo(chatId)[0]).toBe(
      TELEGRAM_TEXTS.chatLinkCode(code, TELEGRAM_LINK_CODE_TTL_MINUTES),
    );

    const res = await browser.post('/api/telegram/verify', { code: code.toLowerCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ connected: true, username: 'bram' });
    await user.reload();
    expect(user.telegramChatId).toBe(String(chatId));
    await eventually(() => textsTo(chatId).includes(TELEGRAM_TEXTS.linked));
  });

  it('a code works once', async () => {
    const chatId = nextChat++;
    const code = await codeFromBot(chatId);
    const first = await registered();
    expect((await first.browser.post('/api/telegram/verify', { code })).status).toBe(200);
    const second = await registered();
    const again = await second.browser.post('/api/telegram/verify', { code });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      error: TELEGRAM_TEXTS.codeInvalid,
      fields: { code: TELEGRAM_TEXTS.codeInvalid },
    });
  });

  it.each([
    ['an unknown code', { code: 'ABCDEFGHJK' }, TELEGRAM_TEXTS.codeInvalid],
    ['a code of the wrong shape', { code: 'hallo' }, TELEGRAM_TEXTS.codeInvalid],
    ['no code', {}, API_TEXTS.validationFailed],
    ['a number', { code: 12 }, API_TEXTS.validationFailed],
  ])('%s: 400', async (_case, body, error) => {
    const { browser } = await registered();
    const res = await browser.post('/api/telegram/verify', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error });
  });

  it('a web code typed on the website does not link anything', async () => {
    const { browser } = await registered();
    const status = await browser.get<TelegramStatusResponse>('/api/telegram/status');
    const res = await browser.post('/api/telegram/verify', { code: status.body.linkCode });
    expect(res.status).toBe(400);
  });
});

describe('POST /telegram/disconnect and /telegram/test', () => {
  it('test sends the test message to the linked chat', async () => {
    const { browser } = await registered();
    const chatId = await linkByDeepLink(browser);
    const res = await browser.post('/api/telegram/test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: TELEGRAM_TEXTS.testSent });
    expect(textsTo(chatId)).toContain(TELEGRAM_TEXTS.testMessage);
  });

  it('test without a linked chat: 400', async () => {
    const { browser } = await registered();
    const res = await browser.post('/api/telegram/test');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: ACCESS_TEXTS.telegramNotConnected });
  });

  it('test to a chat that blocked the bot: 400, and the link is removed', async () => {
    const { browser, user } = await registered();
    const chatId = await linkByDeepLink(browser);
    double.blockBot(chatId);
    const res = await browser.post('/api/telegram/test');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: TELEGRAM_TEXTS.chatUnreachable });
    await user.reload();
    expect(user.telegramChatId).toBeNull();
  });

  it('disconnect forgets the chat and tells it', async () => {
    const { browser, user } = await registered();
    const chatId = await linkByDeepLink(browser);
    const res = await browser.post('/api/telegram/disconnect');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ connected: false });
    await user.reload();
    expect([user.telegramChatId, user.telegramUsername]).toEqual([null, null]);
    await eventually(() => textsTo(chatId).includes(TELEGRAM_TEXTS.disconnected));
    const status = await browser.get<TelegramStatusResponse>('/api/telegram/status');
    expect(status.body.connected).toBe(false);
  });
});

describe('who may', () => {
  const bodyFor = (method: string) => (method === 'GET' ? {} : { body: { code: 'ABCDEFGHJK' } });

  it.each([
    ['GET', '/api/telegram/status'],
    ['POST', '/api/telegram/verify'],
    ['POST', '/api/telegram/test'],
  ])('FREE: %s %s answers 403 with the plans that have Telegram', async (method, path) => {
    const { browser } = await registered('FREE');
    const res = await browser.request(method, path, bodyFor(method));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: ACCESS_TEXTS.availableFromPlan('Geregistreerd'),
      requiredPlans: ['REGISTERED', 'PRO'],
    });
  });

  it('FREE may still disconnect (e.g. after a downgrade)', async () => {
    const { browser, user } = await registered('FREE');
    await user.update({ telegramChatId: '999' });
    expect((await browser.post('/api/telegram/disconnect')).status).toBe(200);
    await user.reload();
    expect(user.telegramChatId).toBeNull();
  });

  it.each([
    ['GET', '/api/telegram/status'],
    ['POST', '/api/telegram/verify'],
    ['POST', '/api/telegram/disconnect'],
    ['POST', '/api/telegram/test'],
  ])('a guest: %s %s answers 401', async (method, path) => {
    const res = await server.client().request(method, path, bodyFor(method));
    expect(res.status).toBe(401);
  });
});

describe('the plan’s Telegram alert limit, at alert creation', () => {
  it('REGISTERED: up to the limit with Telegram, then 403 with the limit message', async () => {
    const limit = DEFAULT_TELEGRAM_ALERT_LIMITS.REGISTERED!;
    const { browser } = await registered('REGISTERED');
    const withTelegram = (n: number) =>
      browser.post('/api/alerts', userPayload({ searchTerm: `fiets ${n}`, notifyTelegram: true }));

    const notLinked = await withTelegram(0);
    expect(notLinked.status).toBe(403);
    expect(notLinked.body).toMatchObject({ error: ACCESS_TEXTS.telegramNotConnected });

    await linkByDeepLink(browser);
    for (let n = 1; n <= limit; n += 1) expect((await withTelegram(n)).status).toBe(201);
    const over = await withTelegram(limit + 1);
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({
      error: ACCESS_TEXTS.telegramLimitReached(limit),
      requiredPlans: ['PRO'],
    });
    // Without Telegram the next alert is fine (the alert limit itself is not reached yet).
    const plain = await browser.post('/api/alerts', userPayload({ searchTerm: 'fiets e-mail' }));
    expect(plain.status).toBe(201);
  });

  it('FREE: an alert with Telegram is refused with the plans that have it', async () => {
    const { browser } = await registered('FREE');
    const res = await browser.post('/api/alerts', userPayload({ notifyTelegram: true }));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ requiredPlans: ['REGISTERED', 'PRO'] });
  });
});

describe('without TELEGRAM_BOT_TOKEN', () => {
  let plain: TestServer;
  let user: User;
  let browser: TestClient;
  beforeAll(async () => {
    plain = await startTestServer({ env: { SERVICES: 'web' } });
    browser = plain.client();
    user = await loginAs(plain, browser, { plan: 'PRO' });
  });
  afterAll(() => plain?.stop());

  it('status, verify and test: a Dutch 403 that no plan answers', async () => {
    await user.update({ telegramChatId: '42' });
    for (const res of [
      await browser.get('/api/telegram/status'),
      await browser.post('/api/telegram/verify', { code: 'ABCDEFGHJK' }),
      await browser.post('/api/telegram/test'),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: ACCESS_TEXTS.telegramUnavailable, requiredPlans: [] });
    }
    await user.update({ telegramChatId: null });
  });

  it('refuses an alert, or an edit, that would notify by Telegram', async () => {
    const refused = await browser.post('/api/alerts', userPayload({ notifyTelegram: true }));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: ACCESS_TEXTS.telegramUnavailable });

    const created = await browser.post('/api/alerts', userPayload({ searchTerm: 'fiets mail' }));
    expect(created.status).toBe(201);
    const token = (created.body as { alert: { manageUrl: string } }).alert.manageUrl
      .split('/')
      .pop()!;
    const edit = await browser.put(`/api/alerts/manage/${token}`, { notifyTelegram: true });
    expect(edit.status).toBe(403);
    expect(edit.body).toMatchObject({ error: ACCESS_TEXTS.telegramUnavailable });
  });

  it('capabilities and public settings say Telegram cannot be delivered', async () => {
    const caps = await browser.get('/api/user-capabilities');
    expect(caps.body).toMatchObject({
      channels: { email: true, telegram: false, live: true },
      features: { telegram: false },
      telegram: { canEnable: false },
    });
    const settings = await plain.client().get('/api/settings/public');
    expect(settings.body).toMatchObject({ channels: { telegram: false } });
  });
});
