/**
 * Process entry (`npm start`): read the environment, start the roles in SERVICES, and stop
 * gracefully on SIGTERM/SIGINT (exit 0). A bad environment prints which variable and exits 1.
 */
import { ConfigError, loadConfig, type Config } from './config/env';
import { startApplication, type Application } from './boot';
import { limitHeapGrowth } from './lib/heap-growth';
import { createLogger } from './logger';
import { flushErrorReports, reportError, startErrorReporting } from './reporting';

/** After this, a shutdown that has not finished is given up and the process exits 1. */
const SHUTDOWN_DEADLINE_MS = 15_000;

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

// First: the whole life of the process runs with it.
limitHeapGrowth();
const config = readConfig();
const logger = createLogger({ level: config.logLevel });
// Before anything runs that could fail; only when SENTRY_DSN is set.
if (startErrorReporting(config.errorReporting)) logger.info('error reporting on');

/** Reported and sent (within 2 s) before the process ends. */
async function exitAfterReport(error: unknown): Promise<never> {
  reportError(error);
  await flushErrorReports();
  process.exit(1);
}

process.on('unhandledRejection', (reason) => {
  logger.fatal({ err: reason }, 'unhandled promise rejection');
  void exitAfterReport(reason);
});
process.on('uncaughtException', (error) => {
  logger.fatal({ err: error }, 'uncaught exception');
  void exitAfterReport(error);
});

let application: Application;
try {
  application = await startApplication({ config, logger });
} catch (error) {
  logger.fatal({ err: error }, 'could not start');
  reportError(error);
  await flushErrorReports();
  process.exit(1);
}

let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) {
    logger.warn({ signal }, 'second signal during shutdown: exiting now');
    process.exit(1);
  }
  stopping = true;
  logger.info({ signal }, 'shutting down');
  setTimeout(() => {
    logger.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown took too long: exiting');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
  try {
    await application.stop();
    await flushErrorReports();
    logger.info('stopped');
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

process.on('SIGTERM', (signal) => void shutdown(signal));
process.on('SIGINT', (signal) => void shutdown(signal));
