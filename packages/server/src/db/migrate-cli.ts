/**
 * `npm run db:migrate`: run pending migrations and the seeders against DATABASE_URL, then exit.
 * `npm run db:migrate -- --status` lists executed and pending migrations;
 * `npm run db:migrate -- --down` reverts the last one.
 */
import { ConfigError, describeDatabase, loadConfig } from '../config/env';
import { createLogger } from '../logger';
import { createMigrator, migrate } from './migrate';
import { createSequelize } from './sequelize';

const args = new Set(process.argv.slice(2));

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger({ level: config.logLevel });
const sequelize = createSequelize(config.database, logger);

try {
  if (args.has('--status')) {
    const migrator = createMigrator(sequelize);
    const executed = (await migrator.executed()).map((m) => m.name);
    const pending = (await migrator.pending()).map((m) => m.name);
    console.log(
      JSON.stringify({ database: describeDatabase(config.database), executed, pending }, null, 2),
    );
  } else if (args.has('--down')) {
    await createMigrator(sequelize, { logger }).down();
  } else {
    await migrate(sequelize, { logger });
    logger.info({ database: describeDatabase(config.database) }, 'database is up to date');
  }
} catch (error) {
  logger.fatal({ err: error }, 'migration failed');
  process.exitCode = 1;
} finally {
  await sequelize.close();
}
