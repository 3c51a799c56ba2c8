import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  FALLBACK_SETTINGS,
  SETTINGS_CACHE_MS,
  applySetting,
} from '@prijsalarm/core';
import { memoryStorage } from '../platform/storage';
import { manualClock, startHttpDouble, testStore } from '../test/helpers';
import type { HttpDouble } from '../test/helpers';

const PATH = '/api/settings/public';
const served = applySetting(DEFAULT_SETTINGS, 'seo.maxFaqItems', 4);
const newer = applySetting(DEFAULT_SETTINGS, 'seo.maxFaqItems', 8);
/** Retry-After 0: the client's one rate-limit retry comes at once. */
const rateLimited = { status: 429, headers: { 'retry-after': '0' }, body: { error: 'Te veel' } };

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function setup() {
  const clock = manualClock();
  const storage = memoryStorage();
  const { store } = testStore({ server, now: clock.now, storage });
  return { settings: store.settings, clock, storage };
}

describe('SettingsStore cache (5 minutes)', () => {
  it.each([
    ['just fetched', 0, 1],
    ['one millisecond before 5 minutes', SETTINGS_CACHE_MS - 1, 1],
    ['at exactly 5 minutes', SETTINGS_CACHE_MS, 2],
  ])('%s → %s request(s)', async (_case, elapsed, requests) => {
    const { settings, clock } = setup();
    server.script('GET', PATH, { body: served }, { body: newer });
    await settings.load();
    clock.advance(elapsed);
    await settings.load();
    expect(server.requestsTo('GET', PATH)).toHaveLength(requests);
    expect(settings.current.seo.maxFaqItems).toBe(requests === 1 ? 4 : 8);
  });

  it('keeps the cache across a reload of the page', async () => {
    const { settings, clock, storage } = setup();
    server.script('GET', PATH, { body: served });
    await settings.load();
    const reloaded = testStore({ server, now: clock.now, storage }).store.settings;
    await reloaded.load();
    expect(reloaded.current.seo.maxFaqItems).toBe(4);
    expect(server.requestsTo('GET', PATH)).toHaveLength(1);
  });

  it('asks again after the cache was cleared (login)', async () => {
    const { settings } = setup();
    server.script('GET', PATH, { body: served }, { body: newer });
    await settings.load();
    settings.clearCache();
    await settings.load();
    expect(settings.current.seo.maxFaqItems).toBe(8);
  });

  it('shares one request between concurrent callers', async () => {
    const { settings } = setup();
    server.script('GET', PATH, { body: served });
    await Promise.all([settings.load(), settings.load(), settings.load()]);
    expect(server.requestsTo('GET', PATH)).toHaveLength(1);
  });
});

describe('SettingsStore with the settings the server put in the page', () => {
  it('starts with them: no request, and they win over an older cached copy', async () => {
    const clock = manualClock();
    const storage = memoryStorage();
    const older = testStore({ server, now: clock.now, storage }).store.settings;
    server.script('GET', PATH, { body: newer });
    await older.load();
    server.reset();

    const { settings } = testStore({
      server,
      now: clock.now,
      storage,
      pageSettings: { settings: served, usableFrom: Promise.resolve() },
    }).store;
    // The first render matches the prerendered page, which was drawn without them.
    expect(settings.isLoaded).toBe(false);
    await settings.load();
    expect(settings.current.seo.maxFaqItems).toBe(4);
    expect(server.requestsTo('GET', PATH)).toHaveLength(0);
  });

  it('asks the server again once they are 5 minutes old', async () => {
    const clock = manualClock();
    const { settings } = testStore({
      server,
      now: clock.now,
      pageSettings: { settings: served, usableFrom: Promise.resolve() },
    }).store;
    await settings.load();
    server.script('GET', PATH, { body: newer });
    clock.advance(SETTINGS_CACHE_MS);
    await settings.load();
    expect(settings.current.seo.maxFaqItems).toBe(8);
    expect(server.requestsTo('GET', PATH)).toHaveLength(1);
  });
});

describe('SettingsStore failures: stale copy first, defaults when rate-limited', () => {
  it.each([
    ['a 500', [{ status: 500, body: { error: 'kapot' } }]],
    ['a rate limit', [rateLimited, rateLimited]],
  ])('uses the stale copy on %s', async (_case, failure) => {
    const { settings, clock } = setup();
    server.script('GET', PATH, { body: served }, ...failure);
    await settings.load();
    clock.advance(SETTINGS_CACHE_MS);
    await settings.load();
    expect(settings.current).toEqual(served);
  });

  it.each([
    ['the defaults when rate-limited', [rateLimited, rateLimited], DEFAULT_SETTINGS],
    ['the fallback set on a 500', [{ status: 500, body: { error: 'kapot' } }], FALLBACK_SETTINGS],
  ])('without a copy, uses %s', async (_case, failure, expected) => {
    const { settings } = setup();
    server.script('GET', PATH, ...failure);
    await expect(settings.load()).resolves.toEqual(expected);
    expect(settings.current).toEqual(expected);
  });

  it('tries the server again after a failure', async () => {
    const { settings } = setup();
    server.script('GET', PATH, { status: 500, body: { error: 'kapot' } }, { body: served });
    await settings.load();
    await settings.load();
    expect(settings.current).toEqual(served);
  });
});

describe('SettingsStore pricing tool ("Prijzen" only when visible)', () => {
  it.each([
    ['enabled and visible', { enabled: true, displayMode: 'visible' }, true, true],
    ['enabled but hidden', { enabled: true, displayMode: 'hidden' }, false, true],
    ['disabled', { enabled: false, displayMode: 'visible' }, false, false],
  ] as const)('%s → visible %s, enabled %s', async (_case, tool, visible, enabled) => {
    const { settings } = setup();
    expect([settings.isPricingToolVisible, settings.isPricingToolEnabled]).toEqual([false, false]);
    server.script('GET', PATH, {
      body: applySetting(DEFAULT_SETTINGS, 'features.pricingTool', tool),
    });
    await settings.load();
    expect([settings.isPricingToolVisible, settings.isPricingToolEnabled]).toEqual([
      visible,
      enabled,
    ]);
  });
});
