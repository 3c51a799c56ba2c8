import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sequelize } from 'sequelize';
import { createAlert, createNotification } from '../../test/factories';
import { createMigratedDatabase } from '../../test/support';
import { initModels, withSnapshot, type Models } from '../models';
import { deleteUnreferencedSnapshots, unreferencedSnapshotIds } from './listing-snapshots';

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

describe('unreferenced listing snapshots', () => {
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
    const batch = async (after: number) => {
      const { ids, next } = await unreferencedSnapshotIds(ctx, { after, limit: 2, window: 2 });
      return { deleted: await deleteUnreferencedSnapshots(ctx, ids), next };
    };
    const first = await batch(0);
    expect(first).toEqual({ deleted: 1, next: orphans[0]!.listingSnapshotId });
    const second = await batch(first.next);
    expect(second).toEqual({ deleted: 1, next: own.listingSnapshotId });
    expect(await batch(second.next)).toEqual({ deleted: 0, next: 0 });

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
});
