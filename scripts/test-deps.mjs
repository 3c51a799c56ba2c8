#!/usr/bin/env node
/**
 * The first step of `npm test`: the tests start their own MariaDB and Redis and drive Chromium,
 * all three from Debian's packages. When one is missing this installs it (as root on Debian, the
 * way `playwright install-deps` does), or stops at once with the one command that would — a run
 * that fails half-way, after twenty minutes, helps nobody.
 *
 * SKIP_MARIADB=1 / SKIP_REDIS=1 leave a suite out on a developer's machine; in CI (CI set) every
 * suite must run, so they stop the run instead.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const SEARCH_PATH = [
  ...(process.env.PATH ?? '').split(':').filter(Boolean),
  '/usr/sbin',
  '/usr/local/sbin',
  '/sbin',
];
const onPath = (names) =>
  names.some((name) =>
    path.isAbsolute(name)
      ? existsSync(name)
      : SEARCH_PATH.some((dir) => existsSync(path.join(dir, name))),
  );

const NEEDS = [
  {
    what: 'MariaDB (the server suite on MariaDB, the scale-out tests)',
    apt: 'mariadb-server',
    present: () =>
      onPath(['mariadbd', 'mysqld']) && onPath(['mariadb-install-db', 'mysql_install_db']),
    skippedBy: 'SKIP_MARIADB',
  },
  {
    what: 'Redis (the BullMQ queue and scale-out tests)',
    apt: 'redis-server',
    present: () => onPath(['redis-server']),
    skippedBy: 'SKIP_REDIS',
  },
  {
    what: 'Chromium (the Playwright tests)',
    apt: 'chromium',
    present: () => onPath(['/usr/bin/chromium']),
  },
];

const skipped = NEEDS.filter((need) => need.skippedBy && process.env[need.skippedBy] === '1');
if (process.env.CI && skipped.length > 0) {
  const names = skipped.map((need) => `${need.skippedBy}=1`).join(', ');
  console.error(`✗ ${names} in CI: every suite must run there. Unset it.`);
  process.exit(1);
}
const missing = NEEDS.filter((need) => !skipped.includes(need) && !need.present());
if (missing.length === 0) process.exit(0);

const packages = missing.map((need) => need.apt);
const command = `apt-get install -y --no-install-recommends ${packages.join(' ')}`;
console.log(`The tests need:\n${missing.map((need) => `  - ${need.what}`).join('\n')}`);

const isRoot = process.getuid?.() === 0;
const isDebian = existsSync('/etc/debian_version') && onPath(['apt-get']);
if (!isRoot || !isDebian) {
  console.error(
    isDebian
      ? `Install them with:\n  sudo apt-get update && sudo ${command}`
      : `Install ${packages.join(', ')} with your system's package manager (on Debian: ${command}).`,
  );
  process.exit(1);
}

console.log(`Installing them: apt-get update && ${command}`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [
  ['update', '-qq'],
  ['install', '-y', '-qq', '--no-install-recommends', ...packages],
]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`✗ apt-get ${args[0]} failed (exit ${result.status}).`);
    process.exit(1);
  }
}
const stillMissing = NEEDS.filter((need) => missing.includes(need) && !need.present());
if (stillMissing.length > 0) {
  console.error(`✗ Still missing after the install: ${stillMissing.map((n) => n.apt).join(', ')}`);
  process.exit(1);
}
