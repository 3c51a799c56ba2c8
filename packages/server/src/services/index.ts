/**
 * The process roles SERVICES can name. Each is imported only when started, so a worker-only
 * process does not load the web stack.
 */
import type { ServiceName } from '../config/env';
import type { AppContext } from '../context';
import type { RunningService } from './types';
import type { WebOptions } from './web';

export type { RunningService } from './types';

export const SERVICE_STARTERS: Record<
  ServiceName,
  (ctx: AppContext, options: WebOptions) => Promise<RunningService>
> = {
  web: async (ctx, options) => (await import('./web')).start(ctx, options),
  worker: async (ctx) => (await import('./worker')).start(ctx),
  scheduler: async (ctx) => (await import('./scheduler')).start(ctx),
};
