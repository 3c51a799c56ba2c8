/** The webhook configuration: the tests' private-address switch is refused in production. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

const dir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const base = { DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(40) };

function problemVariables(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.variables;
    throw error;
  }
  return [];
}

describe('webhooks configuration', () => {
  it('private addresses are refused by default', () => {
    expect(loadConfig(base).webhooks).toEqual({ allowPrivate: false, extraCaPem: null });
  });

  it('WEBHOOKS_ALLOW_PRIVATE=true is accepted in tests and refused with NODE_ENV=production', () => {
    expect(loadConfig({ ...base, WEBHOOKS_ALLOW_PRIVATE: 'true' }).webhooks.allowPrivate).toBe(
      true,
    );
    expect(problemVariables({ NODE_ENV: 'production', WEBHOOKS_ALLOW_PRIVATE: 'true' })).toEqual([
      'WEBHOOKS_ALLOW_PRIVATE',
    ]);
    expect(problemVariables({ NODE_ENV: 'production', WEBHOOKS_ALLOW_PRIVATE: 'false' })).toEqual(
      [],
    );
    expect(problemVariables({ WEBHOOKS_ALLOW_PRIVATE: 'yes' })).toEqual(['WEBHOOKS_ALLOW_PRIVATE']);
  });

  it('WEBHOOKS_CA_FILE is read at start; a missing file is named', () => {
    const file = path.join(dir, 'ca.pem');
    writeFileSync(file, '-----BEGIN CERTIFICATE-----\n…\n');
    expect(loadConfig({ ...base, WEBHOOKS_CA_FILE: file }).webhooks.extraCaPem).toContain(
      'BEGIN CERTIFICATE',
    );
    expect(problemVariables({ WEBHOOKS_CA_FILE: path.join(dir, 'missing.pem') })).toEqual([
      'WEBHOOKS_CA_FILE',
    ]);
  });
});
