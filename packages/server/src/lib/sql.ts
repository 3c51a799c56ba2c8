/** Query pieces that mean the same on SQLite and MySQL/MariaDB. */
import {
  Op,
  col,
  fn,
  where,
  type Attributes,
  type FindOptions,
  type Model,
  type ModelStatic,
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
