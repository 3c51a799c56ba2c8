/** Query pieces that mean the same on SQLite and MySQL/MariaDB. */
import { Op, col, fn, where } from 'sequelize';

/**
 * Case-insensitive "column contains term". INSTR instead of LIKE: LIKE's wildcards would need
 * escaping, and the escape character differs per dialect. `column` may be qualified
 * ('user.email') when the query joins tables.
 */
export function containsText(column: string, term: string) {
  return where(fn('instr', fn('lower', col(column)), fn('lower', term)), Op.gt, 0);
}
