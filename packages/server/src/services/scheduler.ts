/**
 * The scheduler role: decides which searches are due and queues them. The alert-engine work fills
 * this in; until then it starts, says so, and schedules nothing.
 */
import type { AppContext } from '../context';
import type { RunningService } from './types';

export async function start(ctx: AppContext): Promise<RunningService> {
  const logger = ctx.logger.child({ role: 'scheduler' });
  logger.info('scheduler started: no jobs yet');
  return {
    name: 'scheduler',
    async stop() {
      logger.info('scheduler stopped');
    },
  };
}
