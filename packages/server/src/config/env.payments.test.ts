/** The payment configuration: the Mollie endpoint, and no TLS shortcut in production. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, MOLLIE_DEFAULT_ENDPOINT } from './env';

const base = {
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'prijsalarm-env-')),
  SESSION_SECRET: 'x'.repeat(40),
};
afterAll(() => rmSync(base.DATA_DIR, { recursive: true, force: true }));

function problemVariables(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.variables;
    throw error;
  }
  return [];
}

describe('payments configuration', () => {
  it("defaults to Mollie's own endpoint without a key (payments off)", () => {
    const config = loadConfig(base);
    expect(config.mollieApiEndpoint).toBe(MOLLIE_DEFAULT_ENDPOINT);
    expect(config.mollieApiKey).toBeNull();
  });

  it('takes an https endpoint and refuses plain http by name', () => {
    expect(
      loadConfig({ ...base, MOLLIE_API_ENDPOINT: 'https://127.0.0.1:4443/v2/' }).mollieApiEndpoint,
    ).toBe('https://127.0.0.1:4443/v2/');
    expect(problemVariables({ MOLLIE_API_ENDPOINT: 'http://127.0.0.1:4443/v2/' })).toEqual([
      'MOLLIE_API_ENDPOINT',
    ]);
  });

  it('refuses to start in production with TLS verification off, and allows it in tests', () => {
    expect(problemVariables({ NODE_ENV: 'production', NODE_TLS_REJECT_UNAUTHORIZED: '0' })).toEqual(
      ['NODE_TLS_REJECT_UNAUTHORIZED'],
    );
    expect(problemVariables({ NODE_ENV: 'test', NODE_TLS_REJECT_UNAUTHORIZED: '0' })).toEqual([]);
    expect(problemVariables({ NODE_ENV: 'production', NODE_TLS_REJECT_UNAUTHORIZED: '1' })).toEqual(
      [],
    );
  });
});
