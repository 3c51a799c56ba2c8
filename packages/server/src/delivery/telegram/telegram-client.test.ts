/** The production client (telegraf) against the Bot API double, over real HTTP. */
import { TelegramError } from 'telegraf';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPTION_LIMIT,
  MESSAGE_TEXT_LIMIT,
  startTelegramDouble,
  type TelegramDouble,
} from '../../../../../tests/doubles/telegram';
import { formatListingMessage, type ListingForMessage } from './format';
import { TelegramClient, createTelegramClient } from './telegram-client';

const TOKEN = '123456:TEST-token_abc';
const CHAT = 424242;
const PHOTO = 'https://images.marktplaats.com/api/v1/listing-mp-p/images/22/221432d0.jpg';

let double: TelegramDouble;
let client: TelegramClient;

beforeAll(async () => {
  double = await startTelegramDouble({ token: TOKEN, botUsername: 'PrijsalarmBot' });
  client = new TelegramClient({ token: TOKEN, apiRoot: double.apiRoot });
});
afterEach(() => double.reset());
afterAll(async () => {
  await double.stop();
});

function listing(overrides: Partial<ListingForMessage> = {}): ListingForMessage {
  return {
    platform: '2dehands',
    title: '<b>iPhone</b> & "co"',
    priceCents: 125_000,
    priceType: 'FIXED',
    imageUrls: [PHOTO],
    url: 'https://www.2dehands.be/v/telecom/m2123456789-iphone',
    location: { cityName: 'Gent', distanceMeters: 4_000 },
    ...overrides,
  };
}

describe('TelegramClient against the Bot API double', () => {
  it('getMe answers with the bot and remembers its username for deep links', async () => {
    const fresh = new TelegramClient({ token: TOKEN, apiRoot: double.apiRoot });
    expect(fresh.botUsername).toBeNull();
    const me = await fresh.getMe();
    expect(me).toMatchObject({ id: 123456, is_bot: true, username: 'PrijsalarmBot' });
    expect(fresh.botUsername).toBe('PrijsalarmBot');
  });

  it('sends a listing with an https image as a photo whose caption shows the escaped title', async () => {
    const sent = await client.sendListing(CHAT, formatListingMessage(listing(), ['iPhone']));
    expect(sent.via).toBe('photo');
    const [message] = double.messagesTo(CHAT);
    expect(message).toMatchObject({
      method: 'sendPhoto',
      messageId: sent.messageId,
      photo: PHOTO,
      parseMode: 'HTML',
    });
    expect(message?.text.split('\n')).toEqual([
      '<b>iPhone</b> & "co"',
      '€ 1.250,00',
      'Gent · 4 km',
      'Voor je alert: "iPhone"',
      'Bekijk op 2dehands',
    ]);
    expect(message?.raw).toContain('<b>&lt;b&gt;iPhone&lt;/b&gt; &amp; &quot;co&quot;</b>');
    expect(message?.entities[0]).toEqual({ type: 'bold', offset: 0, length: 20 });
  });

  it('sends a listing without an image as a text message', async () => {
    const sent = await client.sendListing(
      CHAT,
      formatListingMessage(listing({ imageUrls: [] }), ['iPhone']),
    );
    expect(sent.via).toBe('text');
    const [message] = double.messagesTo(CHAT);
    expect(message?.method).toBe('sendMessage');
    expect(message?.text.split('\n')[0]).toBe('<b>iPhone</b> & "co"');
    expect(message?.params.link_preview_options).toEqual({ is_disabled: true });
  });

  it('falls back to a text message when Telegram cannot fetch the photo', async () => {
    double.makePhotoUnreachable(PHOTO);
    const sent = await client.sendListing(CHAT, formatListingMessage(listing(), ['iPhone']));
    expect(sent.via).toBe('text');
    expect(double.callsTo('sendPhoto').map((call) => call.status)).toEqual([400]);
    expect(double.messagesTo(CHAT).map((message) => message.method)).toEqual(['sendMessage']);
  });

  it('does not fall back to text when the chat itself is unreachable', async () => {
    double.blockBot(CHAT);
    await expect(
      client.sendListing(CHAT, formatListingMessage(listing(), ['iPhone'])),
    ).rejects.toMatchObject({ code: 403, description: 'Forbidden: bot was blocked by the user' });
    expect(double.callsTo('sendMessage')).toHaveLength(0);
  });

  it.each([
    ['caption', CAPTION_LIMIT, [PHOTO]],
    ['message', MESSAGE_TEXT_LIMIT, []],
  ])(
    'a listing with huge values still fits the %s limit (%i) and is accepted',
    async (_kind, limit, imageUrls) => {
      const huge = listing({ title: '&<>"'.repeat(2000), imageUrls });
      const sent = await client.sendListing(CHAT, formatListingMessage(huge, ['x'.repeat(5000)]));
      expect(sent.via).toBe(imageUrls.length ? 'photo' : 'text');
      const [message] = double.messagesTo(CHAT);
      expect(message?.text.length).toBeLessThanOrEqual(limit);
      expect(message?.text.length).toBeGreaterThan(limit - 5);
    },
  );

  it.each([
    ['caption', 'sendPhoto', CAPTION_LIMIT, 'Bad Request: message caption is too long'],
    ['message', 'sendMessage', MESSAGE_TEXT_LIMIT, 'Bad Request: message is too long'],
  ])(
    'the double refuses a %s over the limit, as Telegram does',
    async (_kind, method, limit, description) => {
      const text = 'x'.repeat(limit + 1);
      const payload =
        method === 'sendPhoto'
          ? { chat_id: CHAT, photo: PHOTO, caption: text }
          : { chat_id: CHAT, text };
      await expect(
        client.bot.telegram.callApi(method as 'sendMessage', payload as never),
      ).rejects.toMatchObject({ code: 400, description });
    },
  );

  it('sends plain text as is, with nothing parsed as markup', async () => {
    await client.sendText(CHAT, 'Test <b>niet vet</b> & zo');
    const [message] = double.messagesTo(CHAT);
    expect(message).toMatchObject({
      text: 'Test <b>niet vet</b> & zo',
      parseMode: null,
      entities: [],
    });
  });

  it('surfaces a wrong token as the API’s 401 Unauthorized', async () => {
    const wrong = new TelegramClient({ token: '123456:WRONG-token', apiRoot: double.apiRoot });
    const error = await wrong.getMe().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TelegramError);
    expect(error).toMatchObject({ code: 401, description: 'Unauthorized' });
    expect(double.calls.at(-1)).toMatchObject({ method: 'getMe', status: 401 });
  });

  it.each([
    [{ telegramBotToken: null, telegramApiRoot: 'https://api.telegram.org' }, false],
    [{ telegramBotToken: TOKEN, telegramApiRoot: 'https://api.telegram.org' }, true],
  ])('createTelegramClient(%j) makes a client: %s', (config, made) => {
    expect(createTelegramClient(config) instanceof TelegramClient).toBe(made);
  });
});
