/**
 * Runs work only while this process leads: without a lock (embedded mode, one process) at once;
 * with a LeaderLock (scale-out) once the lock is taken, renewing it every `renewEveryMs`, stopping
 * the work if the lock is lost and trying again to take it after that.
 */
import type { Logger } from '../logger';
import type { LeaderLock } from './leader-lock';

export interface LedWork {
  stop(): Promise<void>;
}

export interface Leadership {
  readonly leading: boolean;
  stop(): Promise<void>;
}

export interface LeadershipOptions {
  lock: LeaderLock | null;
  /** How often the lock is renewed, or tried while another process holds it. */
  renewEveryMs: number;
  logger: Logger;
  lead: () => Promise<LedWork>;
}

export async function runAsLeader(options: LeadershipOptions): Promise<Leadership> {
  const { lock, logger } = options;
  let work: LedWork | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  async function step(): Promise<void> {
    if (stopped || lock === null) return;
    if (work === null) {
      if (!(await lock.acquire()) || stopped) return;
      logger.info('scheduler lock taken: this process schedules');
      work = await options.lead();
      return;
    }
    if (await lock.renew()) return;
    logger.warn('scheduler lock lost: another process schedules now');
    const lost = work;
    work = null;
    await lost.stop();
  }

  function loop(): void {
    timer = setTimeout(() => {
      running = step()
        .catch((error: unknown) => logger.error({ err: error }, 'scheduler leadership step failed'))
        .finally(() => {
          if (!stopped) loop();
        });
    }, options.renewEveryMs);
    timer.unref();
  }

  if (lock === null) {
    work = await options.lead();
  } else {
    await step();
    if (work === null) logger.info('scheduler lock held elsewhere: this scheduler waits');
    loop();
  }

  return {
    get leading() {
      return work !== null;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      const current = work;
      work = null;
      await current?.stop();
      if (lock) {
        await lock.release();
        await lock.close();
      }
    },
  };
}
