import { it } from 'vitest';

it.skip('server-mariadb: skipped because SKIP_MARIADB=1 (install mariadb-server to run it)', () => {});
