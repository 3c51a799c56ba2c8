/**
 * Column shapes the migrations share. Keep these stable: changing one changes what every earlier
 * migration creates. Only types SQLite and MySQL/MariaDB both have.
 */
import { DataTypes, type ModelAttributeColumnOptions } from 'sequelize';

export const id = (): ModelAttributeColumnOptions => ({
  type: DataTypes.UUID,
  primaryKey: true,
  allowNull: false,
});

/** DATETIME(3) on MySQL/MariaDB so both dialects keep milliseconds. */
export const dateTime = (allowNull = true): ModelAttributeColumnOptions => ({
  type: DataTypes.DATE(3),
  allowNull,
});

export const timestamps = () => ({ createdAt: dateTime(false), updatedAt: dateTime(false) });

export const bool = (defaultValue: boolean): ModelAttributeColumnOptions => ({
  type: DataTypes.BOOLEAN,
  allowNull: false,
  defaultValue,
});

export const string = (length: number, allowNull = true): ModelAttributeColumnOptions => ({
  type: DataTypes.STRING(length),
  allowNull,
});

/** JSON (LONGTEXT with a json_valid check on MariaDB, TEXT on SQLite). Defaults are set by the models. */
export const json = (allowNull = false): ModelAttributeColumnOptions => ({
  type: DataTypes.JSON,
  allowNull,
});

export const references = (
  table: string,
  allowNull: boolean,
  onDelete: 'CASCADE' | 'SET NULL' = 'CASCADE',
): ModelAttributeColumnOptions => ({
  type: DataTypes.UUID,
  allowNull,
  references: { model: table, key: 'id' },
  onDelete,
  onUpdate: 'CASCADE',
});
