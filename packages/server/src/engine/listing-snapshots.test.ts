import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sequelize } from 'sequelize';
import { createAlert, createNotification } from '../../test/factories';
import { createMigratedDatabase } from '../../test/support';
import { initModels, withSnapshot, type Models } from '../models';
import { deleteUnreferencedSnapshots, snapshotSweeper } from './listing-snapshots';

let sequelize: Sequelize;
let models: Models;
let close: () => Promise<void>;

beforeAll(async () => {
  const db = await createMigratedDatabase();
  sequelize = db.sequelize;
  close = db.close;
  models = initModels(sequelize);
});
afterAll(() => close());

describe('deleteUnreferencedSnapshots', () => {
  it('deletes, a small batch at a time, only the listings no notification refers to any more', async () => {
    const ctx = { models };
    const kept = await createAlert(models);
    const gone = await createAlert(models);
    // One listing both alerts were told about, two only the deleted alert was, one only the kept.
    const shared = await createNotification(models, kept, { title: 'Gedeeld' });
    await createNotification(models, gone, { listingId: shared.listingId });
    const orphans = [
      await createNotification(models, gone, { title: 'Weg 1' }),
      await createNotification(models, gone, { title: 'Weg 2' }),
    ];
    const own = await createNotification(models, kept, { title: 'Eigen' });
    await gone.destroy(); // its notifications go with it (ON DELETE CASCADE)

    // Two snapshots examined per batch, oldest first: [Gedeeld, Weg 1], [Weg 2, Eigen], the end.
    const first = await deleteUnreferencedSnapshots(ctx, 2);
    expect(first).toEqual({ deleted: 1, next: orphans[0]!.listingSnapshotId });
    const second = await deleteUnreferencedSnapshots(ctx, 2, first.next);
    expect(second).toEqual({ deleted: 1, next: own.listingSnapshotId });
    expect(await deleteUnreferencedSnapshots(ctx, 2, second.next)).toEqual({ deleted: 0, next: 0 });

    const left = await models.ListingSnapshot.findAll({
      where: { listingId: [shared.listingId, own.listingId, ...orphans.map((n) => n.listingId)] },
    });
    expect(left.map((snapshot) => snapshot.title).sort()).toEqual(['Eigen', 'Gedeeld']);
    const rows = await models.Notification.findAll({
      where: { alertId: kept.id },
      include: [withSnapshot()],
    });
    expect(rows.map((row) => row.title).sort()).toEqual(['Eigen', 'Gedeeld']);
  });

  it('as a sweeper walks on from batch to batch and starts again at the oldest', async () => {
    const alert = await createAlert(models);
    const older = await createNotification(models, alert, { title: 'Ouder' });
    await older.destroy(); // as the retention pruner deletes it
    const sweep = snapshotSweeper();
    let deleted = 0;
    // Every snapshot of this file examined, two per call, then the walk wraps.
    for (let call = 0; call < 4; call += 1) deleted += await sweep({ models }, 2);
    expect(deleted).toBe(1);
    expect(await models.ListingSnapshot.count({ where: { listingId: older.listingId } })).toBe(0);
    const newer = await createNotification(models, alert, { title: 'Nieuwer' });
    await newer.destroy();
    for (let call = 0; call < 4; call += 1) deleted += await sweep({ models }, 2);
    expect(deleted).toBe(2);
  });
});
