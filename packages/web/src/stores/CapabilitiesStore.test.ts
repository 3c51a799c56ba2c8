import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TEXTS,
  CAPABILITIES_CACHE_MS,
  DEFAULT_SETTINGS,
  GUEST_FALLBACK_CAPABILITIES,
  buildCapabilities,
} from '@prijsalarm/core';
import { manualClock, startHttpDouble, testStore } from '../test/helpers';
import type { HttpDouble } from '../test/helpers';

const PATH = '/api/user-capabilities';
const proCapabilities = buildCapabilities({
  settings: DEFAULT_SETTINGS,
  user: { plan: 'PRO', role: 'USER', telegramConnected: true, telegramUsername: 'anna' },
  counts: { alerts: 2, telegramAlerts: 1 },
});

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(() => vi.restoreAllMocks());

function setup() {
  const clock = manualClock();
  const { store } = testStore({ server, now: clock.now });
  return { capabilities: store.capabilities, clock };
}

describe('CapabilitiesStore (cached 5 minutes, FREE guest fallback)', () => {
  it('hydrates what the server sends', async () => {
    const { capabilities } = setup();
    server.script('GET', PATH, { body: proCapabilities });
    const loaded = await capabilities.load();
    expect(loaded.plan).toBe('PRO');
    expect(loaded.canUseFeature('paidAdsFilter')).toBe(true);
    expect(loaded.getPlatformMessage('2dehands')).toBeNull();
  });

  it.each([
    ['within 5 minutes', CAPABILITIES_CACHE_MS - 1, 1],
    ['at 5 minutes', CAPABILITIES_CACHE_MS, 2],
  ])('asks again only when stale: %s → %s request(s)', async (_case, elapsed, requests) => {
    const { capabilities, clock } = setup();
    server.script('GET', PATH, { body: proCapabilities }, { body: proCapabilities });
    await capabilities.load();
    clock.advance(elapsed);
    await capabilities.load();
    expect(server.requestsTo('GET', PATH)).toHaveLength(requests);
  });

  it("falls back to the FREE guest and logs 'Failed to load user capabilities'", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { capabilities } = setup();
    server.script('GET', PATH, { status: 500, body: { error: 'kapot' } });
    const loaded = await capabilities.load();
    expect(loaded.plan).toBe(GUEST_FALLBACK_CAPABILITIES.plan);
    expect(loaded.isAuthenticated).toBe(false);
    expect(loaded.platformAccess).toEqual({ marktplaats: true, '2dehands': false });
    expect(capabilities.error).toBe(ACCESS_TEXTS.capabilitiesLoadFailed);
    expect(logged).toHaveBeenCalledWith('Failed to load user capabilities', expect.anything());
  });

  it('does not keep the fallback: the next load asks the server again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { capabilities } = setup();
    server.script(
      'GET',
      PATH,
      { status: 500, body: { error: 'kapot' } },
      { body: proCapabilities },
    );
    await capabilities.load();
    await capabilities.load();
    expect(capabilities.current.plan).toBe('PRO');
    expect(capabilities.error).toBeNull();
  });

  it('shows the guest profile until loaded, and again after the cache is cleared', async () => {
    const { capabilities } = setup();
    expect(capabilities.current.isAuthenticated).toBe(false);
    server.script('GET', PATH, { body: proCapabilities });
    await capabilities.load();
    capabilities.clearCache();
    expect(capabilities.current.isAuthenticated).toBe(false);
  });

  it('whenLoaded gives the guest profile when nothing comes in time', async () => {
    const { capabilities } = setup();
    const result = await capabilities.whenLoaded(10);
    expect(result.isAuthenticated).toBe(false);
  });
});
