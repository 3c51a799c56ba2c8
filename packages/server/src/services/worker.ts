/**
 * The worker role: runs queued jobs (scrapes, deliveries). The alert-engine work fills this in;
 * until then it starts, says so, and has nothing to run.
 */
import type { AppContext } from '../context';
import type { RunningService } from './types';

export async function start(ctx: AppContext): Promise<RunningService> {
  const logger = ctx.logger.child({ role: 'worker' });
  logger.info('worker started: no jobs yet');
  return {
    name: 'worker',
    async stop() {
      logger.info('worker stopped');
    },
  };
}
