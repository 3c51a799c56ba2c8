/**
 * The Telegram channel through the running server (worker role) against the Bot API double over
 * real HTTP: what arrives in the chat, and what the delivery row says afterwards.
 */
import { DELIVERY_ERROR_TEXTS, TELEGRAM_TEXTS } from '@prijsalarm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramDouble, type TelegramDouble } from '../../../../../tests/doubles/telegram';
import { createUser } from '../../../test/auth-helpers';
import { makeListing, recordMatches, waitForDelivery } from '../../../test/delivery-helpers';
import { createAlert, madeAMinuteEarlier } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/support';
import type { User } from '../../models';

const TOKEN = '123456:TEST-token_abc';
let double: TelegramDouble;
let server: TestServer;
let nextChat = 7_000_001;

beforeAll(async () => {
  double = await startTelegramDouble({ token: TOKEN });
  server = await startTestServer({
    env: {
      SERVICES: 'web,worker',
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: double.apiRoot,
      DELIVERY_RETRY_SECONDS: '1',
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await double?.stop();
});

/** A REGISTERED user with a linked chat. */
async function linkedUser(): Promise<{ user: User; chatId: number }> {
  const chatId = nextChat++;
  const user = await createUser(server, { plan: 'REGISTERED' });
  await user.update({ telegramChatId: String(chatId), telegramUsername: `user${chatId}` });
  return { user, chatId };
}

const telegramAlert = (user: User, searchTerm: string) =>
  createAlert(server.models, {
    userId: user.id,
    searchTerm,
    notifyEmail: false,
    notifyTelegram: true,
  });

describe('messages', () => {
  it('an ad arrives once, as a photo with its caption, every marketplace value escaped', async () => {
    const { user, chatId } = await linkedUser();
    const alert = await telegramAlert(user, 'iphone');
    const title = '<b>GRATIS</b> iPhone 13 & "hoesje" <a href="https://evil.example">klik</a>';
    const listing = makeListing({ title, priceCents: 45_000 });
    await recordMatches(server, [{ alert, listing }]);

    const delivery = await waitForDelivery(
      server,
      { alertId: alert.id, channel: 'telegram' },
      'sent',
    );
    expect(delivery.attempts).toBe(1);
    const messages = double.messagesTo(chatId);
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message).toMatchObject({ method: 'sendPhoto', photo: listing.imageUrls[0] });
    expect(message!.text).toContain(title);
    expect(message!.text).toContain('€ 450,00');
    expect(message!.text).toContain('Voor je alert: "iphone"');
    // The only link is ours to the ad; the title's tags are text, not markup.
    const links = message!.entities.filter((entity) => entity.type === 'text_link');
    expect(links.map((entity) => entity.url)).toEqual([listing.url]);
    expect(message!.entities.some((entity) => entity.type === 'bold' && entity.length === 6)).toBe(
      false,
    );
  });

  it('one ad matched by two alerts of the user: one message naming both, both deliveries sent', async () => {
    const { user, chatId } = await linkedUser();
    const older = await telegramAlert(user, 'fiets');
    const newer = await telegramAlert(user, 'gazelle fiets');
    await madeAMinuteEarlier(server.models, older);
    const listing = makeListing({ title: 'Gazelle Orange' });
    await recordMatches(server, [
      { alert: older, listing },
      { alert: newer, listing },
    ]);

    for (const alert of [older, newer]) {
      await waitForDelivery(server, { alertId: alert.id, channel: 'telegram' }, 'sent');
    }
    const messages = double.messagesTo(chatId);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toContain(TELEGRAM_TEXTS.forAlerts(['fiets', 'gazelle fiets']));
  });

  it('two ads of one check: two messages, at least a second apart in the chat', async () => {
    const { user, chatId } = await linkedUser();
    const alert = await telegramAlert(user, 'lamp');
    await recordMatches(server, [
      { alert, listing: makeListing({ title: 'Lamp A' }) },
      { alert, listing: makeListing({ title: 'Lamp B' }) },
    ]);
    await waitForDelivery(server, { alertId: alert.id, channel: 'telegram' }, 'sent');
    await expect.poll(() => double.messagesTo(chatId).length, { timeout: 5000 }).toBe(2);
    const [first, second] = double.messagesTo(chatId);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(990);
  });
});

describe('failures', () => {
  it('a blocked bot: failed with its reason, and the user’s Telegram is unlinked', async () => {
    const { user, chatId } = await linkedUser();
    const alert = await telegramAlert(user, 'kast');
    double.blockBot(chatId);
    await recordMatches(server, [{ alert, listing: makeListing() }]);

    const failed = await waitForDelivery(
      server,
      { alertId: alert.id, channel: 'telegram' },
      'failed',
    );
    expect(failed.lastError).toBe(DELIVERY_ERROR_TEXTS.telegramChatUnreachable);
    expect(failed.attempts).toBe(1);
    await user.reload();
    expect(user.telegramChatId).toBeNull();
    expect(user.telegramUsername).toBeNull();
    expect(double.messagesTo(chatId)).toHaveLength(0);
  });

  it('Telegram’s 5xx: retrying with its reason, then sent', async () => {
    const { user, chatId } = await linkedUser();
    const alert = await telegramAlert(user, 'bank');
    double.injectFailure({ errorCode: 500, description: 'Internal Server Error', times: 1 });
    await recordMatches(server, [{ alert, listing: makeListing() }]);

    const retrying = await waitForDelivery(
      server,
      { alertId: alert.id, channel: 'telegram' },
      'retrying',
    );
    expect(retrying.attempts).toBe(1);
    expect(retrying.lastError).toContain('Tijdelijke fout, we proberen het opnieuw');
    const sent = await waitForDelivery(server, { alertId: alert.id, channel: 'telegram' }, 'sent');
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    expect(double.messagesTo(chatId)).toHaveLength(1);
  });

  it('a 429: waits retry_after, then the same message goes out once', async () => {
    const { user, chatId } = await linkedUser();
    const alert = await telegramAlert(user, 'stoel');
    double.inject429({ retryAfter: 2, times: 1 });
    await recordMatches(server, [{ alert, listing: makeListing() }]);

    const sent = await waitForDelivery(server, { alertId: alert.id, channel: 'telegram' }, 'sent');
    expect(sent.attempts).toBe(1);
    const calls = double.calls.filter(
      (call) => call.method.startsWith('send') && String(call.params.chat_id) === String(chatId),
    );
    expect(calls.map((call) => call.status)).toEqual([429, 200]);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(2000);
    expect(double.messagesTo(chatId)).toHaveLength(1);
  });

  // Last in this file: the flood wait holds every send of this server's bot for a minute.
  it('a 429 longer than a worker should wait: retrying at retry_after, not counted as an attempt', async () => {
    const { user } = await linkedUser();
    const alert = await telegramAlert(user, 'tafel');
    double.inject429({ retryAfter: 90, times: 1 });
    const before = Date.now();
    await recordMatches(server, [{ alert, listing: makeListing() }]);

    const retrying = await waitForDelivery(
      server,
      { alertId: alert.id, channel: 'telegram' },
      'retrying',
    );
    expect(retrying.attempts).toBe(0);
    expect(retrying.lastError).toBe(DELIVERY_ERROR_TEXTS.telegramRateLimited(90));
    expect(retrying.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before + 89_000);
  });
});

describe('without TELEGRAM_BOT_TOKEN', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer({ env: { SERVICES: 'web,worker' } });
  });
  afterAll(() => plain?.stop());

  it('a Telegram delivery fails with "Telegram is niet geconfigureerd"', async () => {
    const user = await createUser(plain, { plan: 'REGISTERED' });
    await user.update({ telegramChatId: '123' });
    const alert = await createAlert(plain.models, {
      userId: user.id,
      notifyEmail: false,
      notifyTelegram: true,
    });
    await recordMatches(plain, [{ alert, listing: makeListing() }]);
    const failed = await waitForDelivery(
      plain,
      { alertId: alert.id, channel: 'telegram' },
      'failed',
    );
    expect(failed.lastError).toBe('Telegram is niet geconfigureerd');
  });
});
