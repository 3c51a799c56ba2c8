/**
 * `npm run backup` and `npm run restore` (backup-cli.ts, run as the operator runs them, in a
 * process of their own) on the embedded SQLite database: a backup taken while the server writes
 * without pause holds every row committed before it started, no transaction in halves, and passes
 * SQLite's integrity check; restored into an empty DATA_DIR, a server starts on it with all of
 * them. A restore is refused while the server has the database open.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Op } from 'sequelize';
import sqlite3 from 'sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { alertAttributes } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/support';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const SESSION_SECRET = 'backup-test-secret-0123456789abcdefghij';

/** `node backup-cli.ts <args>` with the server's environment: its exit code and output. */
function runCli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/db/backup-cli.ts', ...args], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
}

function integrityOf(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (error) => {
      if (error) return reject(error);
      db.all('PRAGMA integrity_check', (checkError: Error | null, rows: unknown[]) => {
        db.close();
        if (checkError) reject(checkError);
        else resolve((rows as Array<{ integrity_check: string }>)[0]!.integrity_check);
      });
    });
  });
}

const serverEnv = (dataDir: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: `sqlite:${path.join(dataDir, 'prijsalarm.sqlite')}`,
  SESSION_SECRET,
  ENGINE_FEED: 'off',
});

describe('backup and restore of SQLite', () => {
  const dirs: string[] = [];
  const servers: TestServer[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-backup-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('backs up under write load and restores with nothing lost', async () => {
    const liveDir = tempDir();
    const live = await startTestServer({ mailbox: false, env: serverEnv(liveDir) });
    servers.push(live);

    // The server writes without pause: each round two alerts in one transaction.
    const committed: number[] = [];
    let writing = true;
    const writer = (async () => {
      for (let round = 0; writing; round += 1) {
        await live.sequelize.transaction(async (transaction) => {
          for (const half of ['a', 'b']) {
            await live.models.Alert.create(
              alertAttributes({ searchTerm: `ronde ${round} ${half}` }),
              { transaction },
            );
          }
        });
        committed.push(round);
      }
    })();
    await expect.poll(() => committed.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(50);

    const backupFile = path.join(tempDir(), 'prijsalarm.sqlite');
    const beforeBackup = [...committed];
    const backup = await runCli(['backup', backupFile], serverEnv(liveDir));
    const duringBackup = committed.length - beforeBackup.length;
    expect(backup.output).toMatch(/^Backup written: .*integrity check ok\.$/m);
    expect(backup.code).toBe(0);

    // A restore over the running server's database is refused, and the server writes on.
    const refused = await runCli(['restore', backupFile], serverEnv(liveDir));
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('is in use: stop the service first');
    const writtenBefore = committed.length;
    await expect.poll(() => committed.length, { timeout: 10_000 }).toBeGreaterThan(writtenBefore);
    writing = false;
    await writer;
    await live.stop();
    servers.splice(servers.indexOf(live), 1);

    expect(await integrityOf(backupFile)).toBe('ok');
    // The copy is one file: no write-ahead log is needed beside it.
    expect(readdirSync(path.dirname(backupFile))).toEqual(['prijsalarm.sqlite']);

    const freshDir = tempDir();
    const restored = await runCli(['restore', backupFile], serverEnv(freshDir));
    expect(restored.output).toContain('Restored ');
    expect(restored.code).toBe(0);
    const server = await startTestServer({ mailbox: false, env: serverEnv(freshDir) });
    servers.push(server);

    const terms = (
      await server.models.Alert.findAll({
        attributes: ['searchTerm'],
        where: { searchTerm: { [Op.like]: 'ronde %' } },
      })
    ).map((alert) => alert.searchTerm);
    const rounds = new Map<string, number>();
    for (const term of terms) {
      const round = term.split(' ')[1]!;
      rounds.set(round, (rounds.get(round) ?? 0) + 1);
    }
    // Every round committed before the backup began is there …
    for (const round of beforeBackup) expect(rounds.get(String(round))).toBe(2);
    // … and each round whole or not at all: a snapshot, not a copy caught mid-transaction.
    expect([...rounds.values()].every((count) => count === 2)).toBe(true);
    expect(rounds.size).toBeLessThanOrEqual(beforeBackup.length + duringBackup + 1);
  });
});
