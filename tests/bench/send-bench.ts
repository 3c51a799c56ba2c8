/**
 * `npm run bench:sends`: one burst's sends on the embedded default, measured alone — the stage
 * after detection, where bench:engine's backlog builds. The real server (worker role: the
 * `deliver` jobs on the in-process queue, SQLite) and an SMTP sink on loopback; users with one
 * alert each (e-mail on); a burst recorded as the feed records it (each ad a check of its own,
 * through the real recorder), then the clock until every e-mail delivery of the burst is sent.
 *
 * It prints deliveries and mails sent per second, how long the burst took to record, the SQL
 * statements per second by kind (the claims, the outcome updates, the reads of a send), the CPU
 * (one core = 100 %), the SMTP sink's connections at once and one mail's time through the pool.
 * Not a test.
 *
 * Environment: BENCH_USERS (2000), BENCH_ADS (10: each ad matched by every user's alert, so a
 * burst of users × ads notifications), BENCH_PLAN (PRO: sent at once; REGISTERED and FREE hold
 * for their plan's slot and would measure the clock, not the sends).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { Op } from 'sequelize';
import type { Plan } from '@prijsalarm/core';
import { startApplication } from '../../packages/server/src/boot';
import { loadConfig } from '../../packages/server/src/config/env';
import { migrate } from '../../packages/server/src/db/migrate';
import { createSequelize } from '../../packages/server/src/db/sequelize';
import { createLogger } from '../../packages/server/src/logger';
import { initModels } from '../../packages/server/src/models';
import { recordAndDispatch } from '../../packages/server/src/engine/recorder';
import { hashToken } from '../../packages/server/src/security/tokens';
import { makeListing } from '../../packages/server/test/delivery-helpers';

const env = process.env;
const USERS = Number(env.BENCH_USERS ?? 2000);
const ADS = Number(env.BENCH_ADS ?? 10);
const PLAN = (env.BENCH_PLAN ?? 'PRO') as Plan;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let mails = 0;
let connections = 0;
let peakConnections = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onConnect(_session, callback) {
    connections += 1;
    peakConnections = Math.max(peakConnections, connections);
    callback();
  },
  onClose() {
    connections -= 1;
  },
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      mails += 1;
      callback();
    });
  },
});
const smtpPort = await new Promise<number>((resolve) => {
  smtp.listen(0, '127.0.0.1', () => {
    const address = smtp.server.address();
    resolve(typeof address === 'object' && address ? address.port : 0);
  });
});

const dataDir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-sends-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: `sqlite:${path.join(dataDir, 'sends.sqlite')}`,
  SERVICES: 'worker',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  ENGINE_FEED: 'off',
  LOG_LEVEL: 'warn',
});

{
  const sequelize = createSequelize(config.database);
  await migrate(sequelize);
  const models = initModels(sequelize);
  const users = await models.User.bulkCreate(
    Array.from({ length: USERS }, (_, i) => ({
      email: `send-bench-${i}@example.nl`,
      passwordHash: null,
      plan: PLAN,
      emailVerifiedAt: new Date(),
    })),
  );
  const token = () => randomBytes(16).toString('base64url');
  const now = Date.now();
  await models.Alert.bulkCreate(
    users.map((user) => ({
      userId: user.id,
      email: null,
      searchTerm: 'fiets',
      platforms: ['marktplaats'],
      notifyEmail: true,
      planAtCreation: PLAN,
      checkIntervalMinutes: 3,
      validityDays: 30,
      confirmedAt: new Date(now),
      expiresAt: new Date(now + 30 * 86_400_000),
      manageTokenNonce: token(),
      manageTokenHash: hashToken(token()),
      refreshTokenNonce: token(),
      refreshTokenHash: hashToken(token()),
    })),
  );
  await sequelize.close();
}

const app = await startApplication({ config, logger: createLogger({ level: 'warn' }) });
const { models } = app.ctx;
const alerts = await models.Alert.findAll();

const statements = new Map<string, number>();
app.ctx.sequelize.addHook('afterQuery', (_options, query) => {
  const sql = ((query as unknown as { sql?: string }).sql ?? '').replace(/\s+/g, ' ');
  const kind = sql
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/`([a-zA-Z]+)`\.`[a-zA-Z]+` AS `[^`]+`(, )?/g, '')
    .slice(0, 80);
  statements.set(kind, (statements.get(kind) ?? 0) + 1);
});

// How long one mail takes through the mailer's SMTP pool (waiting for a connection included).
const smtpTime = { ms: 0, mails: 0 };
const send = app.ctx.mailer.send.bind(app.ctx.mailer);
app.ctx.mailer.send = (async (...args: Parameters<typeof send>) => {
  const started = performance.now();
  try {
    return await send(...args);
  } finally {
    smtpTime.ms += performance.now() - started;
    smtpTime.mails += 1;
  }
}) as typeof send;
const cpu0 = process.cpuUsage();
const t0 = Date.now();
for (let ad = 0; ad < ADS; ad += 1) {
  const listing = makeListing({ title: `Fiets ${ad}` });
  await recordAndDispatch(app.ctx, {
    checkId: randomUUID(),
    matches: alerts.map((alert) => ({ alert, listing })),
    foundBy: 'feed',
  });
}
const recordedMs = Date.now() - t0;
console.error(`  · ${USERS * ADS} notifications recorded in ${(recordedMs / 1000).toFixed(1)} s`);
const total = USERS * ADS;
const sentEmail = () =>
  models.Delivery.count({ where: { channel: 'email', status: { [Op.in]: ['sent', 'failed'] } } });
let done = 0;
while (done < total && Date.now() - t0 < 30 * 60_000) {
  await sleep(250);
  done = await sentEmail();
}
const seconds = (Date.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);

console.log(`\nSend bench — ${USERS} users (${PLAN}), ${ADS} ads each matched by every alert`);
console.log(`  notifications recorded            ${total} in ${(recordedMs / 1000).toFixed(1)} s`);
console.log(`  e-mail deliveries settled         ${done} of ${total} in ${seconds.toFixed(1)} s`);
console.log(
  `  deliveries / s, mails / s         ${(done / seconds).toFixed(1)}, ${(mails / seconds).toFixed(1)}`,
);
console.log(
  `  CPU (one core)                    ${(((cpu.user + cpu.system) / 1000 / (seconds * 1000)) * 100).toFixed(0)} %`,
);
console.log(`  SMTP connections at once (peak)   ${peakConnections}`);
console.log(
  `  one mail through the pool         ${(smtpTime.ms / Math.max(1, smtpTime.mails)).toFixed(1)} ms`,
);
const sorted = [...statements].sort((a, b) => b[1] - a[1]);
const all = sorted.reduce((sum, [, n]) => sum + n, 0);
console.log(`  SQL statements / s                ${(all / seconds).toFixed(0)}`);
for (const [kind, n] of sorted.slice(0, 12)) {
  console.log(`    ${(n / seconds).toFixed(1).padStart(7)} /s  ${kind}`);
}
await app.stop();
smtp.close();
rmSync(dataDir, { recursive: true, force: true });
