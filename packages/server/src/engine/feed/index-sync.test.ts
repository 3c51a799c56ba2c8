/**
 * The feed's and the workers' alert index follows the alerts between rebuilds: one refresh after a
 * change — create, edit, pause, delete, expiry — the listing's candidates are what the alerts now
 * ask, without reading every alert again.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deleteAccount } from '../../commands/accounts';
import { deleteAlert } from '../../commands/alerts';
import { startEngineKit, type EngineKit } from '../../../test/engine-kit';
import { AlertIndex } from './alert-index';
import { createChangedAlerts, createIndexSync } from './index-sync';

let kit: EngineKit;
let index: AlertIndex;
let sync: ReturnType<typeof createIndexSync>;
let clock: { at: number | null };

beforeAll(async () => {
  kit = await startEngineKit({ env: { ENGINE_FEED: 'off' } });
});
afterAll(() => kit.stop());

beforeEach(async () => {
  await kit.models.Alert.destroy({ where: {} });
  clock = { at: null };
  index = new AlertIndex();
  sync = createIndexSync(kit.ctx, index, { now: () => new Date(clock.at ?? Date.now()) });
  await sync.rebuild();
});

const listing = {
  platform: 'marktplaats' as const,
  title: 'Brompton vouwfiets, 6 versnellingen',
  description: 'Weinig gebruikt.',
  priceCents: 90_000,
  category: { l1: 445, l2: 447 },
};
const candidates = () => index.candidates(listing).matches.sort();

describe('the alert index between rebuilds', () => {
  it('a deleted alert is no longer a candidate after one refresh; the other alert stays', async () => {
    const deleted = await kit.alert({ searchTerm: 'vouwfiets' });
    const kept = await kit.alert({ searchTerm: 'brompton' });
    await sync.refresh();
    expect(candidates()).toEqual([deleted.id, kept.id].sort());
    await deleteAlert(kit.ctx, deleted);
    await sync.refresh();
    expect(candidates()).toEqual([kept.id]);
    expect(index.has(deleted.id)).toBe(false);
  });

  it("an account's deletion takes its alerts out of the index at the next refresh", async () => {
    const user = await kit.models.User.create({ email: `${Date.now()}-weg@example.test` });
    const alert = await kit.alert({ searchTerm: 'vouwfiets', userId: user.id });
    await sync.refresh();
    expect(candidates()).toEqual([alert.id]);
    await deleteAccount(kit.ctx, user);
    await sync.refresh();
    expect(candidates()).toEqual([]);
    expect(index.sizeOf('marktplaats')).toBe(0);
  });

  it('an alert leaves at its expiry moment, with no write to the alert', async () => {
    const expiresAt = new Date(Date.now() + 60_000);
    const alert = await kit.alert({ searchTerm: 'vouwfiets', expiresAt });
    await sync.refresh();
    clock.at = expiresAt.getTime() - 1000;
    await sync.refresh();
    expect(candidates()).toEqual([alert.id]);
    clock.at = expiresAt.getTime() + 1000;
    await sync.refresh();
    expect(candidates()).toEqual([]);
  });

  it('pause and edit take effect at the next refresh', async () => {
    const alert = await kit.alert({ searchTerm: 'vouwfiets' });
    await sync.refresh();
    await alert.update({ isActive: false });
    await sync.refresh();
    expect(candidates()).toEqual([]);
    await alert.update({ isActive: true, searchTerm: 'brompton' });
    await sync.refresh();
    expect(candidates()).toEqual([alert.id]);
    await alert.update({ searchTerm: 'bakfiets' });
    await sync.refresh();
    expect(candidates()).toEqual([]);
  });

  it('a write is loaded once, though the safety margin reads its stamp again; a later write is loaded again', async () => {
    const changes = createChangedAlerts(kit.ctx);
    changes.mark();
    const alert = await kit.alert({ searchTerm: 'vouwfiets' });
    const ids = async () => (await changes.read()).changed.map((changed) => changed.id);
    expect(await ids()).toEqual([alert.id]);
    // Within the margin (5 s): the same write is not loaded again.
    expect(await ids()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await alert.update({ searchTerm: 'brompton' });
    expect(await ids()).toEqual([alert.id]);
    expect(await ids()).toEqual([]);
  });
});
