import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, environmentVariables, loadConfig, SESSION_SECRET_FILE } from './env';

let dataDir: string;
const SECRET = 'x'.repeat(32);

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-config-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** A minimal valid environment plus `extra`. */
const env = (extra: Record<string, string | undefined> = {}) => ({
  DATA_DIR: dataDir,
  SESSION_SECRET: SECRET,
  ...extra,
});

function configError(extra: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env(extra));
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig defaults', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir,
      database: { dialect: 'sqlite', storage: path.join(dataDir, 'prijsalarm.sqlite') },
      redisUrl: null,
      services: ['web', 'worker', 'scheduler'],
      smtpUrl: null,
      mailFrom: 'Prijsalarm <alerts@prijsalarm.nl>',
      supportEmail: 'support@prijsalarm.nl',
      telegramBotToken: null,
      telegramApiRoot: 'https://api.telegram.org',
      mollieApiKey: null,
      marktplaatsBaseUrl: 'https://www.marktplaats.nl',
      tweedehandsBaseUrl: 'https://www.2dehands.be',
      marketplaceRate: 1,
      checkIntervalSeconds: null,
      admin: null,
      logLevel: 'info',
      corsOrigins: [],
      trustProxy: false,
    });
  });

  it('defaults DATA_DIR to ./data relative to where npm was started (INIT_CWD)', () => {
    const config = loadConfig({ INIT_CWD: dataDir, SESSION_SECRET: SECRET });
    expect(config.dataDir).toBe(path.join(dataDir, 'data'));
  });

  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig(env()).host).toBe('127.0.0.1');
    expect(loadConfig(env({ HOST: '0.0.0.0' })).host).toBe('0.0.0.0');
  });

  it('creates DATA_DIR readable by its owner only', () => {
    const fresh = path.join(dataDir, 'fresh');
    loadConfig(env({ DATA_DIR: fresh }));
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
  });

  it('derives PUBLIC_URL from PORT when unset', () => {
    expect(loadConfig(env({ PORT: '8080' })).publicUrl).toBe('http://localhost:8080');
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig(env({ PUBLIC_URL: 'https://prijsalarm.nl/' })).publicUrl).toBe(
      'https://prijsalarm.nl',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig(env({ PORT: '', SMTP_URL: ' ' })).port).toBe(3000);
  });

  it('parses a comma list of services without duplicates', () => {
    expect(loadConfig(env({ SERVICES: 'worker, web,worker' })).services).toEqual(['worker', 'web']);
  });

  it('normalises CORS origins', () => {
    expect(
      loadConfig(env({ CORS_ORIGINS: 'http://localhost:5173/, https://app.example.nl' }))
        .corsOrigins,
    ).toEqual(['http://localhost:5173', 'https://app.example.nl']);
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['loopback, 10.0.0.0/8', ['loopback', '10.0.0.0/8']],
  ])('TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig(env({ TRUST_PROXY: value })).trustProxy).toEqual(expected);
  });
});

describe('DATABASE_URL', () => {
  it.each([
    ['sqlite:./db/app.sqlite', { dialect: 'sqlite', storage: '<base>/db/app.sqlite' }],
    ['sqlite:///var/lib/pa.sqlite', { dialect: 'sqlite', storage: '/var/lib/pa.sqlite' }],
    ['sqlite::memory:', { dialect: 'sqlite', storage: ':memory:' }],
    [
      'mysql://pa:s%40cret@db.internal:3307/prijsalarm',
      {
        dialect: 'mysql',
        host: 'db.internal',
        port: 3307,
        database: 'prijsalarm',
        username: 'pa',
        password: 's@cret',
      },
    ],
    [
      'mariadb://db/prijsalarm',
      { dialect: 'mysql', host: 'db', port: 3306, database: 'prijsalarm', username: 'root' },
    ],
  ])('%s', (url, expected) => {
    const config = loadConfig(env({ DATABASE_URL: url, INIT_CWD: dataDir }));
    const withBase = JSON.parse(JSON.stringify(expected).replace('<base>', dataDir));
    expect(config.database).toMatchObject(withBase);
  });
});

describe('a bad value names its variable', () => {
  it.each([
    ['NODE_ENV', 'staging'],
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PUBLIC_URL', 'ftp://prijsalarm.nl'],
    ['PUBLIC_URL', 'not a url'],
    ['DATABASE_URL', 'postgres://db/prijsalarm'],
    ['DATABASE_URL', 'mysql://db'],
    ['DATABASE_URL', 'sqlite:'],
    ['REDIS_URL', 'http://localhost:6379'],
    ['SERVICES', 'web,cron'],
    ['SERVICES', ','],
    ['SMTP_URL', 'http://mail.example.nl'],
    ['MAIL_FROM', 'Prijsalarm'],
    ['SUPPORT_EMAIL', 'support'],
    ['TELEGRAM_API_ROOT', 'api.telegram.org'],
    ['MARKTPLAATS_BASE_URL', 'www.marktplaats.nl'],
    ['TWEEDEHANDS_BASE_URL', 'ftp://2dehands.be'],
    ['MARKETPLACE_RATE', '0'],
    ['MARKETPLACE_RATE', 'fast'],
    ['CHECK_INTERVAL_SECONDS', '0'],
    ['CHECK_INTERVAL_SECONDS', '1.5'],
    ['SESSION_SECRET', 'too-short'],
    ['LOG_LEVEL', 'loud'],
    ['CORS_ORIGINS', 'https://app.example.nl/path'],
    ['CORS_ORIGINS', 'app.example.nl'],
    ['RATE_LIMITS', 'on'],
    ['RATE_LIMITS', 'login-account=5'],
    ['RATE_LIMITS', 'login-account=0/900'],
  ])('%s=%s', (variable, value) => {
    const error = configError({ [variable]: value });
    expect(error.variables).toEqual([variable]);
    expect(error.message).toContain(variable);
  });

  it.each([
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long enough pw' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.nl', ADMIN_PASSWORD: 'short' }],
  ])('%s with a bad value', (variable, extra) => {
    expect(configError(extra).variables).toEqual([variable]);
  });

  it('reports every bad variable at once', () => {
    expect(
      configError({ PORT: 'x', LOG_LEVEL: 'loud', SERVICES: 'cron' }).variables.sort(),
    ).toEqual(['LOG_LEVEL', 'PORT', 'SERVICES']);
  });
});

describe('RATE_LIMITS', () => {
  it.each([
    ['unset: every built-in rule', undefined, { enabled: true, overrides: {} }],
    ['off', 'off', { enabled: false }],
    [
      'overrides by limiter name',
      'login-account=2/60, register-ip=10/3600',
      {
        enabled: true,
        overrides: {
          'login-account': { points: 2, duration: 60 },
          'register-ip': { points: 10, duration: 3600 },
        },
      },
    ],
  ])('%s', (_case, value, expected) => {
    expect(loadConfig(env({ RATE_LIMITS: value })).rateLimits).toEqual(expected);
  });
});

describe('REDIS_PREFIX', () => {
  it.each([
    [undefined, 'prijsalarm'],
    ['test-run_1', 'test-run_1'],
  ])('%s gives %s', (value, expected) => {
    expect(loadConfig(env({ REDIS_PREFIX: value })).redisPrefix).toBe(expected);
  });

  it.each(['has space', 'a:b', 'x'.repeat(65)])('%j is refused', (value) => {
    expect(configError({ REDIS_PREFIX: value }).variables).toEqual(['REDIS_PREFIX']);
  });
});

describe('DELIVERY_*', () => {
  it.each([
    [
      'unset: 5 attempts, 30 s first retry, 30 s relay, 60 s claim',
      {},
      [5, 30_000, 30_000, 60_000],
    ],
    [
      'set',
      {
        DELIVERY_ATTEMPTS: '2',
        DELIVERY_RETRY_SECONDS: '1',
        DELIVERY_RELAY_SECONDS: '3',
        DELIVERY_CLAIM_SECONDS: '5',
      },
      [2, 1000, 3000, 5000],
    ],
  ])('%s', (_case, extra, [attempts, retryDelayMs, relayIntervalMs, claimLeaseMs]) => {
    expect(loadConfig(env(extra)).delivery).toEqual({
      attempts,
      retryDelayMs,
      relayIntervalMs,
      claimLeaseMs,
    });
  });

  it.each([
    ['DELIVERY_ATTEMPTS', '0'],
    ['DELIVERY_ATTEMPTS', '21'],
    ['DELIVERY_RETRY_SECONDS', 'soon'],
    ['DELIVERY_RELAY_SECONDS', '0'],
    ['DELIVERY_CLAIM_SECONDS', '4'],
  ])('%s=%s is refused, naming the variable', (variable, value) => {
    expect(configError({ [variable]: value }).variables).toEqual([variable]);
  });
});

describe('ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it.each([
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.nl' }],
    ['ADMIN_EMAIL', { ADMIN_PASSWORD: 'a long password' }],
  ])('one without the other names %s', (missing, extra) => {
    const error = configError(extra);
    expect(error.variables).toEqual([missing]);
    expect(error.message).toContain('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  });

  it('both give the admin, with the e-mail lowercased', () => {
    const config = loadConfig(
      env({ ADMIN_EMAIL: 'Admin@Example.NL', ADMIN_PASSWORD: 'a long password' }),
    );
    expect(config.admin).toEqual({ email: 'admin@example.nl', password: 'a long password' });
  });
});

describe('SESSION_SECRET', () => {
  const secretFile = () => path.join(dataDir, SESSION_SECRET_FILE);

  it('is generated into DATA_DIR when absent, private to the owner, and reused', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(secretFile(), 'utf8').trim()).toBe(first.sessionSecret);
    expect(statSync(secretFile()).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first.sessionSecret);
  });

  it('from the environment wins and is not written to disk', () => {
    expect(loadConfig(env()).sessionSecret).toBe(SECRET);
    expect(() => statSync(secretFile())).toThrow();
  });

  it('refuses a secret file that is too short', () => {
    writeFileSync(secretFile(), 'short\n');
    try {
      loadConfig({ DATA_DIR: dataDir });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).variables).toEqual(['SESSION_SECRET']);
    }
  });
});

describe('SENTRY_DSN', () => {
  it('is off unless set', () => {
    expect(loadConfig(env()).errorReporting).toBeNull();
  });

  it('takes a Sentry or GlitchTip DSN, with SENTRY_ENVIRONMENT or NODE_ENV', () => {
    const dsn = 'https://0123abcd@glitchtip.example.nl/3';
    expect(loadConfig(env({ SENTRY_DSN: dsn, NODE_ENV: 'production' })).errorReporting).toEqual({
      dsn,
      environment: 'production',
      release: 'prijsalarm@0.1.0',
    });
    expect(
      loadConfig(env({ SENTRY_DSN: dsn, SENTRY_ENVIRONMENT: 'staging' })).errorReporting,
    ).toMatchObject({ dsn, environment: 'staging' });
  });

  it("names a release: SENTRY_RELEASE, or the server package's version", () => {
    const dsn = 'https://0123abcd@glitchtip.example.nl/3';
    expect(loadConfig(env({ SENTRY_DSN: dsn })).errorReporting?.release).toBe('prijsalarm@0.1.0');
    expect(
      loadConfig(env({ SENTRY_DSN: dsn, SENTRY_RELEASE: 'prijsalarm@2026.11.24-3f2a' }))
        .errorReporting?.release,
    ).toBe('prijsalarm@2026.11.24-3f2a');
  });

  it.each([
    ['SENTRY_DSN', 'sentry.example.nl/3'],
    ['SENTRY_DSN', 'https://sentry.example.nl/3'],
    ['SENTRY_DSN', 'https://key@sentry.example.nl/'],
    ['SENTRY_DSN', 'https://key@sentry.example.nl/project'],
    ['SENTRY_ENVIRONMENT', 'has space'],
    ['SENTRY_RELEASE', 'feature/x'],
    ['SENTRY_RELEASE', '..'],
  ])('%s=%s names the variable', (variable, value) => {
    const extra = { SENTRY_DSN: 'https://key@sentry.example.nl/1', [variable]: value };
    expect(configError(extra).variables).toEqual([variable]);
  });
});

describe('METRICS_TOKEN and METRICS_PORT', () => {
  it('leaves /metrics off unless METRICS_TOKEN is set', () => {
    expect(loadConfig(env()).metrics).toEqual({ token: null, port: null });
    expect(
      loadConfig(env({ METRICS_TOKEN: 'a-long-enough-token', METRICS_PORT: '9464' })).metrics,
    ).toEqual({ token: 'a-long-enough-token', port: 9464 });
  });

  it.each([
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: 'a-long-enough-token', METRICS_PORT: '70000' }, 'METRICS_PORT'],
  ])('%o names %s', (extra, variable) => {
    expect(configError(extra).variables).toEqual([variable]);
  });
});

describe('the documentation of every variable', () => {
  it('describes each one, as deploy/CONFIGURATION.md shows it', () => {
    const variables = environmentVariables();
    expect(variables.length).toBeGreaterThan(40);
    expect(variables.filter((variable) => variable.description.length < 10)).toEqual([]);
    expect(variables.find((variable) => variable.name === 'SERVICES')?.default).toBe(
      'web,worker,scheduler',
    );
    expect(variables.find((variable) => variable.name === 'PORT')?.default).toBe('3000');
    expect(variables.find((variable) => variable.name === 'DATABASE_URL')?.default).toBeNull();
  });
});
