import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TELEGRAM_TEXTS } from '@prijsalarm/core';
import type { Update } from 'telegraf/types';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTelegramDouble, type TelegramDouble } from '../../../../../tests/doubles/telegram';
import { createTokenService, hashToken } from '../../security/tokens';
import {
  LINK_CODE_ALPHABET,
  UpdatesListener,
  createLinkCode,
  hashLinkCode,
  isValidWebhookSecret,
  normalizeLinkCode,
  parseStartCommand,
  telegramDeepLink,
  webLinkCode,
  type StartCommand,
} from './linking';
import { TelegramClient } from './telegram-client';

const TOKEN = '123456:TEST-token_abc';
const BOT = 'PrijsalarmBot';

describe('link codes', () => {
  it('are 10 characters of an unambiguous alphabet, at least 40 random bits', () => {
    const codes = Array.from({ length: 500 }, () => createLinkCode().code);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    }
    expect(Math.log2(LINK_CODE_ALPHABET.length) * 10).toBeGreaterThanOrEqual(40);
    expect(new Set(codes).size).toBe(codes.length);
    // Every character of the alphabet turns up: the codes use all of it.
    expect(new Set(codes.join('')).size).toBe(LINK_CODE_ALPHABET.length);
  });

  it('come with the hash to store and an expiry 15 minutes on', () => {
    const now = new Date('2026-03-10T11:00:00Z');
    const issued = createLinkCode(now);
    expect(issued.codeHash).toBe(hashToken(issued.code));
    expect(issued.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(issued.expiresAt).toEqual(new Date('2026-03-10T11:15:00Z'));
  });

  it("a user's web code is the same for the same expiry, and another for anything else", () => {
    const secret = 'a-session-secret-of-at-least-32-characters';
    const tokens = createTokenService(secret);
    const expiry = new Date('2026-03-10T11:15:00.123Z');
    const issued = webLinkCode(tokens, 'user-1', expiry);
    expect(issued.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(issued).toEqual({
      code: issued.code,
      codeHash: hashToken(issued.code),
      expiresAt: expiry,
    });
    expect(webLinkCode(tokens, 'user-1', new Date(expiry))).toEqual(issued);
    const others = [
      webLinkCode(tokens, 'user-2', expiry),
      webLinkCode(tokens, 'user-1', new Date(expiry.getTime() + 1)),
      webLinkCode(createTokenService(`${secret}-other`), 'user-1', expiry),
    ].map((other) => other.code);
    expect(new Set([issued.code, ...others]).size).toBe(4);
  });

  it.each([
    ['AB12CD34EF', 'AB12CD34EF'],
    ['ab12cd34ef', 'AB12CD34EF'],
    ['AB12-CD34-EF', 'AB12CD34EF'],
    [' AB12 CD34 EF ', 'AB12CD34EF'],
    ['ABI2CD34EF', 'AB12CD34EF'],
    ['ABL2CD34EF', 'AB12CD34EF'],
    ['AB12CD34EO', 'AB12CD34E0'],
    ['AB12CD34E', null],
    ['AB12CD34EFG', null],
    ['AB12CD34EU', null],
    ['AB12CD34E!', null],
  ])('normalizeLinkCode(%j) is %j', (input, expected) => {
    expect(normalizeLinkCode(input)).toBe(expected);
  });

  it('hash the same however the user typed the code', () => {
    const { code, codeHash } = createLinkCode();
    expect(hashLinkCode(code.toLowerCase().replace(/(.{5})/, '$1-'))).toBe(codeHash);
  });

  it.each([
    [BOT, 'AB12CD34EF', 'https://t.me/PrijsalarmBot?start=AB12CD34EF'],
    [`@${BOT}`, 'AB12CD34EF', 'https://t.me/PrijsalarmBot?start=AB12CD34EF'],
  ])('the deep link for %s is %s', (bot, code, link) => {
    expect(telegramDeepLink(bot, code)).toBe(link);
  });
});

describe('parseStartCommand', () => {
  it.each([
    ['/start', { code: null }],
    ['/start AB12CD34EF', { code: 'AB12CD34EF' }],
    ['/start ab12cd34ef', { code: 'AB12CD34EF' }],
    [`/start@${BOT} AB12CD34EF`, { code: 'AB12CD34EF' }],
    ['/start@OtherBot AB12CD34EF', null],
    ['/start something-else', { code: 'something-else' }],
    ['AB12CD34EF', { code: 'AB12CD34EF' }],
    ['ab12-cd34-ef', { code: 'AB12CD34EF' }],
    ['/help', null],
    ['hallo', null],
    ['/start AB12CD34EF extra', null],
  ])('%j gives %j', (text, expected) => {
    expect(parseStartCommand(text, BOT)).toEqual(expected);
  });
});

describe('isValidWebhookSecret', () => {
  it.each([
    ['S3cret_token', 'S3cret_token', true],
    ['S3cret_tokem', 'S3cret_token', false],
    ['S3cret', 'S3cret_token', false],
    [undefined, 'S3cret_token', false],
    [['S3cret_token'], 'S3cret_token', false],
    ['', '', false],
  ])('%j against %j: %s', (received, expected, valid) => {
    expect(isValidWebhookSecret(received, expected)).toBe(valid);
  });
});

describe('UpdatesListener', () => {
  let double: TelegramDouble;
  let listener: UpdatesListener | null = null;
  const started: StartCommand[] = [];
  const errors: unknown[] = [];

  beforeAll(async () => {
    double = await startTelegramDouble({ token: TOKEN, botUsername: BOT });
  });
  afterEach(async () => {
    await listener?.stop();
    listener = null;
    started.length = 0;
    errors.length = 0;
    double.reset();
  });
  afterAll(async () => {
    await double.stop();
  });

  function listen(answer: (command: StartCommand) => string | null = () => null, token = TOKEN) {
    const client = new TelegramClient({ token, apiRoot: double.apiRoot });
    listener = new UpdatesListener({
      client,
      onStart: (command) => {
        started.push(command);
        return answer(command);
      },
      onError: (error) => errors.push(error),
    });
    return listener;
  }

  it('a /start with a code, fetched with getUpdates, reaches onStart with chat id and username', async () => {
    await listen((command) =>
      command.code === 'AB12CD34EF' ? TELEGRAM_TEXTS.linked : TELEGRAM_TEXTS.linkCodeInvalid,
    ).start();
    await double.sendUserMessage({
      chatId: 5550001,
      username: 'jan',
      firstName: 'Jan',
      text: '/start AB12CD34EF',
    });
    await vi.waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toMatchObject({
      chatId: 5550001,
      userId: 5550001,
      username: 'jan',
      firstName: 'Jan',
      code: 'AB12CD34EF',
    });
    await vi.waitFor(() =>
      expect(double.messagesTo(5550001).map((message) => message.text)).toEqual([
        TELEGRAM_TEXTS.linked,
      ]),
    );
    expect(double.callsTo('getUpdates').length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('confirms handled updates, so a restart does not see them again', async () => {
    await listen().start();
    await double.sendUserMessage({ chatId: 5550002, username: 'piet', text: '/start' });
    await vi.waitFor(() => expect(started).toHaveLength(1));
    await listener!.stop();
    expect(double.pendingUpdates()).toBe(0);
  });

  it('a bare /start reaches onStart without a code; other text does not', async () => {
    await listen(() => TELEGRAM_TEXTS.welcome).start();
    await double.sendUserMessage({ chatId: 5550003, text: 'hallo' });
    await double.sendUserMessage({ chatId: 5550003, text: '/start' });
    await vi.waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toMatchObject({ chatId: 5550003, username: null, code: null });
    await vi.waitFor(() =>
      expect(double.messagesTo(5550003).map((message) => message.text)).toEqual([
        TELEGRAM_TEXTS.welcome,
      ]),
    );
  });

  it('in a group it only says that linking works in a private chat', async () => {
    await listen().start();
    await double.sendUserMessage({
      chatId: -100123,
      userId: 5550004,
      chatType: 'group',
      text: '/start AB12CD34EF',
    });
    await vi.waitFor(() =>
      expect(double.messagesTo(-100123).map((message) => message.text)).toEqual([
        TELEGRAM_TEXTS.privateChatOnly,
      ]),
    );
    expect(started).toEqual([]);
  });

  it('with a wrong token, start fails with the API’s 401', async () => {
    await expect(listen(undefined, '123456:WRONG-token').start()).rejects.toMatchObject({
      code: 401,
      description: 'Unauthorized',
    });
    listener = null;
  });

  describe('behind a webhook', () => {
    let server: Server;
    let webhookUrl: string;
    const SECRET = 'S3cret_token';

    beforeAll(async () => {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          if (!isValidWebhookSecret(req.headers['x-telegram-bot-api-secret-token'], SECRET)) {
            res.writeHead(401).end();
            return;
          }
          const update = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Update;
          void listener!.handleUpdate(update).then(() => res.writeHead(200).end());
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/telegram/webhook`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it.each([
      [SECRET, 1, 200],
      ['wrong_secret', 0, 401],
    ])(
      'with secret %s the update reaches onStart %i time(s) (webhook answers %i)',
      async (secret, calls, status) => {
        listen();
        const admin = new TelegramClient({ token: TOKEN, apiRoot: double.apiRoot });
        await admin.bot.telegram.setWebhook(webhookUrl, { secret_token: secret });
        await double.sendUserMessage({
          chatId: 5550005,
          username: 'kees',
          text: '/start AB12CD34EF',
        });
        expect(started).toHaveLength(calls);
        expect(double.webhookDeliveries[0]).toMatchObject({ status, secretToken: secret });
        await admin.bot.telegram.deleteWebhook();
      },
    );

    it('handles a re-delivered update once', async () => {
      listen();
      const update = {
        update_id: 42,
        message: {
          message_id: 1,
          date: 1,
          chat: { id: 5550006, type: 'private', first_name: 'Els' },
          from: { id: 5550006, is_bot: false, first_name: 'Els' },
          text: '/start AB12CD34EF',
        },
      } as Update;
      await listener!.handleUpdate(update);
      await listener!.handleUpdate(update);
      expect(started).toHaveLength(1);
    });
  });
});
