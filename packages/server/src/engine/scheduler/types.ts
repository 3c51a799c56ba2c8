import type { AppContext } from '../../context';

/** What the scheduler reads and writes: the database, the queue, the configuration. */
export type SchedulerContext = Pick<
  AppContext,
  'config' | 'logger' | 'sequelize' | 'models' | 'queue'
>;
