/** Query pieces that mean the same on SQLite and MySQL/MariaDB. */
import {
  DatabaseError,
  Op,
  col,
  fn,
  literal,
  where,
  type Attributes,
  type FindOptions,
  type Model,
  type ModelStatic,
  type UpdateOptions,
  type WhereOptions,
} from 'sequelize';

/**
 * Case-insensitive "column contains term". INSTR instead of LIKE: LIKE's wildcards would need
 * escaping, and the escape character differs per dialect. `column` may be qualified
 * ('user.email') when the query joins tables.
 */
export function containsText(column: string, term: string) {
  return where(fn('instr', fn('lower', col(column)), fn('lower', term)), Op.gt, 0);
}

/**
 * Reads every row `options.where` selects in pages of `pageSize`, by primary key `id` (keyset:
 * no OFFSET rescans), handing each page to `visit` before the next is read. A full load of
 * 100 000 alerts as one findAll held every model instance at once (~1 GB of heap at start).
 */
export async function forEachPage<M extends Model>(
  model: ModelStatic<M>,
  options: Omit<FindOptions<Attributes<M>>, 'order' | 'limit' | 'offset'>,
  pageSize: number,
  visit: (rows: M[]) => void | Promise<void>,
): Promise<void> {
  let after: unknown = null;
  for (;;) {
    const where = options.where ?? {};
    const rows: M[] = await model.findAll({
      ...options,
      where: (after === null
        ? where
        : { [Op.and]: [where, { id: { [Op.gt]: after } }] }) as WhereOptions<Attributes<M>>,
      order: [['id', 'ASC']],
      limit: pageSize,
    });
    if (rows.length === 0) return;
    await visit(rows);
    if (rows.length < pageSize) return;
    after = (rows[rows.length - 1] as unknown as { id: unknown }).id;
  }
}

/** Rows per statement in `setEach` (two bound values each; far below SQLite's 32 766). */
const SET_EACH_CHUNK = 500;

/**
 * Sets `column` of each row (by primary key `id`) to its own value, in one UPDATE per 500 rows
 * (`CASE id WHEN … THEN … END`) instead of one per row: the scheduler moves hundreds of
 * searches' next check a tick. Values are escaped as the column's type (dates with their ms).
 */
export async function setEach<M extends Model>(
  model: ModelStatic<M>,
  column: keyof Attributes<M> & string,
  values: ReadonlyMap<string, unknown>,
  options: Pick<UpdateOptions, 'transaction' | 'silent'> = {},
): Promise<void> {
  const attributes = model.getAttributes();
  const key = model.primaryKeyAttribute;
  const generator = model.sequelize!.getQueryInterface().queryGenerator as unknown as {
    escape(value: unknown, field?: unknown): string;
  };
  const keyField = attributes[key as keyof typeof attributes];
  const field = attributes[column as keyof typeof attributes];
  const entries = [...values];
  for (let i = 0; i < entries.length; i += SET_EACH_CHUNK) {
    const part = entries.slice(i, i + SET_EACH_CHUNK);
    const cases = part
      .map(
        ([id, value]) =>
          `WHEN ${generator.escape(id, keyField)} THEN ${generator.escape(value, field)}`,
      )
      .join(' ');
    const quoted = model.sequelize!.getQueryInterface().quoteIdentifier(key);
    await model.update({ [column]: literal(`CASE ${quoted} ${cases} END`) } as never, {
      where: { [key]: { [Op.in]: part.map(([id]) => id) } } as WhereOptions<Attributes<M>>,
      ...options,
    });
  }
}

/** MariaDB's "Deadlock found when trying to get lock": the statement was rolled back whole. */
const DEADLOCK_ERRNO = 1213;

/**
 * A single statement outside a transaction, tried again when InnoDB chose it as a deadlock's
 * victim (two workers settling overlapping rows): it was rolled back whole and may simply run
 * again. Not for a statement inside a transaction, which the deadlock rolled back with it.
 */
export async function retryOnDeadlock<T>(statement: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await statement();
    } catch (error) {
      const errno = error instanceof DatabaseError ? (error.parent as { errno?: number }).errno : 0;
      if (errno !== DEADLOCK_ERRNO || attempt >= attempts) throw error;
    }
  }
}
