/**
 * Figures per local day (Europe/Amsterdam) from the database, the same on SQLite and
 * MySQL/MariaDB: rows are grouped by UTC hour (on SQLite the stored milliseconds divided by an
 * hour's, on MySQL/MariaDB the 'YYYY-MM-DD HH' prefix of the DATETIME) and the hours folded into
 * local days here — the two dialects share no time-zone functions, and the offset is whole hours
 * all year.
 */
import {
  Op,
  col,
  fn,
  literal,
  type Attributes,
  type Model,
  type ModelStatic,
  type WhereOptions,
} from 'sequelize';
import { addDays, localDate, startOfLocalDay } from './calendar';

export interface PerLocalDayQuery<M extends Model> {
  /** The timestamp that puts a row on a day ('createdAt', 'paidAt'). */
  column: keyof Attributes<M> & string;
  /** Which rows count (the timestamp's own range is added). */
  where?: WhereOptions<Attributes<M>>;
  /** Add up this column instead of counting rows. */
  sum?: keyof Attributes<M> & string;
  /** The first local day ('YYYY-MM-DD'). */
  from: string;
  /** The last local day, included. */
  to: string;
}

const HOUR_MS = 3_600_000;

/** The days `from` to `to` with their count (or sum); a day without rows is 0. */
export async function perLocalDay<M extends Model>(
  model: ModelStatic<M>,
  { column, where = {}, sum, from, to }: PerLocalDayQuery<M>,
): Promise<Map<string, number>> {
  const sqlite = model.sequelize!.getDialect() === 'sqlite';
  // `group` takes a literal as well; its declared type names only functions and columns.
  const hour = (
    sqlite
      ? literal(`${model.sequelize!.getQueryInterface().quoteIdentifier(column)} / ${HOUR_MS}`)
      : fn('substr', col(column), 1, 13)
  ) as ReturnType<typeof fn>;
  const inRange = {
    [column]: { [Op.gte]: startOfLocalDay(from), [Op.lt]: startOfLocalDay(addDays(to, 1)) },
  };
  const rows = (await model.findAll({
    attributes: [
      [hour, 'hour'],
      [sum ? fn('sum', col(sum)) : fn('count', col('id')), 'total'],
    ],
    where: { [Op.and]: [where, inRange] } as WhereOptions<Attributes<M>>,
    group: [hour],
    raw: true,
  })) as unknown as Array<{ hour: string | number; total: unknown }>;
  const days = new Map<string, number>();
  for (let day = from; day <= to; day = addDays(day, 1)) days.set(day, 0);
  for (const row of rows) {
    const day = localDate(
      typeof row.hour === 'number'
        ? new Date(row.hour * HOUR_MS)
        : new Date(`${row.hour.replace(' ', 'T')}:00:00Z`),
    );
    // MySQL answers a COUNT or SUM as a string.
    days.set(day, (days.get(day) ?? 0) + Number(row.total ?? 0));
  }
  return days;
}
