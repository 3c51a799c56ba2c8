import { describe, expect, it } from 'vitest';
import { CookieJar } from './cookieJar';

describe('cookie jar', () => {
  it('sends cookies by host and path, like a browser', () => {
    const jar = new CookieJar(() => 1_000_000);
    jar.store('http://127.0.0.1:3000/api/auth/login', [
      'pa_access=a1; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400',
      'pa_refresh=r1; Path=/api/auth; HttpOnly; Max-Age=86400',
      'pa_csrf=c1; Path=/',
    ]);
    expect(jar.header('http://127.0.0.1:3000/api/notifications')).toBe('pa_access=a1; pa_csrf=c1');
    expect(jar.header('http://127.0.0.1:3000/api/auth/refresh')).toBe(
      'pa_refresh=r1; pa_access=a1; pa_csrf=c1',
    );
    expect(jar.header('http://localhost:3000/api/notifications')).toBe('');
    expect(jar.get('http://127.0.0.1:3000/', 'pa_csrf')).toBe('c1');
  });

  it('replaces, deletes and expires; Secure cookies only over https; remembers persistent ones', () => {
    let now = 1_000_000;
    const jar = new CookieJar(() => now);
    jar.store('https://prijsalarm.nl/api/auth/login', [
      'pa_access=a1; Path=/; Secure; Max-Age=60',
      'pa_csrf=c1; Path=/',
    ]);
    expect(jar.header('http://prijsalarm.nl/')).toBe('pa_csrf=c1');
    expect(jar.header('https://prijsalarm.nl/')).toBe('pa_access=a1; pa_csrf=c1');
    expect(jar.persistent().map((c) => c.name)).toEqual(['pa_access']);
    jar.store('https://prijsalarm.nl/api/auth/refresh', ['pa_csrf=c2; Path=/']);
    expect(jar.get('https://prijsalarm.nl/', 'pa_csrf')).toBe('c2');
    jar.store('https://prijsalarm.nl/api/auth/logout', [
      'pa_csrf=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ]);
    expect(jar.get('https://prijsalarm.nl/', 'pa_csrf')).toBeUndefined();
    now += 61_000;
    expect(jar.header('https://prijsalarm.nl/')).toBe('');
  });
});
