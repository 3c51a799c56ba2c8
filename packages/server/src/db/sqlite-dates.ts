/**
 * Dates on SQLite as integer milliseconds since 1970 (UTC), not Sequelize's text
 * ('2026-11-30 13:15:56.123 +00:00'): 6 bytes instead of 30 in every row and index entry that holds
 * one, and a notification with its settled delivery carries five, kept for the plan's retention. Integers order and compare as the instants they
 * are; the columns keep their DATETIME type (NUMERIC affinity), so digits given as text (a Date in
 * a raw query's replacements) are stored and compared as the number. MySQL/MariaDB keep
 * DATETIME(3), 7 bytes already. Existing text dates are converted by db/migrations/0095.
 */
import { DataTypes } from 'sequelize';

interface SqliteDateType {
  parse(value: unknown, options: { timezone?: string }): Date;
  prototype: {
    escape?: boolean;
    _stringify(value: unknown): string;
    _bindParam(value: unknown, options: { bindParam(value: unknown): string }): string;
  };
}

const SqliteDate = (DataTypes as unknown as { sqlite: { DATE: SqliteDateType } }).sqlite.DATE;
const parseText = SqliteDate.parse.bind(SqliteDate);

/** A date as the integer SQLite stores. */
export function sqliteMilliseconds(value: unknown): number {
  const ms = value instanceof Date ? value.getTime() : new Date(value as string | number).getTime();
  if (!Number.isSafeInteger(ms)) throw new TypeError(`not a date: ${String(value)}`);
  return ms;
}

let installed = false;

/** Sequelize's SQLite DATE writes and reads integer milliseconds from now on, in this process. */
export function storeSqliteDatesAsMilliseconds(): void {
  if (installed) return;
  installed = true;
  // A literal in the SQL text: digits only, so no quoting is needed (and none may be added, or a
  // CASE or COALESCE without a column's affinity would compare text with integers).
  SqliteDate.prototype.escape = false;
  SqliteDate.prototype._stringify = (value) => String(sqliteMilliseconds(value));
  SqliteDate.prototype._bindParam = (value, options) =>
    options.bindParam(sqliteMilliseconds(value));
  SqliteDate.parse = (value, options) => {
    if (typeof value === 'number') return new Date(value);
    if (typeof value === 'string' && /^-?\d+$/.test(value)) return new Date(Number(value));
    return parseText(value, options);
  };
}
