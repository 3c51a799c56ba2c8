import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newShortId } from '../lib/short-ids';
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

  it('name short notification ids, alone and beside UUIDs', () => {
    const short = [newShortId('n'), newShortId('n')];
    expect(readPushOpenedToken(SECRET, tokenOf(pushOpenedUrl(config, [short[0]!])))).toEqual([
      short[0],
    ]);
    const mixed = [A, ...short, B];
    expect(readPushOpenedToken(SECRET, tokenOf(pushOpenedUrl(config, mixed)))?.sort()).toEqual(
      [...mixed].sort(),
    );
  });

  it('still read a token issued before short ids (UUIDs packed without a separator)', () => {
    const packed = [A, B].map((id) =>
      Buffer.from(id.replace(/-/g, ''), 'hex').toString('base64url'),
    );
    const signature = createHmac('sha256', SECRET)
      .update(`push_opened\0${[A, B].sort().join('\0')}`)
      .digest('base64url');
    expect(readPushOpenedToken(SECRET, `${packed.join('')}.${signature}`)?.sort()).toEqual([A, B]);
  });

  it('refuse a packed id that is neither a UUID nor a short id', () => {
    // Eleven bytes whose first is not a letter, in a short id's place, signed as if it were one:
    // only its shape can refuse it.
    const notAnId = Buffer.alloc(11, 0x30);
    const asText = `0${notAnId.subarray(1).toString('hex')}`;
    const signature = createHmac('sha256', SECRET)
      .update(`push_opened\0${[asText, A].sort().join('\0')}`)
      .digest('base64url');
    const uuid = Buffer.from(A.replace(/-/g, ''), 'hex').toString('base64url');
    expect(
      readPushOpenedToken(SECRET, `${notAnId.toString('base64url')}~${uuid}.${signature}`),
    ).toBeNull();
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
