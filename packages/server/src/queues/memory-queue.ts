/**
 * The in-process driver (embedded default, no Redis): real timers, a concurrency limit per job
 * name, retries with backoff, delays, deduplication by jobId while pending, drain on close. Jobs
 * live in memory only; after a restart the scheduler and the delivery relay re-create them from
 * the database.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger';
import {
  DEFAULT_DRAIN_TIMEOUT_MS,
  UnrecoverableJobError,
  assertConcurrency,
  assertEnqueueOptions,
  assertIdsOnly,
  backoffDelayMs,
  toError,
  type BackoffOptions,
  type CloseOptions,
  type EnqueueOptions,
  type EnqueueResult,
  type FailedJob,
  type FailedJobHook,
  type JobCounts,
  type JobData,
  type JobDataMap,
  type JobDefaults,
  type JobHandler,
  type JobName,
  type JobQueue,
  type ProcessOptions,
  waitUntilIdle,
} from './job-queue';

export interface MemoryJobQueueOptions<Jobs extends JobDataMap> {
  logger: Logger;
  /** Attempts and backoff per job name, used where enqueue does not say. */
  defaults?: Partial<Record<JobName<Jobs>, JobDefaults>>;
}

interface MemoryJob {
  id: string;
  name: string;
  /** Stored as JSON, like Redis does: every run gets a fresh copy. */
  json: string;
  dedupKey: string | undefined;
  attempts: number;
  backoff: BackoffOptions | undefined;
  /** Priority 'low': ready, it waits in its lane's `waitingLow`. */
  low: boolean;
  attemptsMade: number;
  /** When it last became ready to run (Date.now()). */
  readyAt?: number;
  timer?: NodeJS.Timeout;
  abort?: AbortController;
}

interface Lane {
  name: string;
  /** Ready, first in first out; `waitingLow` runs only when `waiting` is empty. */
  waiting: MemoryJob[];
  waitingLow: MemoryJob[];
  delayed: Set<MemoryJob>;
  active: Set<MemoryJob>;
  failed: number;
  handler?: JobHandler<JobData>;
  concurrency: number;
}

export class MemoryJobQueue<Jobs extends JobDataMap> implements JobQueue<Jobs> {
  readonly driver = 'memory';
  private readonly lanes = new Map<string, Lane>();
  private readonly pendingByKey = new Map<string, MemoryJob>();
  private readonly failedHooks = new Set<FailedJobHook<Jobs>>();
  private readonly idleWaiters = new Set<() => void>();
  private readonly logger: Logger;
  private readonly defaults: Partial<Record<string, JobDefaults>>;
  private paused = false;
  private closing = false;
  private closed = false;
  private closePromise?: Promise<void>;

  constructor(options: MemoryJobQueueOptions<Jobs>) {
    this.logger = options.logger.child({ component: 'queue', driver: 'memory' });
    this.defaults = options.defaults ?? {};
  }

  async enqueue<N extends JobName<Jobs>>(
    name: N,
    data: Jobs[N],
    options: EnqueueOptions = {},
  ): Promise<EnqueueResult> {
    if (this.closing) throw new Error(`Job queue is closed; "${name}" was not enqueued`);
    assertIdsOnly(name, data);
    const merged = { ...this.defaults[name], ...options };
    assertEnqueueOptions(name, merged);

    if (merged.jobId !== undefined) {
      const pending = this.pendingByKey.get(merged.jobId);
      if (pending) return { id: pending.id, deduplicated: true };
    }
    const job: MemoryJob = {
      id: randomUUID(),
      name,
      json: JSON.stringify(data),
      dedupKey: merged.jobId,
      attempts: merged.attempts ?? 1,
      backoff: merged.backoff,
      low: merged.priority === 'low',
      attemptsMade: 0,
    };
    if (job.dedupKey !== undefined) this.pendingByKey.set(job.dedupKey, job);
    const lane = this.lane(name);
    if (merged.delayMs) this.delay(lane, job, merged.delayMs);
    else this.makeReady(lane, job);
    return { id: job.id, deduplicated: false };
  }

  async process<N extends JobName<Jobs>>(
    name: N,
    handler: JobHandler<Jobs[N]>,
    options: ProcessOptions,
  ): Promise<void> {
    assertConcurrency(name, options.concurrency);
    const lane = this.lane(name);
    if (lane.handler) throw new Error(`Job "${name}" already has a processor`);
    lane.handler = handler as JobHandler<JobData>;
    lane.concurrency = options.concurrency;
    this.pump(lane);
  }

  onFailed(hook: FailedJobHook<Jobs>): () => void {
    this.failedHooks.add(hook);
    return () => this.failedHooks.delete(hook);
  }

  async pause(): Promise<void> {
    this.paused = true;
  }

  async resume(): Promise<void> {
    if (this.closing) return;
    this.paused = false;
    for (const lane of this.lanes.values()) this.pump(lane);
  }

  drain(timeoutMs: number): Promise<boolean> {
    if (this.activeCount() === 0) return Promise.resolve(true);
    return waitUntilIdle(this.idleWaiters, timeoutMs);
  }

  close(options: CloseOptions = {}): Promise<void> {
    this.closePromise ??= this.shutDown(options.drainTimeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS);
    return this.closePromise;
  }

  async counts(
    names?: readonly JobName<Jobs>[],
  ): Promise<Partial<Record<JobName<Jobs>, JobCounts>>> {
    const counts: Partial<Record<string, JobCounts>> = {};
    for (const name of names ?? this.lanes.keys()) {
      const lane = this.lanes.get(name);
      counts[name] = {
        waiting: lane ? lane.waiting.length + lane.waitingLow.length : 0,
        active: lane?.active.size ?? 0,
        delayed: lane?.delayed.size ?? 0,
        failed: lane?.failed ?? 0,
      };
    }
    return counts;
  }

  async oldestWaitingMs(
    names?: readonly JobName<Jobs>[],
  ): Promise<Partial<Record<JobName<Jobs>, number>>> {
    const now = Date.now();
    const ages: Partial<Record<string, number>> = {};
    for (const name of names ?? this.lanes.keys()) {
      const lane = this.lanes.get(name);
      // Each list is first in, first out: its head has waited longest.
      const since = [lane?.waiting[0]?.readyAt, lane?.waitingLow[0]?.readyAt].filter(
        (at): at is number => at !== undefined,
      );
      ages[name] = since.length > 0 ? Math.max(0, now - Math.min(...since)) : 0;
    }
    return ages;
  }

  async ping(): Promise<boolean> {
    return !this.closed;
  }

  private async shutDown(drainTimeoutMs: number): Promise<void> {
    this.closing = true;
    this.paused = true;
    let dropped = 0;
    for (const lane of this.lanes.values()) {
      for (const job of lane.delayed) clearTimeout(job.timer);
      dropped += lane.waiting.length + lane.waitingLow.length + lane.delayed.size;
      lane.waiting.length = 0;
      lane.waitingLow.length = 0;
      lane.delayed.clear();
    }
    const drained = await this.drain(drainTimeoutMs);
    if (!drained) {
      this.logger.warn(
        { running: this.activeCount(), drainTimeoutMs },
        'queue closed while jobs were still running; they are abandoned',
      );
      for (const lane of this.lanes.values()) for (const job of lane.active) job.abort?.abort();
    }
    // Pending jobs are not persisted: the database re-creates them at the next start.
    if (dropped > 0) this.logger.info({ dropped }, 'queue closed with pending jobs left undone');
    this.pendingByKey.clear();
    this.closed = true;
  }

  private lane(name: string): Lane {
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = {
        name,
        waiting: [],
        waitingLow: [],
        delayed: new Set(),
        active: new Set(),
        failed: 0,
        concurrency: 1,
      };
      this.lanes.set(name, lane);
    }
    return lane;
  }

  private delay(lane: Lane, job: MemoryJob, delayMs: number): void {
    lane.delayed.add(job);
    job.timer = setTimeout(() => {
      lane.delayed.delete(job);
      job.timer = undefined;
      this.makeReady(lane, job);
    }, delayMs);
  }

  private makeReady(lane: Lane, job: MemoryJob): void {
    this.addReady(lane, job);
    this.pump(lane);
  }

  private addReady(lane: Lane, job: MemoryJob): void {
    job.readyAt = Date.now();
    (job.low ? lane.waitingLow : lane.waiting).push(job);
  }

  private pump(lane: Lane): void {
    while (
      !this.paused &&
      lane.handler &&
      lane.active.size < lane.concurrency &&
      lane.waiting.length + lane.waitingLow.length > 0
    ) {
      const job = (lane.waiting.shift() ?? lane.waitingLow.shift()) as MemoryJob;
      lane.active.add(job);
      void this.run(lane, lane.handler, job);
    }
  }

  private async run(lane: Lane, handler: JobHandler<JobData>, job: MemoryJob): Promise<void> {
    job.abort = new AbortController();
    const context = {
      id: job.id,
      name: job.name,
      attempt: job.attemptsMade + 1,
      attempts: job.attempts,
      signal: job.abort.signal,
    };
    let failure: Error | undefined;
    try {
      // Never synchronously inside enqueue(): the caller's code after enqueue runs first.
      await Promise.resolve();
      await handler(JSON.parse(job.json) as JobData, context);
    } catch (thrown) {
      failure = toError(thrown);
    }
    job.attemptsMade += 1;
    // Abandoned at close: nobody is left to record anything.
    if (!this.closed) await this.settle(lane, job, failure);
    // Only now: drain() also waits for the onFailed hooks of the last attempt.
    lane.active.delete(job);
    if (this.activeCount() === 0) {
      const waiters = [...this.idleWaiters];
      this.idleWaiters.clear();
      for (const notify of waiters) notify();
    }
    this.pump(lane);
  }

  private async settle(lane: Lane, job: MemoryJob, failure: Error | undefined): Promise<void> {
    if (!failure) {
      this.release(job);
      return;
    }
    const retry = !(failure instanceof UnrecoverableJobError) && job.attemptsMade < job.attempts;
    if (retry && this.closing) {
      this.release(job);
      this.logger.info(
        { job: job.name, id: job.id },
        'job failed while closing; retry left undone',
      );
      return;
    }
    if (retry) {
      this.logger.debug({ job: job.name, id: job.id, err: failure }, 'job failed; will retry');
      const waitMs = backoffDelayMs(job.backoff, job.attemptsMade);
      if (waitMs > 0) this.delay(lane, job, waitMs);
      else this.addReady(lane, job);
      return;
    }
    this.release(job);
    lane.failed += 1;
    await this.reportFailure(job, failure);
  }

  private release(job: MemoryJob): void {
    if (job.dedupKey !== undefined && this.pendingByKey.get(job.dedupKey) === job) {
      this.pendingByKey.delete(job.dedupKey);
    }
  }

  private async reportFailure(job: MemoryJob, error: Error): Promise<void> {
    this.logger.warn(
      { job: job.name, id: job.id, attemptsMade: job.attemptsMade, err: error },
      'job failed for good',
    );
    const failed = {
      name: job.name,
      data: JSON.parse(job.json) as JobData,
      id: job.id,
      error,
      attemptsMade: job.attemptsMade,
    } as FailedJob<Jobs>;
    for (const hook of this.failedHooks) {
      try {
        await hook(failed);
      } catch (hookError) {
        this.logger.error({ job: job.name, id: job.id, err: hookError }, 'onFailed hook threw');
      }
    }
  }

  private activeCount(): number {
    let active = 0;
    for (const lane of this.lanes.values()) active += lane.active.size;
    return active;
  }
}

export function createMemoryJobQueue<Jobs extends JobDataMap>(
  options: MemoryJobQueueOptions<Jobs>,
): MemoryJobQueue<Jobs> {
  return new MemoryJobQueue<Jobs>(options);
}
