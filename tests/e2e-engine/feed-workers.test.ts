/**
 * The new-ads feed in scale-out (BullMQ on a real Redis, MariaDB): the web and scheduler
 * roles run here — the feed reader stores each new listing and enqueues a `match-listings` job
 * carrying only the batch id —, the worker role runs in a process of its own (`SERVICES=worker`)
 * and matches, records and delivers. An ad only the feed can find (per-search polling answers 204)
 * is mailed once, recorded as found by the feed.
 *
 * MariaDB, not SQLite: two processes writing one SQLite file is not a supported scale-out.
 * Skipped with a warning without Redis or MariaDB.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { feedModels } from '../../packages/server/src/engine/feed/store';
import { startMarketplaceDouble, type MarketplaceDouble } from '../doubles/marketplace';
import {
  createTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../packages/server/test/support';
import {
  E2E_ENV,
  alertMailsTo,
  createConfirmedGuestAlert,
  eventually,
  mailsWithAd,
  spawnServerProcess,
  waitForAdMail,
  waitForDeliveriesSettled,
  waitForFirstCheck,
  type GuestAlert,
  type ServerProcess,
} from './kit';

const DAMESFIETSEN = 447;
const FIETSEN = 445;

const redisUrl = inject('redisUrl');
const mariadb = process.env.SKIP_MARIADB !== '1';
if (!redisUrl || !mariadb) {
  console.warn('⚠  No Redis or no MariaDB: the BullMQ feed-worker end-to-end test is skipped.');
}

describe.skipIf(!redisUrl || !mariadb)('BullMQ: the feed matched in a worker process', () => {
  let double: MarketplaceDouble;
  let database: TestDatabase;
  let web: TestServer;
  let worker: ServerProcess | null = null;
  let guest: GuestAlert;

  /** Resolves once the feed has completed a read of the category that started after this call. */
  async function waitForFeedRead(): Promise<void> {
    const since = Date.now();
    await eventually(
      async () => {
        const row = await feedModels(web.ctx.sequelize).FeedCategory.findByPk(
          `marktplaats:${FIETSEN}`,
        );
        return (row?.lastVisitedAt?.getTime() ?? 0) > since;
      },
      30_000,
      'a feed read',
    );
  }

  beforeAll(async () => {
    double = await startMarketplaceDouble();
    database = await createTestDatabase('mariadb');
    const env: Record<string, string> = {
      ...E2E_ENV,
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `e2e-${randomUUID()}`,
      MARKTPLAATS_BASE_URL: double.baseUrl.marktplaats,
      TWEEDEHANDS_BASE_URL: double.baseUrl['2dehands'],
      ENGINE_FEED: 'on',
      ENGINE_FEED_MAX_GAP_SECONDS: '1',
      RECONCILE_FACTOR: '1',
      LOG_LEVEL: 'info',
    };
    web = await startTestServer({
      env: { ...env, SERVICES: 'web,scheduler', LOG_LEVEL: 'silent' },
    });
    worker = spawnServerProcess({
      ...env,
      SERVICES: 'worker',
      PORT: '0',
      PUBLIC_URL: web.config.publicUrl,
      DATA_DIR: web.config.dataDir,
      SESSION_SECRET: web.config.sessionSecret,
      SMTP_URL: web.mailbox.url,
    });
    await worker.waitForLog('worker started');
    guest = await createConfirmedGuestAlert(web, { searchTerm: 'bakfiets' });
    await waitForFirstCheck(web, guest.alertId, 60_000);
  }, 120_000);

  afterAll(async () => {
    await worker?.kill('SIGTERM');
    await web?.stop();
    await database?.destroy();
    await double?.stop();
  });

  it('an ad only the feed sees is matched by the worker and mailed once', async () => {
    await waitForFeedRead();
    // Per-search polling is busy for this query: only the feed can find the ad.
    double.inject({ status: 204, target: 'search', query: 'bakfiets', times: 100_000 });
    const ad = double.publish({
      categoryId: DAMESFIETSEN,
      title: 'Babboe bakfiets',
      priceCents: 15_000,
    });
    await waitForAdMail(web.mailbox, guest.email, ad.itemId, 60_000).catch(async (error) => {
      const rows = await feedModels(web.ctx.sequelize).FeedListing.findAll();
      console.error(
        JSON.stringify(rows.map((r) => [r.listingId, r.batchId, r.matchedAt, r.alertsBefore])),
      );
      const alert = await web.models.Alert.findByPk(guest.alertId);
      console.error(JSON.stringify(alert?.toJSON()));
      console.error(
        worker
          ?.output()
          .split('\n')
          .filter((line) => !line.includes('first look answered 204'))
          .join('\n')
          .slice(-4000),
      );
      throw error;
    });
    await waitForFeedRead();
    await waitForDeliveriesSettled(web, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));

    expect(mailsWithAd(web.mailbox, guest.email, ad.itemId)).toBe(1);
    expect(alertMailsTo(web.mailbox, guest.email)).toHaveLength(1);
    const notes = await web.models.Notification.findAll({ where: { listingId: ad.itemId } });
    expect(notes.map((note) => note.foundBy)).toEqual(['feed']);
    // Stored once, and matched (by the worker: this process runs no worker role).
    const stored = await feedModels(web.ctx.sequelize).FeedListing.findAll({
      where: { platform: 'marktplaats', listingId: ad.itemId },
    });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.matchedAt).not.toBeNull();
  }, 180_000);
});
