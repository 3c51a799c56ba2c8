/**
 * The scheduler tick at 10 000 and 100 000 alerts (`node --import tsx tests/bench/scheduler-bench.ts
 * [counts…]`, prints figures; not a test): time and SQL queries of one tick that reloads every
 * checkable alert (what every tick did before: `rebuildEveryMs: 0`) against one incremental tick
 * (only the alerts written since the last one; here 10 of them edited between ticks). SQLite file.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../packages/server/src/config/env';
import { migrate } from '../../packages/server/src/db/migrate';
import { createSequelize } from '../../packages/server/src/db/sequelize';
import { createScheduler, type SchedulerContext } from '../../packages/server/src/engine/scheduler';
import { createLogger } from '../../packages/server/src/logger';
import { initModels } from '../../packages/server/src/models';
import { hashToken } from '../../packages/server/src/security/tokens';
import { benchAlerts } from './workload';

async function run(count: number): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-sched-bench-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'bench.sqlite')}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ENGINE_FEED: 'on',
      LOG_LEVEL: 'warn',
    });
    const sequelize = createSequelize(config.database);
    await migrate(sequelize);
    const models = initModels(sequelize);
    const { alerts: planned, users: plannedUsers } = benchAlerts(count);
    const users = await models.User.bulkCreate(
      plannedUsers.map((user, i) => ({ email: `u${i}@example.nl`, plan: user.plan })),
    );
    const now = Date.now();
    const token = () => randomBytes(16).toString('base64url');
    for (let i = 0; i < planned.length; i += 1000) {
      await models.Alert.bulkCreate(
        planned.slice(i, i + 1000).map((alert, j) => ({
          userId: alert.userIndex === null ? null : users[alert.userIndex]!.id,
          email: alert.userIndex === null ? `g${i + j}@example.nl` : null,
          searchTerm: alert.searchTerm,
          platforms: alert.platforms,
          maxPriceCents: alert.maxPriceCents,
          postalCode: alert.postalCode,
          distanceKm: alert.distanceKm,
          notifyEmail: true,
          planAtCreation: alert.userIndex === null ? 'FREE' : plannedUsers[alert.userIndex]!.plan,
          checkIntervalMinutes: alert.userIndex === null ? 30 : 3,
          validityDays: 30,
          confirmedAt: new Date(now),
          expiresAt: new Date(now + 30 * 86_400_000),
          manageTokenNonce: token(),
          manageTokenHash: hashToken(token()),
          refreshTokenNonce: token(),
          refreshTokenHash: hashToken(token()),
        })),
      );
    }

    let queries = 0;
    const query = sequelize.query.bind(sequelize);
    sequelize.query = ((...args: Parameters<typeof query>) => {
      queries += 1;
      return query(...args);
    }) as typeof sequelize.query;
    const ctx = {
      config,
      logger: createLogger({ level: 'warn' }),
      sequelize,
      models,
      queue: { enqueue: async () => {} },
      mailer: { send: async () => {} },
      tokens: {},
    } as unknown as SchedulerContext;

    const measure = async (label: string, tick: () => Promise<unknown>) => {
      queries = 0;
      const start = process.hrtime.bigint();
      await tick();
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      console.log(
        `${count} alerts  ${label.padEnd(34)} ${ms.toFixed(0).padStart(7)} ms  ${queries} queries`,
      );
    };
    const full = createScheduler(ctx, { tickMs: 5000, rebuildEveryMs: 0 });
    await measure('first load (writes every search)', () => full.tick());
    await measure('before: full reload every tick', () => full.tick());
    const incremental = createScheduler(ctx, { tickMs: 5000 });
    await incremental.tick(); // its own load at start
    await new Promise((resolve) => setTimeout(resolve, 6000)); // past the reader's safety margin
    await incremental.tick();
    await measure('after: tick, no alert changed', () => incremental.tick());
    const some = await models.Alert.findAll({ limit: 10, attributes: ['id'] });
    await models.Alert.update(
      { checkIntervalMinutes: 1 },
      { where: { id: some.map((alert) => alert.id) } },
    );
    await measure('after: tick, 10 alerts edited', () => incremental.tick());
    await sequelize.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const counts = process.argv.slice(2).map(Number);
for (const count of counts.length > 0 ? counts : [10_000, 100_000]) await run(count);
