/**
 * A delivery's id becomes an integer the database assigns, and `leadId` with it. Every match
 * writes a delivery and keeps it for its plan's retention; its UUID took 36 bytes in the row and
 * again in the primary key's own index, ~87 bytes a delivery on SQLite, where an INTEGER PRIMARY
 * KEY is the row's own key and costs neither. BIGINT on MariaDB: at a few hundred deliveries a
 * second a 32-bit key runs out within months. Ids are never shown: only jobs and followers hold
 * them, so old ids are numbered in the order the rows were written.
 *
 * A primary key's type cannot be altered in place on SQLite, so the table is rebuilt on both
 * dialects: a new table, every row copied with its new id (and its lead's), the old one dropped
 * and the new one renamed, then every index the old table had made again under its own name.
 * A `deliver` job still queued with an old id finds no row and ends; the relay queues the open
 * row again.
 *
 * Down rebuilds it with UUID-shaped ids made from the integers.
 */
import {
  DataTypes,
  QueryTypes,
  type ModelAttributeColumnOptions,
  type QueryInterface,
} from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime, id, references, string, timestamps } from '../lib/columns';

const TABLE = 'deliveries';
const NEXT = 'deliveries_next';
/** Old UUID → new integer, while the rows are copied. */
const ID_MAP = 'delivery_id_map';

/** Every column but the two keys, as the table has them. */
const COLUMNS = {
  notificationId: references('notifications', false),
  channel: string(16, false),
  status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'pending' },
  attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
  lastError: { type: DataTypes.TEXT, allowNull: true },
  nextAttemptAt: dateTime(),
  sentAt: dateTime(),
  ...timestamps(),
  checkId: { ...id(), primaryKey: false, allowNull: true },
  recipient: string(320),
  claimToken: string(36),
  messageKey: string(64),
  heldUntil: dateTime(),
};

const q = (name: string) => `\`${name}\``;
const COPIED = Object.keys(COLUMNS).map(q).join(', ');

interface IndexDefinition {
  name: string;
  unique: boolean;
  columns: string[];
  /** SQLite: the CREATE INDEX statement as it was (partial indexes keep their WHERE). */
  sql?: string;
}

/** The table's secondary indexes, to make again on the rebuilt table. */
async function indexesOf(queryInterface: QueryInterface): Promise<IndexDefinition[]> {
  const { sequelize } = queryInterface;
  if (sequelize.getDialect() === 'sqlite') {
    const rows = await sequelize.query<{ name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = :table AND sql IS NOT NULL",
      { replacements: { table: TABLE }, type: QueryTypes.SELECT },
    );
    return rows.map((row) => ({ name: row.name, unique: false, columns: [], sql: row.sql }));
  }
  const indexes = (await queryInterface.showIndex(TABLE)) as Array<{
    name: string;
    primary: boolean;
    unique: boolean;
    fields: Array<{ attribute: string }>;
  }>;
  return indexes
    .filter((index) => !index.primary)
    .map((index) => ({
      name: index.name,
      unique: index.unique,
      columns: index.fields.map((field) => field.attribute),
    }));
}

/** Builds `NEXT` with `keys`, fills it (`copy`), and puts it in the table's place, indexed as before. */
async function rebuild(
  queryInterface: QueryInterface,
  keys: { id: ModelAttributeColumnOptions; leadId: ModelAttributeColumnOptions },
  copy: () => Promise<void>,
): Promise<void> {
  const indexes = await indexesOf(queryInterface);
  await queryInterface.createTable(NEXT, { id: keys.id, ...COLUMNS, leadId: keys.leadId });
  await copy();
  await queryInterface.dropTable(TABLE);
  await queryInterface.renameTable(NEXT, TABLE);
  // MariaDB gave the new table an index for its foreign key already, named after the column.
  const present = new Set((await indexesOf(queryInterface)).map((index) => index.name));
  for (const index of indexes) {
    if (present.has(index.name)) continue;
    if (index.sql) await queryInterface.sequelize.query(index.sql);
    else {
      await queryInterface.addIndex(TABLE, index.columns, {
        name: index.name,
        unique: index.unique,
      });
    }
  }
}

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  const { sequelize } = queryInterface;
  const sqlite = sequelize.getDialect() === 'sqlite';
  // SQLite: only INTEGER PRIMARY KEY is the row's own key (64-bit there).
  const integer = sqlite ? DataTypes.INTEGER : DataTypes.BIGINT;
  await rebuild(
    queryInterface,
    {
      id: { type: integer, primaryKey: true, autoIncrement: true, allowNull: false },
      leadId: { type: integer, allowNull: true },
    },
    async () => {
      await queryInterface.createTable(ID_MAP, {
        uuid: { ...id() },
        n: { type: integer, allowNull: false },
      });
      await sequelize.query(
        `INSERT INTO ${q(ID_MAP)} (${q('uuid')}, ${q('n')})
          SELECT ${q('id')}, ROW_NUMBER() OVER (ORDER BY ${q('createdAt')}, ${q('id')}) FROM ${q(TABLE)}`,
      );
      await sequelize.query(
        `INSERT INTO ${q(NEXT)} (${q('id')}, ${COPIED}, ${q('leadId')})
          SELECT own.${q('n')}, ${Object.keys(COLUMNS)
            .map((column) => `d.${q(column)}`)
            .join(', ')}, lead.${q('n')}
          FROM ${q(TABLE)} d
          JOIN ${q(ID_MAP)} own ON own.${q('uuid')} = d.${q('id')}
          LEFT JOIN ${q(ID_MAP)} lead ON lead.${q('uuid')} = d.${q('leadId')}`,
      );
      await queryInterface.dropTable(ID_MAP);
    },
  );
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  const { sequelize } = queryInterface;
  const uuidOf = (column: string) =>
    sequelize.getDialect() === 'sqlite'
      ? `printf('00000000-0000-4000-8000-%012d', ${column})`
      : `CONCAT('00000000-0000-4000-8000-', LPAD(${column}, 12, '0'))`;
  await rebuild(
    queryInterface,
    { id: id(), leadId: { ...id(), primaryKey: false, allowNull: true } },
    async () => {
      await sequelize.query(
        `INSERT INTO ${q(NEXT)} (${q('id')}, ${COPIED}, ${q('leadId')})
          SELECT ${uuidOf(q('id'))}, ${COPIED},
            CASE WHEN ${q('leadId')} IS NULL THEN NULL ELSE ${uuidOf(q('leadId'))} END
          FROM ${q(TABLE)}`,
      );
    },
  );
};
