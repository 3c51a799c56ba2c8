/** Web Push's settings: the VAPID pair from the environment or DATA_DIR, and the extra push hosts. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, loadConfig } from './env';
import { VAPID_KEYS_FILE } from './push';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-push-env-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const env = (extra: Record<string, string> = {}) => ({
  DATA_DIR: dataDir,
  SESSION_SECRET: 'x'.repeat(40),
  ...extra,
});

function problemVariables(extra: Record<string, string>): string[] {
  try {
    loadConfig(env(extra));
  } catch (error) {
    if (error instanceof ConfigError) return error.variables;
    throw error;
  }
  return [];
}

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR, private to the owner, and the same at every start', () => {
    const first = loadConfig(env()).push.vapid;
    const file = path.join(dataDir, VAPID_KEYS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(loadConfig(env()).push.vapid).toEqual(first);
    // web-push signs with them as they are (getVapidHeaders checks them as setVapidDetails does,
    // without making them the process's default for every later send).
    expect(() =>
      webpush.getVapidHeaders(
        'https://push.example',
        first.subject,
        first.publicKey,
        first.privateKey,
        'aes128gcm',
      ),
    ).not.toThrow();
  });

  it('from the environment win, are not written to disk, and must be one pair', () => {
    const keys = webpush.generateVAPIDKeys();
    const config = loadConfig(
      env({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }),
    );
    expect(config.push.vapid).toMatchObject(keys);
    expect(() => statSync(path.join(dataDir, VAPID_KEYS_FILE))).toThrow();

    const other = webpush.generateVAPIDKeys();
    expect(
      problemVariables({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: other.privateKey }),
    ).toEqual(['VAPID_PUBLIC_KEY']);
    expect(problemVariables({ VAPID_PUBLIC_KEY: keys.publicKey })).toEqual(['VAPID_PRIVATE_KEY']);
    expect(
      problemVariables({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toEqual(['VAPID_PUBLIC_KEY']);
  });

  it('a damaged key file stops the start rather than silently making a new pair', () => {
    writeFileSync(path.join(dataDir, VAPID_KEYS_FILE), '{"publicKey":"x","privateKey":"y"}');
    expect(() => loadConfig(env())).toThrow(/vapid-keys\.json/);
  });

  it('the subject is mailto:SUPPORT_EMAIL unless VAPID_SUBJECT says otherwise', () => {
    expect(loadConfig(env({ SUPPORT_EMAIL: 'Hulp@Example.nl' })).push.vapid.subject).toBe(
      'mailto:hulp@example.nl',
    );
    expect(
      loadConfig(env({ VAPID_SUBJECT: 'https://prijsalarm.nl/contact' })).push.vapid.subject,
    ).toBe('https://prijsalarm.nl/contact');
    expect(problemVariables({ VAPID_SUBJECT: 'http://prijsalarm.nl' })).toEqual(['VAPID_SUBJECT']);
  });
});

describe('PUSH_SERVICE_HOSTS and PUSH_CA_FILE', () => {
  it('are none by default', () => {
    expect(loadConfig(env()).push).toMatchObject({ extraHosts: [], extraCaPem: null });
  });

  it('take host or host:port, lowercased, and name a bad one', () => {
    expect(
      loadConfig(env({ PUSH_SERVICE_HOSTS: '127.0.0.1:8443, Push.Example.NL' })).push.extraHosts,
    ).toEqual(['127.0.0.1:8443', 'push.example.nl']);
    expect(problemVariables({ PUSH_SERVICE_HOSTS: 'https://push.example.nl/' })).toEqual([
      'PUSH_SERVICE_HOSTS',
    ]);
    expect(problemVariables({ PUSH_SERVICE_HOSTS: 'a:b' })).toEqual(['PUSH_SERVICE_HOSTS']);
  });

  it('PUSH_CA_FILE is read at start; a missing file is named', () => {
    const file = path.join(dataDir, 'ca.pem');
    writeFileSync(file, '-----BEGIN CERTIFICATE-----\n');
    expect(loadConfig(env({ PUSH_CA_FILE: file })).push.extraCaPem).toContain('BEGIN');
    expect(problemVariables({ PUSH_CA_FILE: path.join(dataDir, 'missing.pem') })).toEqual([
      'PUSH_CA_FILE',
    ]);
  });
});
