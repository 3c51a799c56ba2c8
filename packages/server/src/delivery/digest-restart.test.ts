/**
 * A restart between collecting a digest and sending it, on the in-process queue,
 * which forgets its delayed jobs when the process stops: the server records two ads for a daily
 * digest, stops, and starts again on the same database after the digest hour. The rows were the
 * buffer: the start's relay pass brings them back and ONE mail goes out; a further restart sends
 * nothing more.
 */
import { MAIL_TEXTS } from '@prijsalarm/core';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApplication, type Application } from '../boot';
import { loadConfig, type Config } from '../config/env';
import { eventually, makeListing, recordMatches } from '../../test/delivery-helpers';
import { createAlert } from '../../test/factories';
import { startMailbox, type Mailbox } from '../../test/mailbox';
import { getFreePort } from '../../test/ports';
import { createTemplateTestDatabase, testLogger, type TestDatabase } from '../../test/support';

let database: TestDatabase;
let mailbox: Mailbox;
let config: Config;
let app: Application | null = null;
let clock = new Date('2026-11-26T05:30:00Z');

async function start(): Promise<Application> {
  app = await startApplication({
    config,
    logger: testLogger(),
    host: '127.0.0.1',
    webDistDir: path.join(database.dataDir, 'no-web-build'),
    shutdownTimeoutMs: 2000,
    clock: { now: () => clock },
  });
  return app;
}

beforeAll(async () => {
  database = await createTemplateTestDatabase();
  mailbox = await startMailbox();
  const port = await getFreePort();
  config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    SERVICES: 'worker,scheduler',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    SMTP_URL: mailbox.url,
    DELIVERY_RELAY_SECONDS: '1',
  });
});
afterAll(async () => {
  await app?.stop();
  await mailbox?.close();
  await database?.destroy();
});

it('a restart between holding and sending loses nothing and doubles nothing', async () => {
  const first = await start();
  const email = 'herstart@example.nl';
  const alert = await createAlert(first.ctx.models, {
    email,
    deliverySchedule: { mode: 'daily', dailyHour: 7, quietHours: null },
  });
  await recordMatches({ ctx: first.ctx }, [
    { alert, listing: makeListing({ title: 'Fiets voor de herstart' }) },
    { alert, listing: makeListing({ title: 'Nog een fiets' }) },
  ]);
  const held = () =>
    first.ctx.models.Delivery.count({
      where: {
        channel: 'email',
        status: 'pending',
        nextAttemptAt: new Date('2026-11-26T06:00:00Z'),
      },
    });
  await eventually(async () => (await held()) === 2, 10_000, 'two held rows');
  await first.stop();
  expect(mailbox.messages).toEqual([]);

  clock = new Date('2026-11-26T06:00:05Z');
  const second = await start();
  const mail = await mailbox.waitFor({ to: email });
  expect(mail.subject).toBe(MAIL_TEXTS.digest.subject(2));
  const sent = () =>
    second.ctx.models.Delivery.count({ where: { channel: 'email', status: 'sent' } });
  await eventually(async () => (await sent()) === 2, 10_000, 'both rows sent');
  expect(
    await second.ctx.models.Delivery.count({ where: { channel: 'email', status: 'pending' } }),
  ).toBe(0);
  await second.stop();

  clock = new Date('2026-11-26T06:30:00Z');
  await start();
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect(mailbox.messages.filter((message) => message.to.includes(email))).toHaveLength(1);
});
