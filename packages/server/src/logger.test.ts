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
