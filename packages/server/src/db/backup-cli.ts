/**
 * `npm run backup [-- <file>]`: a consistent copy of the embedded SQLite database while the
 * service runs (default DATA_DIR/backups/prijsalarm-<UTC time>.sqlite).
 * `npm run restore <file>`: puts a backup in place of the database, with the service stopped;
 * the next start migrates it forward if it is older than the code.
 * Both read DATA_DIR and DATABASE_URL like the server does. Exit 1 with the reason otherwise.
 */
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config/env';
import { BackupError, backupDatabase, defaultBackupFile, restoreDatabase } from './backup';

const [command, fileArgument] = process.argv.slice(2);
const USAGE = 'usage: npm run backup [-- <file>] | npm run restore <file>';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function sqliteFile(config: Config): string {
  if (config.database.dialect !== 'sqlite' || config.database.storage === ':memory:') {
    fail(
      'DATABASE_URL is not a SQLite file: back MariaDB up with mariadb-dump or mariadb-backup (deploy/OPERATIONS.md, "Backups").',
    );
  }
  return config.database.storage;
}

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
// A file named on the command line is where the operator ran it (npm sets INIT_CWD).
const fromHere = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

try {
  if (command === 'backup') {
    const target = fileArgument ? fromHere(fileArgument) : defaultBackupFile(config.dataDir);
    const result = await backupDatabase(sqliteFile(config), target);
    console.log(
      `Backup written: ${result.file} (${result.bytes} bytes, ${result.pages} pages), everything committed before ${result.startedAt.toISOString()}; integrity check ok.`,
    );
  } else if (command === 'restore' && fileArgument) {
    const result = await restoreDatabase(fromHere(fileArgument), sqliteFile(config));
    console.log(`Restored ${result.file} from ${fromHere(fileArgument)}.`);
    if (result.previous) console.log(`The database it replaced is kept as ${result.previous}.`);
    console.log('Start the service: it runs any newer migrations on the restored database.');
  } else {
    fail(USAGE);
  }
} catch (error) {
  if (error instanceof BackupError) fail(error.message);
  throw error;
}
