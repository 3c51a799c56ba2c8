/**
 * deploy/: no container engine runs here, so the Dockerfile and the compose files are held to
 * what is tested instead — the image is built by the commands CI runs (npm ci, npm run build,
 * scripts/pack-production.mjs, whose output production-install.test.ts starts) and checked by
 * scripts/healthcheck.mjs (tested there too); every workspace's manifest reaches `npm ci`; each
 * compose service has a health check, its data on a volume, and the settings its role needs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The Dockerfile's instructions, continuation lines joined, comments left out. */
function instructions(dockerfile: string): Array<{ keyword: string; args: string }> {
  return dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    });
}

interface ComposeService {
  build?: { context: string; dockerfile: string };
  image?: string;
  init?: boolean;
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  ports?: string[];
}
interface Compose {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
}

// Compose's own interpolation of ${VAR:?message}: enough to read the files as compose would.
const compose = (file: string) =>
  parse(read(file).replace(/\$\{(\w+)(?::\?[^}]*)?\}/g, 'example-$1'), { merge: true }) as Compose;

describe('deploy/Dockerfile', () => {
  const steps = instructions(read('deploy/Dockerfile'));
  const stages = steps
    .map((step, index) => ({ ...step, index }))
    .filter((step) => step.keyword === 'FROM');
  const runtime = steps.slice(stages.at(-1)!.index);

  it('builds in a stage of its own with the commands CI runs and tests', () => {
    expect(stages).toHaveLength(2);
    const runs = steps.filter((step) => step.keyword === 'RUN').map((step) => step.args);
    expect(runs).toContain('npm ci --no-audit --no-fund');
    expect(runs).toContain('npm run build && node scripts/pack-production.mjs /opt/prijsalarm');
    expect(runtime).toContainEqual({ keyword: 'COPY', args: '--from=build /opt/prijsalarm /app' });
  });

  it('copies every workspace manifest before npm ci, so none is missing from the install', () => {
    const copied = steps.filter((step) => step.keyword === 'COPY').map((step) => step.args);
    const workspaces = readdirSync(path.join(ROOT, 'packages'));
    for (const name of workspaces) {
      expect(copied).toContain(`packages/${name}/package.json packages/${name}/`);
    }
  });

  it("sends the build none of the checkout's own state: what git ignores, and .git", () => {
    const patterns = (file: string) =>
      read(file)
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#'));
    const ignored = new Set(patterns('.dockerignore'));
    expect(ignored).toContain('.git');
    for (const entry of patterns('.gitignore')) {
      const name = entry.replace(/^\//, '').replace(/\/$/, '');
      // git matches a bare name at any depth; Docker only at the root unless it starts with **/.
      const anchored = entry.startsWith('/') || name.includes('/');
      expect(ignored, entry).toContain(anchored ? name : `**/${name}`);
    }
  });

  it('runs as node, keeps DATA_DIR on a volume and checks /readyz', () => {
    expect(runtime).toContainEqual({ keyword: 'USER', args: 'node' });
    expect(runtime).toContainEqual({ keyword: 'VOLUME', args: '["/data"]' });
    const env = runtime.find((step) => step.keyword === 'ENV')!.args;
    expect(env).toContain('DATA_DIR=/data');
    expect(env).toContain('NODE_ENV=production');
    expect(env).toContain('HOST=0.0.0.0');
    const check = runtime.find((step) => step.keyword === 'HEALTHCHECK')!.args;
    expect(check).toMatch(/CMD \["node", "scripts\/healthcheck\.mjs"\]$/);
    expect(runtime.at(-1)).toEqual({
      keyword: 'CMD',
      args: '["node", "--enable-source-maps", "packages/server/dist/main.js"]',
    });
  });
});

describe('deploy/compose.yaml: the scale-out', () => {
  const { services, volumes } = compose('deploy/compose.yaml');
  const apps = ['web', 'worker', 'scheduler'];

  it('runs web, two workers and a scheduler on MariaDB and Redis', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['mariadb', 'redis', 'scheduler', 'web', 'worker'].sort(),
    );
    expect(services.worker!.deploy?.replicas).toBe(2);
    for (const name of apps) {
      const service = services[name]!;
      expect(service.build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
      expect(service.init).toBe(true);
      expect(service.environment?.SERVICES).toBe(name);
      expect(service.environment?.DATABASE_URL).toMatch(/^mysql:\/\/prijsalarm:.+@mariadb:3306\//);
      expect(service.environment?.REDIS_URL).toBe('redis://redis:6379');
      expect(service.volumes).toContain('data:/data');
      expect(service.depends_on).toEqual({
        mariadb: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
  });

  it("gives every process a health check: the image's /readyz, on METRICS_PORT without the web role", () => {
    for (const name of apps) {
      const environment = services[name]!.environment!;
      if (!environment.SERVICES!.split(',').includes('web')) {
        expect(environment.METRICS_PORT, name).toMatch(/^\d+$/);
      }
    }
    expect(services.mariadb!.healthcheck?.test).toEqual([
      'CMD',
      'healthcheck.sh',
      '--connect',
      '--innodb_initialized',
    ]);
    expect(services.redis!.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
  });

  it('keeps the database, the jobs and DATA_DIR on volumes', () => {
    expect(Object.keys(volumes).sort()).toEqual(['data', 'mariadb', 'redis']);
    expect(services.mariadb!.volumes).toEqual(['mariadb:/var/lib/mysql']);
    expect(services.redis!.volumes).toEqual(['redis:/data']);
  });
});

describe('deploy/compose.embedded.yaml: the embedded default', () => {
  const { services, volumes } = compose('deploy/compose.embedded.yaml');

  it('runs one process with every role on SQLite in the data volume', () => {
    const [only, ...others] = Object.values(services);
    expect(others).toEqual([]);
    expect(only!.build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
    expect(only!.environment?.SERVICES).toBeUndefined();
    expect(only!.environment?.DATABASE_URL).toBeUndefined();
    expect(only!.volumes).toEqual(['data:/data']);
    expect(Object.keys(volumes)).toEqual(['data']);
  });
});
