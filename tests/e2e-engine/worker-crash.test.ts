/**
 * Scale-out end to end (BullMQ on a real Redis, MariaDB): the web and scheduler roles run here,
 * the worker role in a process of its own (`SERVICES=worker`, `node --import tsx
 * packages/server/src/main.ts`, same DATABASE_URL and REDIS_URL). The worker is SIGKILLed while
 * it is sending an alert mail (the SMTP server holds its RCPT TO), an ad is published while no
 * worker runs, and after a new worker starts every pending delivery is sent: each ad's mail
 * arrives, exactly once.
 *
 * Exactly once here because the kill comes before the SMTP server accepted anything (no DATA):
 * the delivery row stays `pending` under the dead run's claim; BullMQ puts the killed `deliver`
 * job back once its lock has expired (lockDuration 30 s + a stall check), and the claim
 * (DELIVERY_CLAIM_SECONDS) has lapsed by then, so the re-run sends it. A kill AFTER the SMTP
 * server accepted but before the row was marked sent would send it twice (ledger.ts: at least
 * once), never zero times.
 *
 * MariaDB, not SQLite: two processes writing one SQLite file is not a supported scale-out (the
 * design's scale-out is MySQL/MariaDB + Redis). Skipped with a warning without Redis or MariaDB.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startMarketplaceDouble, type MarketplaceDouble } from '../doubles/marketplace';
import {
  createTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../packages/server/test/support';
import {
  E2E_ENV,
  adIdsIn,
  alertMailsTo,
  createConfirmedGuestAlert,
  eventually,
  mailsWithAd,
  spawnServerProcess,
  waitForAdMail,
  waitForDeliveriesSettled,
  waitForFirstCheck,
  waitForNextCheck,
  type GuestAlert,
  type ServerProcess,
} from './kit';

const redisUrl = inject('redisUrl');
const mariadb = process.env.SKIP_MARIADB !== '1';
if (!redisUrl || !mariadb) {
  console.warn('⚠  No Redis or no MariaDB: the BullMQ worker-crash end-to-end test is skipped.');
}

describe.skipIf(!redisUrl || !mariadb)('BullMQ: the worker killed mid-delivery', () => {
  let double: MarketplaceDouble;
  let database: TestDatabase;
  let web: TestServer;
  let guest: GuestAlert;
  const workers: ServerProcess[] = [];
  const env: Record<string, string> = {};

  function startWorker(): ServerProcess {
    const worker = spawnServerProcess({ ...env, SERVICES: 'worker' });
    workers.push(worker);
    return worker;
  }

  beforeAll(async () => {
    double = await startMarketplaceDouble();
    database = await createTestDatabase('mariadb');
    Object.assign(env, {
      ...E2E_ENV,
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `e2e-${randomUUID()}`,
      MARKTPLAATS_BASE_URL: double.baseUrl.marktplaats,
      TWEEDEHANDS_BASE_URL: double.baseUrl['2dehands'],
      // A lapsed claim is sent again soon after its run died.
      DELIVERY_CLAIM_SECONDS: '5',
      DELIVERY_RELAY_SECONDS: '1',
      LOG_LEVEL: 'info',
    });
    web = await startTestServer({
      env: { ...env, SERVICES: 'web,scheduler', LOG_LEVEL: 'silent' },
    });
    Object.assign(env, {
      PORT: '0',
      PUBLIC_URL: web.config.publicUrl,
      DATA_DIR: web.config.dataDir,
      SESSION_SECRET: web.config.sessionSecret,
      SMTP_URL: web.mailbox.url,
    });
    await startWorker().waitForLog('worker started');
    guest = await createConfirmedGuestAlert(web, { searchTerm: 'racefiets', maxPrice: 500 });
    await waitForFirstCheck(web, guest.alertId, 60_000);
  });

  afterAll(async () => {
    for (const worker of workers) await worker.kill('SIGTERM');
    web?.mailbox.release();
    await web?.stop();
    await database?.destroy();
    await double?.stop();
  });

  it('every pending delivery is sent after a new worker starts; each ad mailed exactly once', async () => {
    web.mailbox.hold();
    const inFlight = double.publish({ title: 'Gazelle racefiets (in flight)', priceCents: 21_000 });
    // The worker checked, recorded and is now sending: its RCPT TO waits on the SMTP server.
    await eventually(() => web.mailbox.held > 0, 60_000, 'the alert mail to be on its way');
    const [first] = workers;
    expect(await first!.kill('SIGKILL')).toBe('SIGKILL');

    const delivery = await web.models.Delivery.findOne({ where: { channel: 'email' } });
    expect(delivery?.status).toBe('pending');
    // Published while no worker runs: its check waits in Redis.
    const whileDown = double.publish({ title: 'Cube racefiets (no worker)', priceCents: 22_000 });
    web?.mailbox.release();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(alertMailsTo(web.mailbox, guest.email)).toEqual([]);

    const second = startWorker();
    await second.waitForLog('worker started');
    // The ad published meanwhile goes out at once; the killed job comes back only after its
    // BullMQ lock has expired and a stall check saw it (about 60 s): until then its job key
    // (deliver:<id>) swallows the relay's re-queues.
    await waitForAdMail(web.mailbox, guest.email, inFlight.itemId, 180_000);
    await waitForAdMail(web.mailbox, guest.email, whileDown.itemId, 120_000);
    await waitForNextCheck(web, guest.alertId, 60_000);
    await waitForDeliveriesSettled(web, 60_000);
    // A few relay passes later still nothing more.
    await new Promise((resolve) => setTimeout(resolve, 3000));

    expect(mailsWithAd(web.mailbox, guest.email, inFlight.itemId)).toBe(1);
    expect(mailsWithAd(web.mailbox, guest.email, whileDown.itemId)).toBe(1);
    const mailed = alertMailsTo(web.mailbox, guest.email).flatMap((mail) => adIdsIn(mail.text));
    expect(mailed.sort()).toEqual([inFlight.itemId, whileDown.itemId].sort());
    const rows = await web.models.Delivery.findAll({ where: { channel: 'email' } });
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
  }, 240_000);
});
