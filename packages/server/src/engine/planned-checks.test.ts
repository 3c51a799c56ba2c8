import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEngineKit, type EngineKit } from '../../test/engine-kit';
import { plannedChecks } from './planned-checks';

const MINUTE = 60_000;

let kit: EngineKit;
beforeAll(async () => {
  kit = await startEngineKit({ tickMs: 1000, env: { ENGINE_FEED: 'off' } });
});
afterAll(() => kit.stop());
beforeEach(async () => {
  kit.clock.fixed = null;
  await kit.models.Alert.destroy({ where: {} });
  await kit.scheduler.reconcile(new Date());
});

describe('plannedChecks', () => {
  it("is the alert's search's planned check, and moves on once the scheduler queued it", async () => {
    const alert = await kit.alert({ checkIntervalMinutes: 10 });
    const at = new Date();
    await kit.scheduler.reconcile(at);
    const key = (await alert.reload()).searchKey!;
    const search = await kit.models.Search.findByPk(key);

    const first = (await plannedChecks(kit.ctx, [alert], at)).get(alert.id);
    expect(first?.getTime()).toBe(search!.nextCheckAt!.getTime());
    // A new search starts within half a minute, spread by its phase: never "nu" for long.
    expect(first!.getTime() - at.getTime()).toBeLessThanOrEqual(30_000);

    // The scheduler queues it and plans the next slot, about one interval on.
    kit.clock.fixed = new Date(first!.getTime());
    await kit.scheduler.tick();
    kit.clock.fixed = null;
    const next = (await plannedChecks(kit.ctx, [alert], first!)).get(alert.id);
    expect(next!.getTime()).toBeGreaterThan(first!.getTime() + 5 * MINUTE);
    expect(next!.getTime()).toBeLessThanOrEqual(first!.getTime() + 15 * MINUTE);
  });

  it('plans nothing for an alert that is paused or waits for its confirmation', async () => {
    const paused = await kit.alert({ isActive: false });
    const unconfirmed = await kit.alert({ confirmedAt: null });
    const planned = await plannedChecks(kit.ctx, [paused, unconfirmed]);
    expect(planned.get(paused.id)).toBeNull();
    expect(planned.get(unconfirmed.id)).toBeNull();
  });

  it("with the feed, an alert the feed decides is next checked in its own slot of its plan's interval", async () => {
    const engine = { ...kit.ctx.config.engine, feedEnabled: true, reconcileFactor: 3 };
    const ctx = { ...kit.ctx, config: { ...kit.ctx.config, checkIntervalSeconds: null, engine } };
    const alert = await kit.alert({ checkIntervalMinutes: 10 });
    const at = new Date();
    await kit.scheduler.reconcile(at);
    // The search itself is polled to reconcile only, far later.
    await kit.models.Search.update(
      { nextCheckAt: new Date(at.getTime() + 30 * MINUTE) },
      { where: {} },
    );
    expect((await plannedChecks(kit.ctx, [alert], at)).get(alert.id)!.getTime()).toBe(
      at.getTime() + 30 * MINUTE,
    );
    const next = (await plannedChecks(ctx, [alert], at)).get(alert.id)!;
    expect(next.getTime()).toBeGreaterThan(at.getTime());
    expect(next.getTime()).toBeLessThanOrEqual(at.getTime() + 10 * MINUTE);
  });
});
