/**
 * The real server as a child process (`node --import tsx packages/server/src/main.ts`), for the
 * global setup and for tests that run a server of their own.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const START_TIMEOUT_MS = 60_000;

/** Starts main.ts in production mode with `env` (PATH and HOME are passed on). */
export function spawnServer(env: Record<string, string>, stdio: StdioOptions): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      ...env,
    },
    stdio,
  });
}

/** Resolves once GET /readyz answers 200; `where` names the log to read when it does not. */
export async function waitForReady(url: string, exited: () => boolean, where = ''): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`the server exited during start${where}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not ready within ${START_TIMEOUT_MS} ms${where}`);
}
