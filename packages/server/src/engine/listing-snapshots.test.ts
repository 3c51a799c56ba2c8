import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sequelize } from 'sequelize';
import { createAlert, createNotification } from '../../test/factories';
import { createMigratedDatabase } from '../../test/support';
import { initModels, withSnapshot, type Models } from '../models';
import { deleteUnreferencedSnapshots } from './listing-snapshots';

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
    const ctx = { models, sequelize };
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

    expect(await deleteUnreferencedSnapshots(ctx, 1)).toBe(1);
    expect(await deleteUnreferencedSnapshots(ctx, 5)).toBe(1);
    expect(await deleteUnreferencedSnapshots(ctx, 5)).toBe(0);

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
