/**
 * How SQLite runs what a piece of code asks: the statements it sends, and the steps of one
 * statement's plan (EXPLAIN QUERY PLAN), to hold a query to the index it is meant to read.
 *
 *   const [page] = await statementsOf(sequelize, () => listNotifications(ctx, user, query), /LIMIT/);
 *   expect(await queryPlanOf(sequelize, page)).toContain('USE TEMP B-TREE FOR ORDER BY');
 */
import { QueryTypes, type Options, type Sequelize } from 'sequelize';

/** The statements `run` sends (Sequelize logs each through its options' `logging`) that match. */
export async function statementsOf(
  sequelize: Sequelize,
  run: () => Promise<unknown>,
  matching: RegExp,
): Promise<string[]> {
  const statements: string[] = [];
  const { options } = sequelize as unknown as { options: Options };
  const logging = options.logging;
  options.logging = (sql: string) => statements.push(sql.replace(/^Executing \([^)]*\): /, ''));
  try {
    await run();
  } finally {
    options.logging = logging;
  }
  return statements.filter((sql) => matching.test(sql));
}

/** The steps of SQLite's plan for `statement`, each as it words it ('SEARCH … USING INDEX …'). */
export async function queryPlanOf(sequelize: Sequelize, statement: string): Promise<string[]> {
  const plan = await sequelize.query<{ detail: string }>(`EXPLAIN QUERY PLAN ${statement}`, {
    type: QueryTypes.SELECT,
  });
  return plan.map((step) => step.detail);
}
