/**
 * Test harness: the real server on 127.0.0.1 with a fresh DATA_DIR and database (SQLite file or a
 * new MariaDB database, by vitest project), real migrations and seeds (run once per test process
 * on a template that each test database copies: template-database.ts), and a real SMTP mailbox.
 *
 *   const server = await startTestServer();
 *   afterAll(() => server.stop());
 *   const browser = server.client();
 *   const res = await browser.post('/api/auth/login', { email, password });
 *   const mail = await server.mailbox.waitFor({ to: email, subject: 'Bevestig' });
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Sequelize } from 'sequelize';
import { inject } from 'vitest';
import { startApplication, type Application } from '../src/boot';
import { loadConfig, type Config } from '../src/config/env';
import type { AppContext } from '../src/context';
import { migrate } from '../src/db/migrate';
import { createSequelize } from '../src/db/sequelize';
import { createLogger, type Logger } from '../src/logger';
import type { AppOptions } from '../src/services/app';
import type { Models } from '../src/models';
import { TestClient } from './http-client';
import { startMailbox, type Mailbox } from './mailbox';
import { createMariaDbDatabase } from './mariadb-server';
import { getFreePort } from './ports';
import { copyMariaDbTemplate, copySqliteTemplate } from './template-database';
import './provided';

export type TestDatabaseKind = 'sqlite' | 'mariadb';

/** The database of the running vitest project (server-sqlite or server-mariadb). */
export function testDatabaseKind(): TestDatabaseKind {
  return inject('testDatabase');
}

export interface TestDatabase {
  kind: TestDatabaseKind;
  /** DATABASE_URL for it. */
  url: string;
  dataDir: string;
  /** Drops the database and removes the temp DATA_DIR. */
  destroy(): Promise<void>;
}

/** An empty database (and temp DATA_DIR) for this project's dialect. */
export async function createTestDatabase(
  kind: TestDatabaseKind = testDatabaseKind(),
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'sqlite') {
    return {
      kind,
      url: `sqlite:${path.join(dataDir, 'test.sqlite')}`,
      dataDir,
      destroy: async () => removeDir(),
    };
  }
  const database = await createMariaDbDatabase(inject('mariadbUrl'));
  return {
    kind,
    url: database.url,
    dataDir,
    destroy: async () => {
      await database.drop();
      removeDir();
    },
  };
}

/**
 * A database (and temp DATA_DIR) already migrated and seeded: a copy of this process's template
 * (template-database.ts), so a test server does not run every migration again.
 */
export async function createTemplateTestDatabase(
  kind: TestDatabaseKind = testDatabaseKind(),
): Promise<TestDatabase> {
  const database = await createTestDatabase(kind);
  try {
    if (kind === 'sqlite') await copySqliteTemplate(database.url.slice('sqlite:'.length));
    else await copyMariaDbTemplate(inject('mariadbUrl'), database.url);
  } catch (error) {
    await database.destroy();
    throw error;
  }
  return database;
}

/** Log level of the servers under test; TEST_LOG_LEVEL=debug shows their logs. */
export function testLogger(): Logger {
  return createLogger({ level: (process.env.TEST_LOG_LEVEL as 'silent' | undefined) ?? 'silent' });
}

/**
 * A migrated and seeded Sequelize on a fresh test database, without HTTP: a copy of the template,
 * or with `runMigrations` an empty database that every migration runs on (tests of migrations).
 */
export async function createMigratedDatabase(options: { runMigrations?: boolean } = {}): Promise<{
  database: TestDatabase;
  sequelize: Sequelize;
  close(): Promise<void>;
}> {
  const database = options.runMigrations
    ? await createTestDatabase()
    : await createTemplateTestDatabase();
  const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.url });
  const sequelize = createSequelize(config.database);
  await migrate(sequelize);
  return {
    database,
    sequelize,
    close: async () => {
      await sequelize.close();
      await database.destroy();
    },
  };
}

export interface TestServerOptions {
  /** Extra environment; wins over the defaults below. */
  env?: Record<string, string | undefined>;
  /** Point SMTP_URL at a test mailbox (default true); false = outbox mode. */
  mailbox?: boolean;
  /** Serve a built web app from here (app tests). */
  webDistDir?: string;
  /** Test-only routers under /api (app tests). */
  extraApiRouters?: AppOptions['extraApiRouters'];
  /** The server's logger; silent unless TEST_LOG_LEVEL is set. */
  logger?: Logger;
}

export interface TestServer {
  baseUrl: string;
  config: Config;
  models: Models;
  sequelize: Sequelize;
  /** The running app's context: queue (ctx.queue), engine events (ctx.events), mailer, tokens. */
  ctx: AppContext;
  /** The real SMTP server the app sends to (throws when started with mailbox: false). */
  mailbox: Mailbox;
  app: Application;
  /** A new browser-like client with its own cookie jar. */
  client(): TestClient;
  stop(): Promise<void>;
}

const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startTestServerOnce(options);
    } catch (error) {
      // The free port was taken between asking and listening: rare, so simply try again.
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 3) throw error;
    }
  }
}

async function startTestServerOnce(options: TestServerOptions): Promise<TestServer> {
  // A test that brings its own DATABASE_URL gets only the DATA_DIR of this one.
  const database = options.env?.DATABASE_URL
    ? await createTestDatabase()
    : await createTemplateTestDatabase();
  const mailbox = options.mailbox === false ? null : await startMailbox();
  // PUBLIC_URL must be the real address so links in mails can be followed as they are.
  const port = await getFreePort();
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    SERVICES: 'web',
    SESSION_SECRET: TEST_SESSION_SECRET,
    LOG_LEVEL: 'silent',
    ...(mailbox ? { SMTP_URL: mailbox.url } : {}),
    ...options.env,
  };
  const config = loadConfig(env);

  let application: Application;
  try {
    application = await startApplication({
      config,
      logger: options.logger ?? testLogger(),
      host: '127.0.0.1',
      webDistDir: options.webDistDir ?? path.join(database.dataDir, 'no-web-build'),
      extraApiRouters: options.extraApiRouters,
      shutdownTimeoutMs: 2000,
    });
  } catch (error) {
    await mailbox?.close();
    await database.destroy();
    throw error;
  }
  const baseUrl = application.web?.url ?? '';

  let stopped = false;
  return {
    baseUrl,
    config,
    models: application.ctx.models,
    sequelize: application.ctx.sequelize,
    ctx: application.ctx,
    get mailbox(): Mailbox {
      if (!mailbox) throw new Error('This test server was started with mailbox: false');
      return mailbox;
    },
    app: application,
    client: () => new TestClient(baseUrl),
    async stop() {
      if (stopped) return;
      stopped = true;
      await application.stop();
      await mailbox?.close();
      await database.destroy();
    },
  };
}
