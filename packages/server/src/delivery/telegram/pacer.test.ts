/** Pacing and error handling with the production client against the Bot API double. */
import { TelegramError } from 'telegraf';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createAutoClock,
  createManualClock,
  startTelegramDouble,
  type TestClock,
  type TelegramDouble,
} from '../../../../../tests/doubles/telegram';
import {
  TelegramPacer,
  TelegramSendError,
  classifyTelegramError,
  type TelegramFailure,
} from './pacer';
import { TelegramClient } from './telegram-client';

const TOKEN = '123456:TEST-token_abc';

let clock: TestClock;
let double: TelegramDouble;
let client: TelegramClient;

beforeAll(async () => {
  // The double stamps messages with the same (virtual) clock as the pacer.
  double = await startTelegramDouble({ token: TOKEN, now: () => clock.now() });
  client = new TelegramClient({ token: TOKEN, apiRoot: double.apiRoot });
});
afterEach(() => double.reset());
afterAll(async () => {
  await double.stop();
});

function newPacer(options: ConstructorParameters<typeof TelegramPacer>[0] = {}) {
  clock = options.clock ? (options.clock as TestClock) : createAutoClock();
  return new TelegramPacer({ clock, ...options });
}

const sendText = (pacer: TelegramPacer, chatId: number, text: string) =>
  pacer.send(chatId, () => client.sendText(chatId, text));

async function failureOf(promise: Promise<unknown>): Promise<TelegramFailure> {
  const error = await promise.then(
    () => {
      throw new Error('expected the send to fail');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TelegramSendError);
  return (error as TelegramSendError).failure;
}

describe('pacing', () => {
  it('spaces 10 messages to one chat a second apart: 9 s from first to last', async () => {
    const pacer = newPacer();
    const start = clock.now();
    await Promise.all(
      Array.from({ length: 10 }, (_, index) => sendText(pacer, 7, `bericht ${index + 1}`)),
    );
    const messages = double.messagesTo(7);
    expect(messages.map((message) => message.text)).toEqual(
      Array.from({ length: 10 }, (_, index) => `bericht ${index + 1}`),
    );
    const gaps = messages.slice(1).map((message, index) => message.at - messages[index]!.at);
    expect(gaps.every((gap) => gap >= 1000)).toBe(true);
    expect(messages.at(-1)!.at - start).toBeGreaterThanOrEqual(9000);
  });

  it('does not hold one chat back for another', async () => {
    const pacer = newPacer();
    const start = clock.now();
    await Promise.all([1, 2, 3, 4, 5].map((chatId) => sendText(pacer, chatId, 'hoi')));
    expect(double.messages).toHaveLength(5);
    expect(double.messages.every((message) => message.at === start)).toBe(true);
  });

  it('starts at most 30 sends in any second across chats', async () => {
    const pacer = newPacer();
    const start = clock.now();
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 90 }, (_, index) =>
        pacer.send(1000 + index, () => {
          starts.push(clock.now());
          return client.sendText(1000 + index, 'hoi');
        }),
      ),
    );
    expect(double.messages).toHaveLength(90);
    starts.sort((left, right) => left - right);
    const inAnySecond = Math.max(
      ...starts.map((at) => starts.filter((other) => other >= at && other < at + 1000).length),
    );
    expect(inAnySecond).toBe(30);
    expect(starts.at(-1)! - start).toBeGreaterThanOrEqual(2000);
  });

  it('keeps to a smaller global rate in real time, as the double sees it', async () => {
    const pacer = new TelegramPacer({ globalLimit: { max: 5, windowMs: 300 } });
    clock = { now: Date.now, sleep: async () => {}, sleeps: [] };
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => sendText(pacer, 2000 + index, 'hoi')),
    );
    const arrivals = double.messages.map((message) => message.at).sort((a, b) => a - b);
    expect(arrivals).toHaveLength(20);
    // Five sends per window: the 6th after any send is a window later (a few ms of jitter aside).
    const spans = arrivals.slice(5).map((at, index) => at - arrivals[index]!);
    expect(Math.min(...spans)).toBeGreaterThanOrEqual(250);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual(850);
  });
});

describe('429 Too Many Requests', () => {
  it('waits retry_after (2 s) and sends the message exactly once more', async () => {
    const pacer = newPacer();
    const start = clock.now();
    double.inject429({ retryAfter: 2 });
    await sendText(pacer, 7, 'hoi');
    expect(double.callsTo('sendMessage').map((call) => [call.status, call.at - start])).toEqual([
      [429, 0],
      [200, 2000],
    ]);
    expect(clock.sleeps).toEqual([2000]);
    expect(double.messagesTo(7)).toHaveLength(1);
  });

  it.each([
    ['bot', true],
    ['chat', false],
  ] as const)('scope %s: another chat waits during the pause: %s', async (scope, otherWaits) => {
    const manual = createManualClock();
    const pacer = newPacer({ clock: manual, rateLimitScope: scope });
    double.inject429({ retryAfter: 2 });
    const first = sendText(pacer, 7, 'eerste');
    await vi.waitFor(() => expect(manual.pendingSleeps()).toBe(1));
    const other = sendText(pacer, 8, 'ander');
    if (otherWaits) {
      await vi.waitFor(() => expect(manual.pendingSleeps()).toBe(2));
      expect(double.messagesTo(8)).toHaveLength(0);
    } else {
      await other;
      expect(double.messagesTo(8)).toHaveLength(1);
    }
    await manual.advance(2000);
    await Promise.all([first, other]);
    expect(double.messages.map((message) => message.text).sort()).toEqual(['ander', 'eerste']);
  });

  it('gives up after maxRateLimitRetries with a rate-limited failure', async () => {
    const pacer = newPacer({ maxRateLimitRetries: 3 });
    double.inject429({ retryAfter: 1, times: 10 });
    const failure = await failureOf(sendText(pacer, 7, 'hoi'));
    expect(failure).toEqual({
      kind: 'rate-limited',
      code: 429,
      description: 'Too Many Requests: retry after 1',
      retryAfterMs: 1000,
    });
    expect(double.callsTo('sendMessage')).toHaveLength(4);
  });

  it('hands a long retry_after back to the caller instead of holding the worker', async () => {
    const pacer = newPacer({ maxRetryAfterMs: 60_000 });
    const start = clock.now();
    double.inject429({ retryAfter: 120 });
    const failure = await failureOf(sendText(pacer, 7, 'hoi'));
    expect(failure).toMatchObject({ kind: 'rate-limited', retryAfterMs: 120_000 });
    expect(double.callsTo('sendMessage')).toHaveLength(1);
    expect(pacer.pausedUntil).toBe(start + 120_000);
  });
});

describe('error classification', () => {
  it.each<[string, (double: TelegramDouble) => void, TelegramFailure]>([
    [
      'the user blocked the bot',
      (d) => d.blockBot(7),
      {
        kind: 'permanent',
        code: 403,
        description: 'Forbidden: bot was blocked by the user',
        unlinkChat: true,
      },
    ],
    [
      'the user is deactivated',
      (d) => d.injectFailure({ errorCode: 403, description: 'Forbidden: user is deactivated' }),
      {
        kind: 'permanent',
        code: 403,
        description: 'Forbidden: user is deactivated',
        unlinkChat: true,
      },
    ],
    [
      'the chat does not exist',
      (d) => d.removeChat(7),
      {
        kind: 'permanent',
        code: 400,
        description: 'Bad Request: chat not found',
        unlinkChat: true,
      },
    ],
    [
      'the request is wrong',
      (d) =>
        d.injectFailure({
          errorCode: 400,
          description: "Bad Request: can't parse entities: Unsupported start tag",
        }),
      {
        kind: 'permanent',
        code: 400,
        description: "Bad Request: can't parse entities: Unsupported start tag",
        unlinkChat: false,
      },
    ],
    [
      'Telegram has an internal error',
      (d) => d.injectFailure({ errorCode: 500, description: 'Internal Server Error' }),
      { kind: 'transient', code: 500, description: 'Internal Server Error' },
    ],
    [
      'a gateway fails',
      (d) => d.injectFailure({ errorCode: 502, description: 'Bad Gateway' }),
      { kind: 'transient', code: 502, description: 'Bad Gateway' },
    ],
  ])('%s', async (_case, arrange, expected) => {
    const pacer = newPacer();
    arrange(double);
    expect(await failureOf(sendText(pacer, 7, 'hoi'))).toEqual(expected);
    // Nothing that is not a 429 is retried by the pacer: that is the delivery job's decision.
    expect(double.callsTo('sendMessage')).toHaveLength(1);
  });

  it('a 429 without retry_after waits 5 s', () => {
    const error = new TelegramError({ error_code: 429, description: 'Too Many Requests' });
    expect(classifyTelegramError(error)).toMatchObject({
      kind: 'rate-limited',
      retryAfterMs: 5000,
    });
  });

  it('a wrong token is permanent, and not a reason to unlink the user', async () => {
    const pacer = newPacer();
    const wrong = new TelegramClient({ token: '123456:WRONG-token', apiRoot: double.apiRoot });
    const failure = await failureOf(pacer.send(7, () => wrong.sendText(7, 'hoi')));
    expect(failure).toEqual({
      kind: 'permanent',
      code: 401,
      description: 'Unauthorized',
      unlinkChat: false,
    });
  });

  it('an unreachable API is transient', async () => {
    const pacer = newPacer();
    const gone = await startTelegramDouble({ token: TOKEN });
    await gone.stop();
    const offline = new TelegramClient({ token: TOKEN, apiRoot: gone.apiRoot });
    const failure = await failureOf(pacer.send(7, () => offline.sendText(7, 'hoi')));
    expect(failure).toMatchObject({ kind: 'transient', code: null });
    expect(failure.description).toMatch(/ECONNREFUSED/);
  });

  it('a timeout is transient', async () => {
    const pacer = newPacer();
    const impatient = new TelegramClient({
      token: TOKEN,
      apiRoot: double.apiRoot,
      requestTimeoutMs: 50,
    });
    double.injectDelay({ ms: 1000 });
    const failure = await failureOf(pacer.send(7, () => impatient.sendText(7, 'hoi')));
    expect(failure).toMatchObject({ kind: 'transient', code: null });
  });
});
