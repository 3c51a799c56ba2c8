import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from './logger';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({
    level: 'info',
    destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
  return { logger, lines };
}

describe('redactUrl', () => {
  const token = 'Zk3r9Qx_Vt7bL2mN8pW4sY6uA0cE1gH5jK-oR3tU9wX';
  it.each([
    [`/api/alerts/manage/${token}`, '/api/alerts/manage/[redacted]'],
    [
      `/api/alerts/manage/${token}/refresh/${token}`,
      '/api/alerts/manage/[redacted]/refresh/[redacted]',
    ],
    [
      `/api/newsletter/unsubscribe?token=${token}&x=1`,
      '/api/newsletter/unsubscribe?token=[redacted]&x=1',
    ],
    [
      '/api/notifications/123e4567-e89b-12d3-a456-426614174000',
      '/api/notifications/123e4567-e89b-12d3-a456-426614174000',
    ],
    ['/api/notifications/n0f3a9c2e81b7d45a6c09', '/api/notifications/n0f3a9c2e81b7d45a6c09'],
    ['/api/notifications?page=2&limit=10', '/api/notifications?page=2&limit=10'],
    [`/manage/${token}?bevestig=${token}`, '/manage/[redacted]?bevestig=[redacted]'],
    [
      '/api/notifications?alertId=123e4567-e89b-12d3-a456-426614174000',
      '/api/notifications?alertId=123e4567-e89b-12d3-a456-426614174000',
    ],
    ['/api/categories/91', '/api/categories/91'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('createLogger', () => {
  it('writes JSON lines and censors secrets wherever they are nested', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        password: 'hunter2hunter2',
        user: { email: 'a@b.nl', passwordHash: '$argon2id$...' },
        req: { headers: { cookie: 'pa_access=x', authorization: 'Bearer y', 'x-csrf-token': 'z' } },
        res: { headers: { 'set-cookie': 'pa_refresh=secret' } },
        body: { manageToken: 'tok', refreshToken: 'tok2' },
      },
      'hello',
    );
    const line = JSON.stringify(lines[0]);
    for (const secret of [
      'hunter2',
      'argon2id',
      'pa_access',
      'Bearer',
      'pa_refresh',
      '"tok"',
      'tok2',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'hello', user: { email: 'a@b.nl' } });
  });
});

describe('secrets at any depth and in any text', () => {
  const token = 'Zk3r9Qx_Vt7bL2mN8pW4sY6uA0cE1gH5jK-oR3tU9wX';
  const hash =
    '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$8Jt0ZrmV0ZL1Y6cU4l0f3cFh0qjQW0gZbXg9mHq7uBo';

  it('censors a secret key five levels down', () => {
    const { logger, lines } = capture();
    logger.info({ a: { b: { c: { d: { passwordHash: hash, password: 'hunter2hunter2' } } } } });
    const line = JSON.stringify(lines[0]);
    expect(line).not.toContain('argon2');
    expect(line).not.toContain('hunter2');
    expect(line).toContain('[redacted]');
  });

  it('masks a token followed by punctuation or an encoded space', () => {
    for (const tail of ['.', '=', ')', ',', '%20']) {
      expect(redactUrl(`/api/alerts/manage/${token}${tail}`)).toBe(
        `/api/alerts/manage/[redacted]${tail}`,
      );
      const { logger, lines } = capture();
      logger.warn({ note: `opened (${token}${tail}` }, `link ${token}${tail} used`);
      expect(JSON.stringify(lines[0])).not.toContain(token);
    }
  });

  it('keeps ids, hashes and names readable', () => {
    const id = '123e4567-e89b-12d3-a456-426614174000';
    const searchKey = 'a'.repeat(20) + '0123456789abcdef';
    const { logger, lines } = capture();
    logger.info({ userId: id, searchKey, component: 'telegram-updates-listener' }, 'ok');
    expect(lines[0]).toMatchObject({
      userId: id,
      searchKey,
      component: 'telegram-updates-listener',
    });
  });

  it('masks the password hash a database error quotes in its SQL and its row', () => {
    const { logger, lines } = capture();
    const error = Object.assign(new Error('Validation error: email must be unique'), {
      name: 'SequelizeUniqueConstraintError',
      sql: `INSERT INTO users (email,password_hash) VALUES ('a@b.nl','${hash}')`,
      parameters: ['a@b.nl', hash],
      errors: [{ instance: { toJSON: () => ({ email: 'a@b.nl', passwordHash: hash }) } }],
    });
    logger.error({ err: error }, 'registration failed');
    const line = JSON.stringify(lines[0]);
    expect(line).not.toContain('argon2');
    expect(line).not.toContain('c29tZXNhbHRzb21lc2FsdA');
    expect(lines[0]).toMatchObject({ err: { message: 'Validation error: email must be unique' } });
  });
});
