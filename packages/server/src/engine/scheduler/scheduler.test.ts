import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEngineKit, type EngineKit } from '../../../test/engine-kit';
import { alertAttributes } from '../../../test/factories';
import { recordPlace } from '../feed/places';
import { createScheduler } from '.';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const TICK = 1000;

let kit: EngineKit;
beforeAll(async () => {
  // Per-search polling's own rules; with the feed on it runs slower (the last test here).
  kit = await startEngineKit({ tickMs: TICK, env: { ENGINE_FEED: 'off' } });
});
afterAll(() => kit.stop());

beforeEach(async () => {
  // Each test schedules only its own alerts.
  await kit.models.Alert.destroy({ where: {} });
  await kit.scheduler.reconcile(new Date());
  kit.enqueued.length = 0;
  kit.clock.fixed = null;
});

const searches = () => kit.models.Search.findAll({ order: [['key', 'ASC']] });
const checks = () => kit.enqueued.filter((job) => job.name === 'check-search');

describe('reconciling searches with alerts', () => {
  it('alerts with the same search share one, checked at the fastest interval among them', async () => {
    const free = await kit.alert({ searchTerm: 'Racefiets', checkIntervalMinutes: 30 });
    const pro = await kit.alert({ searchTerm: 'racefiets ', checkIntervalMinutes: 3 });
    const other = await kit.alert({ searchTerm: 'stadsfiets', checkIntervalMinutes: 10 });

    const report = await kit.scheduler.reconcile(new Date());

    expect(report.searches).toBe(2);
    const [a, b, c] = await Promise.all([free, pro, other].map((alert) => alert.reload()));
    expect(a!.searchKey).toBe(b!.searchKey);
    expect(c!.searchKey).not.toBe(a!.searchKey);
    const shared = await kit.models.Search.findByPk(a!.searchKey!);
    expect(shared?.intervalSeconds).toBe(180);
    expect((await kit.models.Search.findByPk(c!.searchKey!))?.intervalSeconds).toBe(600);
    expect(await kit.models.AlertSearch.count({ where: { searchKey: a!.searchKey! } })).toBe(2);
  });

  it('the interval follows when the fastest alert leaves, and an unused search is removed', async () => {
    await kit.alert({ searchTerm: 'racefiets', checkIntervalMinutes: 30 });
    const pro = await kit.alert({ searchTerm: 'racefiets', checkIntervalMinutes: 3 });
    await kit.scheduler.reconcile(new Date());
    await pro.update({ isActive: false });

    const report = await kit.scheduler.reconcile(new Date());

    const [search] = await searches();
    expect(search?.intervalSeconds).toBe(1800);
    expect(report.intervalChanged).toEqual([search!.key]);
    await kit.models.Alert.update({ isActive: false }, { where: {} });
    expect((await kit.scheduler.reconcile(new Date())).removed).toEqual([search!.key]);
    expect(await searches()).toEqual([]);
  });

  it('an alert on both platforms has a search on each', async () => {
    const alert = await kit.alert({ platforms: ['marktplaats', '2dehands'] });
    await kit.scheduler.reconcile(new Date());
    const links = await kit.models.AlertSearch.findAll({ where: { alertId: alert.id } });
    expect(links.map((link) => link.platform).sort()).toEqual(['2dehands', 'marktplaats']);
    expect((await searches()).map((s) => s.platform).sort()).toEqual(['2dehands', 'marktplaats']);
  });

  it('an edited alert moves to its new search', async () => {
    const alert = await kit.alert({ searchTerm: 'racefiets' });
    await kit.scheduler.reconcile(new Date());
    const before = (await alert.reload()).searchKey;
    await alert.update({ searchTerm: 'mountainbike' });
    await kit.scheduler.reconcile(new Date());
    const after = (await alert.reload()).searchKey;
    expect(after).not.toBe(before);
    expect((await searches()).map((s) => s.key)).toEqual([after]);
  });

  it.each([
    ['paused', { isActive: false }],
    ['expired', { expiresAt: new Date(Date.now() - MINUTE) }],
    ['unconfirmed', { confirmedAt: null }],
  ] as const)('a %s alert is not checked', async (_name, overrides) => {
    await kit.alert({ searchTerm: 'niet-checken', ...overrides });
    const report = await kit.scheduler.reconcile(new Date());
    expect(report.searches).toBe(0);
    expect(await searches()).toEqual([]);
  });

  it('CHECK_INTERVAL_SECONDS sets the interval for every plan', async () => {
    const config = { ...kit.ctx.config, checkIntervalSeconds: 7 };
    await kit.alert({ checkIntervalMinutes: 30 });
    await createScheduler({ ...kit.ctx, config }).reconcile(new Date());
    expect((await searches())[0]?.intervalSeconds).toBe(7);
  });

  it('with the feed on, polls what the feed decides RECONCILE_FACTOR slower, the rest (and price-drop alerts) as before', async () => {
    const engine = { ...kit.ctx.config.engine, feedEnabled: true, reconcileFactor: 3 };
    const config = { ...kit.ctx.config, checkIntervalSeconds: null, engine };
    const covered = await kit.alert({ searchTerm: 'racefiets', checkIntervalMinutes: 3 });
    const located = await kit.alert({
      searchTerm: 'stadsfiets',
      checkIntervalMinutes: 3,
      postalCode: '1016LV',
      distanceKm: 10,
    });
    // Price drops need the search read again at its own rhythm: the feed sees each ad once.
    const drops = await kit.alert({
      searchTerm: 'bakfiets',
      checkIntervalMinutes: 3,
      priceDropEnabled: true,
    });
    await createScheduler({ ...kit.ctx, config }).reconcile(new Date());
    const [a, b, c] = await Promise.all([covered, located, drops].map((alert) => alert.reload()));
    expect((await kit.models.Search.findByPk(a!.searchKey!))?.intervalSeconds).toBe(540);
    expect((await kit.models.Search.findByPk(b!.searchKey!))?.intervalSeconds).toBe(180);
    expect((await kit.models.Search.findByPk(c!.searchKey!))?.intervalSeconds).toBe(180);

    // Once the site's place of its postcode is known, the feed decides the distance alert too.
    await recordPlace(kit.ctx, 'marktplaats', '1016 LV', {
      latitude: 52.3731,
      longitude: 4.8826,
      toleranceMeters: 250,
      samples: 8,
    });
    await createScheduler({ ...kit.ctx, config }).reconcile(new Date());
    expect((await kit.models.Search.findByPk(b!.searchKey!))?.intervalSeconds).toBe(540);
  });

  it('a first load of thousands of alerts lets other writers in between, not after it', async () => {
    // SQLite has one write lock: one transaction for the whole load kept the feed's and the
    // deliveries' writes waiting until it ended (at 100 000 alerts past the busy timeout).
    await kit.models.Alert.bulkCreate(
      Array.from({ length: 4000 }, (_, i) => alertAttributes({ searchTerm: `fiets ${i}` })),
    );
    let loading = true;
    const started = performance.now();
    const load = kit.scheduler.reconcile(new Date()).finally(() => (loading = false));
    const waits: number[] = [];
    while (loading) {
      const asked = performance.now();
      await kit.ctx.sequelize.transaction((transaction) =>
        kit.models.SearchSeenListing.destroy({
          where: { searchKey: 'andere-schrijver' },
          transaction,
        }),
      );
      waits.push(performance.now() - asked);
    }
    const report = await load;
    const loadMs = performance.now() - started;

    expect(report.created).toHaveLength(4000);
    expect(await kit.models.AlertSearch.count()).toBe(4000);
    expect(waits.length).toBeGreaterThan(3);
    expect(Math.max(...waits)).toBeLessThan(loadMs / 3);
  });
});

describe('queueing due searches', () => {
  /** Ticks the scheduler over `spanMs` of fixed time; returns when each check was due. */
  async function runTicks(start: number, spanMs: number): Promise<Map<string, number[]>> {
    const runs = new Map<string, number[]>();
    for (let at = start; at < start + spanMs; at += TICK) {
      kit.enqueued.length = 0;
      kit.clock.fixed = new Date(at);
      await kit.scheduler.tick();
      for (const job of checks()) {
        const key = String(job.data.searchKey);
        runs.set(key, [...(runs.get(key) ?? []), at + (job.options?.delayMs ?? 0)]);
      }
    }
    return runs;
  }

  it('spreads searches over the interval, each once per interval, never in a burst', async () => {
    for (let i = 0; i < 20; i++)
      await kit.alert({ searchTerm: `zoekterm ${i}`, checkIntervalMinutes: 1 });
    const start = Date.now();
    const runs = await runTicks(start, 3 * MINUTE);

    expect(runs.size).toBe(20);
    // Per round, the 20 searches are spread over the interval: never more than 4 of them within
    // the same 2 seconds, and the round spans most of its window (30 s for the first runs, which
    // only fill the seen-sets; the interval after that).
    for (const [round, window] of [
      [0, 30_000],
      [1, MINUTE],
      [2, MINUTE],
    ] as const) {
      const times = [...runs.values()].map((t) => t[round]!).sort((a, b) => a - b);
      for (const time of times) {
        const burst = times.filter((other) => other >= time && other < time + 2000);
        expect(burst.length).toBeLessThanOrEqual(4);
      }
      expect(times.at(-1)! - times[0]!).toBeGreaterThan(window * 0.6);
    }
    for (const times of runs.values()) {
      // The first run (which only fills the seen-set) within half a minute of creation, the next
      // at the search's own place in the interval, then exactly one interval apart.
      expect(times[0]! - start).toBeLessThan(30_000);
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(MINUTE / 2);
      expect(times[1]! - times[0]!).toBeLessThanOrEqual(1.5 * MINUTE);
      for (let i = 2; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(MINUTE);
    }
    for (const job of kit.enqueued) expect(job.options?.jobId).toBe(`check:${job.data.searchKey}`);
  });

  it('queues a due search once, however often the tick runs', async () => {
    await kit.alert({ checkIntervalMinutes: 1 });
    const at = Date.now();
    await kit.scheduler.reconcile(new Date(at));
    await kit.models.Search.update({ nextCheckAt: new Date(at) }, { where: {} });
    kit.clock.fixed = new Date(at);
    await kit.scheduler.tick();
    await kit.scheduler.tick();
    await kit.scheduler.tick();
    expect(checks()).toHaveLength(1);
  });

  it('after downtime, overdue searches restart spread out, not all at once', async () => {
    for (let i = 0; i < 10; i++)
      await kit.alert({ searchTerm: `overdue ${i}`, checkIntervalMinutes: 10 });
    const at = Date.now();
    await kit.scheduler.reconcile(new Date(at));
    await kit.models.Search.update({ nextCheckAt: new Date(at - 2 * HOUR) }, { where: {} });
    const runs = await runTicks(at, 40_000);
    const firsts = [...runs.values()].map((times) => times[0]! - at).sort((a, b) => a - b);
    expect(firsts).toHaveLength(10);
    expect(firsts.filter((delay) => delay < 2000).length).toBeLessThanOrEqual(3);
    expect(firsts.at(-1)).toBeGreaterThan(10_000);
  });

  it('skips every search of a host that is cooling down', async () => {
    await kit.alert({ searchTerm: 'een', platforms: ['marktplaats'] });
    await kit.alert({ searchTerm: 'twee', platforms: ['marktplaats'] });
    await kit.alert({ searchTerm: 'drie', platforms: ['2dehands'] });
    const at = Date.now();
    await kit.scheduler.reconcile(new Date(at));
    await kit.models.Search.update({ nextCheckAt: new Date(at) }, { where: {} });
    const [blocked] = await kit.models.Search.findAll({ where: { platform: 'marktplaats' } });
    await blocked!.update({ cooldownUntil: new Date(at + MINUTE) });

    const report = await kit.scheduler.enqueueDue(new Date(at));

    expect(report.coolingDown).toHaveLength(2);
    expect(report.enqueued.map((job) => job.searchKey.split(':')[0])).toEqual(['2dehands']);
  });
});

describe('expiry', () => {
  it('an alert past its end is no longer checked', async () => {
    const alert = await kit.alert({ expiresAt: new Date(Date.now() + HOUR) });
    await kit.scheduler.reconcile(new Date());
    expect(await searches()).toHaveLength(1);
    const report = await kit.scheduler.reconcile(new Date(Date.now() + 2 * HOUR));
    expect(report.searches).toBe(0);
    expect(alert.statusAt(new Date(Date.now() + 2 * HOUR))).toBe('expired');
  });
});
