/**
 * One row per settings key with core's DEFAULT_SETTINGS value. Only missing keys are inserted:
 * a value an admin changed survives every restart.
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { DEFAULT_SETTINGS, SETTING_KEYS } from '@prijsalarm/core';

function valueAtPath(source: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, part) => (value as Record<string, unknown>)[part], source);
}

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  const existing = (await queryInterface.select(null, 'settings', {})) as unknown as Array<{
    key: string;
  }>;
  const present = new Set(existing.map((row) => row.key));
  const now = new Date();
  const missing = SETTING_KEYS.filter((key) => !present.has(key)).map((key) => ({
    key,
    // Stored as JSON text: the column is JSON on MySQL/MariaDB and TEXT on SQLite.
    value: JSON.stringify(valueAtPath(DEFAULT_SETTINGS, key)),
    updatedAt: now,
  }));
  if (missing.length > 0) await queryInterface.bulkInsert('settings', missing);
};
