/**
 * Once before the e2e tests: the built web and desktop apps and the compiled server, rebuilt when
 * stale. Each worker then starts its own server and doubles (support/stack.ts, through the
 * fixtures).
 */
import { spawnSync } from 'node:child_process';
import { ROOT } from './support/server-process';

export default function globalSetup(): void {
  const build = spawnSync(
    process.execPath,
    ['scripts/ensure-built.mjs', 'web', 'desktop', 'server'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0)
    throw new Error('building the web app, the desktop app or the server failed');
}
