/**
 * Column definitions of the models: the storage types are the migrations' own (db/lib/columns.ts,
 * one definition for both), and the models add what only code enforces — generated ids, defaults
 * and allowed values. Only types that SQLite and MySQL/MariaDB both have: no ARRAY, no JSONB, no
 * ENUM (enums are STRING columns checked in code).
 */
import { randomUUID } from 'node:crypto';
import type { ModelAttributeColumnOptions } from 'sequelize';
import { bool, dateTime, id, json as jsonColumn, string } from '../../../../db/lib/columns';

export { bool, dateTime };

/** UUID primary key generated in JS (CHAR(36) on MySQL/MariaDB, text on SQLite). */
export const uuidPrimaryKey: ModelAttributeColumnOptions = {
  ...id(),
  defaultValue: () => randomUUID(),
};

export const timestamps = { createdAt: dateTime(false), updatedAt: dateTime(false) };

/** A JSON column; `fallback` is a factory so rows never share one mutable default object. */
export const json = <T>(fallback?: () => T): ModelAttributeColumnOptions => ({
  ...jsonColumn(fallback === undefined),
  ...(fallback ? { defaultValue: fallback } : {}),
});

/** A string limited to `values`, stored as STRING(length). */
export const oneOf = (
  values: readonly string[],
  options: { length?: number; defaultValue?: string; allowNull?: boolean } = {},
): ModelAttributeColumnOptions => ({
  ...string(options.length ?? 16, options.allowNull ?? false),
  ...(options.defaultValue !== undefined ? { defaultValue: options.defaultValue } : {}),
  validate: { isIn: [values as string[]] },
});

/** A foreign key as the model sees it; the constraint itself is the migration's `references`. */
export const foreignUuid = (allowNull: boolean): ModelAttributeColumnOptions => ({
  type: id().type,
  allowNull,
});
