import { describe, expect, it } from 'vitest';
import { createAlertUnsubscribeToken } from './alert-unsubscribe';
import { PUSH_OPENED_PATH, pushOpenedUrl, readPushOpenedToken } from './push-opened';

const SECRET = 'a-session-secret-that-is-long-enough-for-tests-0123';
const config = { publicUrl: 'https://prijsalarm.example', sessionSecret: SECRET };
const A = '3f0c7a52-6a4e-4e8e-9a51-1f3a0c2b9d11';
const B = 'b7d1e2c4-0000-4abc-8def-123456789abc';

const tokenOf = (url: string) => new URL(url).searchParams.get('token');

describe('push opened links', () => {
  it('name the notifications of the tapped ad, under PUBLIC_URL', () => {
    const url = new URL(pushOpenedUrl(config, [A, B, A]));
    expect(url.origin + url.pathname).toBe(`https://prijsalarm.example${PUSH_OPENED_PATH}`);
    expect(readPushOpenedToken(SECRET, url.searchParams.get('token'))?.sort()).toEqual([A, B]);
  });

  it('refuse a token made for another purpose with the same secret', () => {
    expect(readPushOpenedToken(SECRET, createAlertUnsubscribeToken(SECRET, [A]))).toBeNull();
  });

  it('refuse another secret and a changed signature', () => {
    const token = tokenOf(pushOpenedUrl(config, [A]))!;
    expect(
      readPushOpenedToken('another-session-secret-that-is-long-enough-9876', token),
    ).toBeNull();
    expect(readPushOpenedToken(SECRET, `${token.slice(0, -2)}AA`)).toBeNull();
  });
});
