/**
 * Column definitions shared by the models. Only types that SQLite and MySQL/MariaDB both have:
 * no ARRAY, no JSONB, no ENUM (enums are STRING columns checked in code).
 */
import { randomUUID } from 'node:crypto';
import { DataTypes, type ModelAttributeColumnOptions } from 'sequelize';

/** UUID primary key generated in JS (CHAR(36) on MySQL/MariaDB, text on SQLite). */
export const uuidPrimaryKey: ModelAttributeColumnOptions = {
  type: DataTypes.UUID,
  primaryKey: true,
  allowNull: false,
  defaultValue: () => randomUUID(),
};

/** Millisecond precision on MySQL too (DATETIME(3)), so ordering by time matches SQLite. */
export const dateTime = (allowNull = true): ModelAttributeColumnOptions => ({
  type: DataTypes.DATE(3),
  allowNull,
});

export const timestamps = {
  createdAt: dateTime(false),
  updatedAt: dateTime(false),
};

/** A JSON column; `fallback` is a factory so rows never share one mutable default object. */
export const json = <T>(fallback?: () => T): ModelAttributeColumnOptions => ({
  type: DataTypes.JSON,
  allowNull: fallback === undefined,
  ...(fallback ? { defaultValue: fallback } : {}),
});

export const bool = (defaultValue: boolean): ModelAttributeColumnOptions => ({
  type: DataTypes.BOOLEAN,
  allowNull: false,
  defaultValue,
});

/** A string limited to `values`, stored as STRING(length). */
export const oneOf = (
  values: readonly string[],
  options: { length?: number; defaultValue?: string; allowNull?: boolean } = {},
): ModelAttributeColumnOptions => ({
  type: DataTypes.STRING(options.length ?? 16),
  allowNull: options.allowNull ?? false,
  ...(options.defaultValue !== undefined ? { defaultValue: options.defaultValue } : {}),
  validate: { isIn: [values as string[]] },
});

export const foreignUuid = (allowNull: boolean): ModelAttributeColumnOptions => ({
  type: DataTypes.UUID,
  allowNull,
});
