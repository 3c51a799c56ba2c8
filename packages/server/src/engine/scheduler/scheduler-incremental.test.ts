import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, checkIntervalMinutes } from '@prijsalarm/core';
import { startEngineKit, type EngineKit } from '../../../test/engine-kit';
import { deleteAccount, deleteGuestAlerts, migrateGuestAlerts } from '../../commands/accounts';
import { deleteAnyAlert } from '../../commands/admin';
import { rescheduleAlertsOfUser } from '../../commands/alert-schedule';
import { deleteAlert } from '../../commands/alerts';
import type { Alert } from '../../models';

/**
 * Between full reloads the scheduler reads only the alerts written since its last tick: what an
 * alert's change (create, edit, pause, expiry, plan change) does to the schedule shows on the next
 * tick, and that tick reads the alerts table once, by `updatedAt`, never every checkable alert.
 */
let kit: EngineKit;
beforeAll(async () => {
  kit = await startEngineKit({ tickMs: 1000, env: { ENGINE_FEED: 'off' } });
});
afterAll(() => kit.stop());

let findAll: { mock: { calls: unknown[][] }; mockClear(): void; mockRestore(): void };
beforeEach(async () => {
  await kit.models.Alert.destroy({ where: {} });
  kit.clock.fixed = null;
  await kit.scheduler.reconcile(new Date()); // the load at start
  kit.enqueued.length = 0;
  findAll = vi.spyOn(kit.models.Alert, 'findAll');
});
afterEach(() => findAll.mockRestore());

const searchKeys = async () =>
  (await kit.models.Search.findAll({ order: [['key', 'ASC']] })).map((s) => s.key);

/**
 * One tick; asserts it read the changed alerts (one query on updatedAt) and never every checkable
 * alert (the expiry reminder's own query — alerts expiring within a day — may run besides).
 */
async function incrementalTick() {
  findAll.mockClear();
  const report = await kit.scheduler.tick();
  expect(report.mode).toBe('changes');
  const reads = findAll.mock.calls.map((call: unknown[]) =>
    Object.keys((call[0] as { where: object }).where).join(),
  );
  expect(reads.filter((keys) => keys === 'updatedAt')).toHaveLength(1);
  expect(reads.filter((keys) => keys.includes('isActive'))).toEqual([]);
  return report;
}

describe('the schedule follows changed alerts without a full reload', () => {
  it('a created alert gets its search, and its first check is queued', async () => {
    const alert = await kit.alert({ searchTerm: 'racefiets', checkIntervalMinutes: 1 });
    const report = await incrementalTick();
    expect(report.reconcile.created).toHaveLength(1);
    const key = (await alert.reload()).searchKey;
    expect(await searchKeys()).toEqual([key]);
    await kit.models.Search.update({ nextCheckAt: new Date() }, { where: { key: key! } });
    await incrementalTick();
    expect(kit.enqueued.map((job) => job.data.searchKey)).toContain(key);
  });

  it('an edited alert moves to its new search and the old one leaves', async () => {
    const alert = await kit.alert({ searchTerm: 'racefiets' });
    await incrementalTick();
    const before = (await alert.reload()).searchKey;
    await alert.update({ searchTerm: 'mountainbike' });
    const report = await incrementalTick();
    const after = (await alert.reload()).searchKey;
    expect(after).not.toBe(before);
    expect(report.reconcile.removed).toEqual([before]);
    expect(await searchKeys()).toEqual([after]);
    expect(await kit.models.AlertSearch.count({ where: { alertId: alert.id } })).toBe(1);
  });

  it('a paused alert leaves the schedule: its search is no longer checked', async () => {
    const alert = await kit.alert({ searchTerm: 'stadsfiets', checkIntervalMinutes: 1 });
    await incrementalTick();
    await alert.update({ isActive: false });
    await incrementalTick();
    expect(await searchKeys()).toEqual([]);
    kit.enqueued.length = 0;
    kit.clock.fixed = new Date(Date.now() + 5 * 60_000);
    await kit.scheduler.tick();
    expect(kit.enqueued.filter((job) => job.name === 'check-search')).toEqual([]);
  });

  it('an alert leaves the schedule at its expiry moment, with no write to the alert', async () => {
    const expiresAt = new Date(Date.now() + 60_000);
    await kit.alert({ searchTerm: 'bakfiets', expiresAt });
    await incrementalTick();
    expect(await searchKeys()).toHaveLength(1);
    kit.clock.fixed = new Date(expiresAt.getTime() - 1000);
    await incrementalTick();
    expect(await searchKeys()).toHaveLength(1);
    kit.clock.fixed = new Date(expiresAt.getTime() + 1000);
    const report = await incrementalTick();
    expect(report.reconcile.removed).toHaveLength(1);
    expect(await searchKeys()).toEqual([]);
  });

  it("a check's own bookkeeping is no change: the incremental readers do not re-read the alert", async () => {
    const alert = await kit.alert({ searchTerm: 'zadelpen' });
    await incrementalTick();
    const { searchKey, updatedAt } = await alert.reload();
    await kit.checker.check(searchKey!);
    await alert.reload();
    expect(alert.lastCheckedAt).not.toBeNull();
    expect(alert.updatedAt).toEqual(updatedAt);
  });

  it("a user's plan change gives their alerts' search the new plan's interval", async () => {
    const user = await kit.models.User.create({ email: 'plan@example.test', plan: 'FREE' });
    const alert = await kit.alert({
      searchTerm: 'racefiets',
      userId: user.id,
      checkIntervalMinutes: checkIntervalMinutes(DEFAULT_SETTINGS, 'FREE'),
    });
    await incrementalTick();
    const key = (await alert.reload()).searchKey!;
    await user.update({ plan: 'PRO' });
    await rescheduleAlertsOfUser(kit.ctx, DEFAULT_SETTINGS, { id: user.id, plan: 'PRO' });
    const report = await incrementalTick();
    expect(report.reconcile.intervalChanged).toEqual([key]);
    const search = await kit.models.Search.findByPk(key);
    expect(search?.intervalSeconds).toBe(checkIntervalMinutes(DEFAULT_SETTINGS, 'PRO') * 60);
    await user.destroy();
  });

  it("a guest's alert taken over by their account gets the account plan's interval", async () => {
    const email = `${Date.now()}-over@example.test`;
    const free = checkIntervalMinutes(DEFAULT_SETTINGS, 'FREE');
    const pro = checkIntervalMinutes(DEFAULT_SETTINGS, 'PRO');
    const alert = await kit.alert({ searchTerm: 'kinderfiets', email, checkIntervalMinutes: free });
    await incrementalTick();
    const key = (await alert.reload()).searchKey!;
    const user = await kit.models.User.create({ email, plan: 'PRO', emailVerifiedAt: new Date() });
    expect(await migrateGuestAlerts(kit.ctx, user)).toBe(1);
    const report = await incrementalTick();
    expect(report.reconcile.intervalChanged).toEqual([key]);
    expect((await kit.models.Search.findByPk(key))?.intervalSeconds).toBe(pro * 60);
    await user.destroy();
  });
});

describe('a deleted alert leaves the schedule on the next tick, not at the next full reload', () => {
  /** The next tick's checks: the deleted alert's search is not among them, nor in `searches`. */
  async function expectNoLongerChecked(key: string) {
    kit.enqueued.length = 0;
    await kit.models.Search.update({ nextCheckAt: new Date() }, { where: {} });
    await incrementalTick();
    expect(await searchKeys()).not.toContain(key);
    expect(kit.enqueued.map((job) => job.data.searchKey)).not.toContain(key);
  }

  /** Each way an alert is deleted, as the commands behind the routes do it. */
  const paths: Array<[string, (alert: Alert) => Promise<unknown>]> = [
    ['by its user or a guest manage link', (alert) => deleteAlert(kit.ctx, alert)],
    [
      'by an admin',
      async (alert) => {
        const admin = await kit.models.User.create({
          email: `admin-${alert.id}@example.test`,
          role: 'ADMIN',
        });
        await deleteAnyAlert(kit.ctx, admin, alert.id);
      },
    ],
    [
      'with its account',
      async (alert) => deleteAccount(kit.ctx, (await kit.models.User.findByPk(alert.userId!))!),
    ],
  ];

  it.each(paths)('deleted %s: its search is no longer checked', async (_how, remove) => {
    const user = await kit.models.User.create({ email: `${Date.now()}-del@example.test` });
    const alert = await kit.alert({ searchTerm: 'vouwfiets', userId: user.id });
    await incrementalTick();
    const key = (await alert.reload()).searchKey!;
    expect(await searchKeys()).toEqual([key]);
    await remove(alert);
    await expectNoLongerChecked(key);
    expect(await kit.models.SearchSeenListing.count({ where: { searchKey: key } })).toBe(0);
  });

  it("a guest's alerts deleted when the address's account removes them: their search goes", async () => {
    const email = `${Date.now()}-gast@example.test`;
    const user = await kit.models.User.create({ email, emailVerifiedAt: new Date() });
    await kit.alert({ searchTerm: 'cargobike', email, userId: null });
    await incrementalTick();
    const [key] = await searchKeys();
    expect(await deleteGuestAlerts(kit.ctx, user)).toBe(1);
    await expectNoLongerChecked(key!);
  });

  it('a search shared with another alert stays, at the interval of the alert that is left', async () => {
    const fast = await kit.alert({ searchTerm: 'ligfiets', checkIntervalMinutes: 1 });
    const slow = await kit.alert({ searchTerm: 'ligfiets', checkIntervalMinutes: 15 });
    await incrementalTick();
    const key = (await fast.reload()).searchKey!;
    expect((await slow.reload()).searchKey).toBe(key);
    await deleteAlert(kit.ctx, fast);
    const report = await incrementalTick();
    expect(report.reconcile.removed).toEqual([]);
    expect(report.reconcile.intervalChanged).toEqual([key]);
    expect((await kit.models.Search.findByPk(key))?.intervalSeconds).toBe(15 * 60);
    await kit.models.Search.update({ nextCheckAt: new Date() }, { where: { key } });
    await incrementalTick();
    expect(kit.enqueued.map((job) => job.data.searchKey)).toContain(key);
  });

  it('tombstones are kept a day, then pruned', async () => {
    const alert = await kit.alert({ searchTerm: 'tandem' });
    await deleteAlert(kit.ctx, alert);
    const tombstones = () => kit.models.AlertDeletion.count({ where: { alertId: alert.id } });
    expect(await tombstones()).toBe(1);
    kit.clock.fixed = new Date(Date.now() + 23 * 60 * 60_000);
    await kit.scheduler.tick();
    expect(await tombstones()).toBe(1);
    kit.clock.fixed = new Date(Date.now() + 25 * 60 * 60_000);
    await kit.scheduler.tick();
    expect(await tombstones()).toBe(0);
  });
});
