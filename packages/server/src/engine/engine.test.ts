/**
 * The engine inside the running server (SERVICES=web,worker,scheduler): the scheduler role queues
 * the checks, the worker role runs them against the marketplace double, the recorder records.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  startMarketplaceDouble,
  type MarketplaceDouble,
} from '../../../../tests/doubles/marketplace';
import { createAlert } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/support';

let double: MarketplaceDouble;
let server: TestServer;
const created: string[] = [];

beforeAll(async () => {
  double = await startMarketplaceDouble();
  server = await startTestServer({
    env: {
      SERVICES: 'web,worker,scheduler',
      CHECK_INTERVAL_SECONDS: '1',
      SCHEDULER_TICK_MS: '100',
      MARKETPLACE_RATE: '50',
      MARKTPLAATS_BASE_URL: double.baseUrl.marktplaats,
      TWEEDEHANDS_BASE_URL: double.baseUrl['2dehands'],
    },
  });
  server.ctx.events.on('notification.created', ({ notificationId }) => {
    created.push(notificationId);
  });
});
afterAll(async () => {
  await server?.stop();
  await double?.stop();
});

async function until<T>(read: () => Promise<T | null | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('a confirmed alert: the first check sends nothing, a new matching ad is recorded once', async () => {
  double.publish({ title: 'Gazelle racefiets oud', priceCents: 15_000 });
  const alert = await createAlert(server.models, {
    searchTerm: 'racefiets',
    maxPriceCents: 30_000,
    checkIntervalMinutes: 1,
  });

  const search = await until(async () => {
    const row = await server.models.Search.findOne({ where: { key: alert.searchKey ?? '' } });
    await alert.reload();
    return row?.initializedAt ? row : null;
  });
  expect(await server.models.Notification.count({ where: { alertId: alert.id } })).toBe(0);

  const ad = double.publish({ title: 'Gazelle racefiets nieuw', priceCents: 20_000 });
  double.publish({ title: 'Gazelle racefiets te duur', priceCents: 90_000 });
  const notification = await until(() =>
    server.models.Notification.findOne({ where: { alertId: alert.id } }),
  );
  expect(notification.listingId).toBe(ad.itemId);

  // Later checks of the same search find nothing new: still exactly one.
  const checkedAt = (await search.reload()).lastCheckedAt!.getTime();
  await until(async () =>
    (await search.reload()).lastCheckedAt!.getTime() > checkedAt + 1000 ? 1 : 0,
  );
  expect(await server.models.Notification.count({ where: { alertId: alert.id } })).toBe(1);
  expect(await server.models.Delivery.count({ where: { notificationId: notification.id } })).toBe(
    1,
  );
  expect(created).toEqual([notification.id]);
  expect((await alert.reload()).lastCheckedAt).toBeInstanceOf(Date);
});
