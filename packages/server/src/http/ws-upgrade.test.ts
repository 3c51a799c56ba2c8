/**
 * The WebSocket Origin check: PUBLIC_URL's origin and CORS_ORIGINS; outside production a
 * loopback PUBLIC_URL also answers to the other loopback names (the demo prints `localhost`, a
 * page opened on 127.0.0.1 is the same server), in production exactly one origin.
 */
import { describe, expect, it } from 'vitest';
import { originCheck } from './ws-upgrade';

const check = (nodeEnv: 'development' | 'production' | 'test', publicUrl: string) =>
  originCheck({ nodeEnv, publicUrl, corsOrigins: ['https://app.example.nl'] });

describe('originCheck', () => {
  it('in development, localhost and 127.0.0.1 on the same port are one origin', () => {
    const allowed = check('development', 'http://localhost:3000');
    expect(allowed('http://localhost:3000')).toBe(true);
    expect(allowed('http://127.0.0.1:3000')).toBe(true);
    expect(allowed('http://[::1]:3000')).toBe(true);
    expect(allowed('https://app.example.nl')).toBe(true);
    expect(allowed(undefined)).toBe(true);
    // Another port or scheme is another site, loopback or not.
    expect(allowed('http://127.0.0.1:3001')).toBe(false);
    expect(allowed('https://127.0.0.1:3000')).toBe(false);
    expect(allowed('http://evil.example')).toBe(false);
    expect(check('test', 'http://127.0.0.1:4000')('http://localhost:4000')).toBe(true);
  });

  it('in production only PUBLIC_URL itself (and CORS_ORIGINS) may open a socket', () => {
    const allowed = check('production', 'http://localhost:3000');
    expect(allowed('http://localhost:3000')).toBe(true);
    expect(allowed('http://127.0.0.1:3000')).toBe(false);
    expect(allowed('https://app.example.nl')).toBe(true);
  });

  it('a public host gets no aliases', () => {
    const allowed = check('development', 'https://prijsalarm.nl');
    expect(allowed('https://prijsalarm.nl')).toBe(true);
    expect(allowed('https://localhost')).toBe(false);
    expect(allowed('http://127.0.0.1')).toBe(false);
  });
});
