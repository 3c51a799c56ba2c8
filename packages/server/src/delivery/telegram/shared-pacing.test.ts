/**
 * Two TelegramPacers (two worker processes, each with its own in-process state) on one Redis keep
 * together to the bot's limits.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TelegramPacer } from './pacer';
import { redisSharedPacing } from './shared-pacing';

const redisUrl = inject('redisUrl');

describe.skipIf(!redisUrl)('Telegram pacing with REDIS_URL', () => {
  let clients: Redis[] = [];
  beforeAll(() => {
    clients = [new Redis(redisUrl), new Redis(redisUrl)];
  });
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });

  /** Two pacers as two processes would make them: own state, own connection, one prefix. */
  function twoPacers(limits: { perChatIntervalMs: number; max: number; windowMs: number }) {
    const prefix = `test-${randomUUID()}`;
    return clients.map(
      (client) =>
        new TelegramPacer({
          perChatIntervalMs: limits.perChatIntervalMs,
          globalLimit: { max: limits.max, windowMs: limits.windowMs },
          shared: (resolved) => redisSharedPacing({ client, prefix }, resolved),
        }),
    ) as [TelegramPacer, TelegramPacer];
  }

  const startedAt = (starts: number[]) => async () => {
    starts.push(Date.now());
  };

  // The limits are long beside a timer's lateness on a loaded machine: a send recorded late makes
  // its gap to the next one look shorter than the pacer kept it. Two processes that did not
  // share their state would send at once (gaps near 0).
  it('spaces the sends of both processes to one chat', async () => {
    const [a, b] = twoPacers({ perChatIntervalMs: 600, max: 30, windowMs: 1000 });
    const starts: number[] = [];
    await Promise.all([
      a.send(42, startedAt(starts)),
      b.send(42, startedAt(starts)),
      a.send(42, startedAt(starts)),
      b.send(42, startedAt(starts)),
    ]);
    starts.sort((x, y) => x - y);
    for (let i = 1; i < starts.length; i += 1) {
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(500);
    }
  });

  it('keeps both processes together to the global rate', async () => {
    const [a, b] = twoPacers({ perChatIntervalMs: 10, max: 2, windowMs: 1000 });
    const starts: number[] = [];
    await Promise.all(
      [1, 2, 3, 4, 5, 6].map((chat) => (chat % 2 ? a : b).send(chat, startedAt(starts))),
    );
    starts.sort((x, y) => x - y);
    // Any two sends that are two apart in order started at least a window apart.
    for (let i = 2; i < starts.length; i += 1) {
      expect(starts[i]! - starts[i - 2]!).toBeGreaterThanOrEqual(900);
    }
  });
});
