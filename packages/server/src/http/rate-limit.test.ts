import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler } from 'express';
import { describe, expect, it } from 'vitest';
import { API_TEXTS } from '@prijsalarm/core';
import type { RateLimitSettings } from '../config/env';
import { HttpError } from './errors';
import { RATE_LIMIT_SETTINGS, rateLimit } from './rate-limit';

/** A tiny app with one limited route; `key` comes from the x-key header. */
async function withApp(
  settings: RateLimitSettings | undefined,
  run: (hit: (key?: string) => Promise<Response>) => Promise<void>,
) {
  const app = express();
  if (settings) app.locals[RATE_LIMIT_SETTINGS] = settings;
  app.get(
    '/limited',
    rateLimit('test-limit', { points: 2, duration: 60, key: (req) => req.get('x-key') }),
    (_req, res) => {
      res.json({ ok: true });
    },
  );
  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    if (error instanceof HttpError) res.set(error.headers).status(error.status).json(error.body);
    else res.status(500).end();
  };
  app.use(onError);
  const listener = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => listener.once('listening', resolve));
  const { port } = listener.address() as AddressInfo;
  try {
    await run((key) =>
      fetch(`http://127.0.0.1:${port}/limited`, { headers: key ? { 'x-key': key } : {} }),
    );
  } finally {
    await new Promise((resolve) => listener.close(resolve));
  }
}

async function statuses(hit: (key?: string) => Promise<Response>, count: number, key?: string) {
  const result: number[] = [];
  for (let i = 0; i < count; i += 1) result.push((await hit(key)).status);
  return result;
}

describe('rateLimit', () => {
  it('allows `points` requests per key, then 429 with Retry-After and the Dutch message', async () => {
    await withApp(undefined, async (hit) => {
      expect(await statuses(hit, 2, 'a')).toEqual([200, 200]);
      const refused = await hit('a');
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await refused.json()).toEqual({ error: API_TEXTS.tooManyRequests, retryAfter });
      // Another key has its own budget.
      expect((await hit('b')).status).toBe(200);
    });
  });

  it.each([
    [
      'an override by name',
      { enabled: true, overrides: { 'test-limit': { points: 1, duration: 60 } } },
      [200, 429, 429],
    ],
    [
      'an override of another limiter',
      { enabled: true, overrides: { other: { points: 1, duration: 60 } } },
      [200, 200, 429],
    ],
    ['limits switched off', { enabled: false }, [200, 200, 200]],
  ] as const)('honours RATE_LIMITS: %s', async (_case, settings, expected) => {
    await withApp(settings as RateLimitSettings, async (hit) => {
      expect(await statuses(hit, 3, 'a')).toEqual(expected);
    });
  });

  it('does not count requests whose key is missing', async () => {
    await withApp(undefined, async (hit) => {
      expect(await statuses(hit, 3)).toEqual([200, 200, 200]);
    });
  });
});
