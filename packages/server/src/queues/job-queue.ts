/**
 * The job queue the alert engine talks to, whatever runs underneath: the in-process driver
 * (embedded default) or BullMQ on Redis (scale-out). Call sites never see a driver's job object;
 * `job-queue.contract.ts` is the behaviour both drivers must share.
 *
 * A job carries ids only: the database is the source of truth, so a lost job is re-created from it
 * and a job that runs twice (at-least-once delivery) re-reads the current state.
 */

/** A job's data is a flat object of ids and flags: it is stored as JSON (in Redis, in clear). */
export type JobDataValue = string | number | boolean | null;
export type JobData = { readonly [key: string]: JobDataValue };

/**
 * Job name → its data, e.g. `{ deliver: { deliveryId: number } }`. Write it as a type alias (an
 * interface has no index signature and does not fit).
 */
export type JobDataMap = { [name: string]: JobData };
export type JobName<Jobs extends JobDataMap> = Extract<keyof Jobs, string>;

export interface BackoffOptions {
  /** exponential: `delayMs * 2^(retry - 1)` (delayMs, 2×, 4×, …); fixed: always `delayMs`. */
  type: 'exponential' | 'fixed';
  delayMs: number;
}

export interface EnqueueOptions {
  /**
   * Business key for deduplication: while a job with this key is pending (delayed, waiting, active
   * or waiting for a retry), enqueueing another one is a no-op. Once it has completed or failed,
   * the key is free again. Not a permanent ledger: that is the database's unique keys.
   */
  jobId?: string;
  /** Run no earlier than this many ms from now. */
  delayMs?: number;
  /** Runs in total, first one included (default 1: no retry). */
  attempts?: number;
  /** Wait between runs; without it a retry runs at once. */
  backoff?: BackoffOptions;
  /**
   * 'low': once ready, runs after every ready job of its name without it, whenever those were
   * added (a delivery batched for its alert's slot yields to one that goes out at once). Default
   * 'normal'; among jobs of one priority, first in first out.
   */
  priority?: JobPriority;
}

export const JOB_PRIORITIES = ['normal', 'low'] as const;
export type JobPriority = (typeof JOB_PRIORITIES)[number];

/** Options that may be set once per job name (createJobQueue's `defaults`). */
export type JobDefaults = Pick<EnqueueOptions, 'attempts' | 'backoff'>;

export interface EnqueueResult {
  /** The queue's id of the job: the new one, or the pending one this enqueue was merged into. */
  id: string;
  /** True when a pending job with the same `jobId` existed and nothing was added. */
  deduplicated: boolean;
}

export interface JobContext {
  id: string;
  name: string;
  /** This run, 1-based: 1 on the first run, 2 on the first retry. */
  attempt: number;
  /** Runs allowed in total. */
  attempts: number;
  /** Aborted when the queue gives up waiting for this job on close (drain timeout). */
  signal: AbortSignal;
}

/** Resolve = done. Throw = retry (or fail when attempts are used); UnrecoverableJobError = fail now. */
export type JobHandler<Data extends JobData> = (
  data: Data,
  job: JobContext,
) => Promise<void> | void;

export interface ProcessOptions {
  /** Jobs of this name that run at the same time in this process. */
  concurrency: number;
}

/** A job that failed for good; narrow `data` by checking `name`. */
export type FailedJob<Jobs extends JobDataMap> = {
  [N in JobName<Jobs>]: {
    name: N;
    data: Jobs[N];
    id: string;
    /** What the handler threw on its last run (an UnrecoverableJobError when it gave up). */
    error: Error;
    /** Runs made, the last one included. */
    attemptsMade: number;
  };
}[JobName<Jobs>];

/**
 * Called once per job that failed for good, in the process that ran its last attempt, after the
 * queue has recorded the failure (the delivery code records the reason here).
 */
export type FailedJobHook<Jobs extends JobDataMap> = (job: FailedJob<Jobs>) => Promise<void> | void;

export interface JobCounts {
  /** Ready to run, waiting for a free slot or a worker. */
  waiting: number;
  /** Running now. */
  active: number;
  /** Waiting for their delay or retry backoff to pass. */
  delayed: number;
  /** Failed for good (BullMQ: the kept history; memory: since start). */
  failed: number;
}

export interface CloseOptions {
  /** How long running jobs may take to finish before they are abandoned (default 10 s). */
  drainTimeoutMs?: number;
}

export interface JobQueue<Jobs extends JobDataMap> {
  readonly driver: 'memory' | 'bullmq';
  /** Adds a job. Rejects when the data is not flat ids/flags, or the queue is closed/unreachable. */
  enqueue<N extends JobName<Jobs>>(
    name: N,
    data: Jobs[N],
    options?: EnqueueOptions,
  ): Promise<EnqueueResult>;
  /** Runs jobs of this name in this process (once per name); resolves when it is listening. */
  process<N extends JobName<Jobs>>(
    name: N,
    handler: JobHandler<Jobs[N]>,
    options: ProcessOptions,
  ): Promise<void>;
  /** Adds a hook for jobs that failed for good; returns a function that removes it. */
  onFailed(hook: FailedJobHook<Jobs>): () => void;
  /** Stops taking new jobs in this process; running jobs go on. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Waits until no job runs in this process; false when `timeoutMs` passed first. */
  drain(timeoutMs: number): Promise<boolean>;
  /**
   * Graceful stop (SIGTERM): take no new jobs, let running ones finish (up to drainTimeoutMs, then
   * abort their signal and leave them to be re-run), release connections. Idempotent.
   */
  close(options?: CloseOptions): Promise<void>;
  /** Per job name given, or else per name known to this process (processed or enqueued here). */
  counts(names?: readonly JobName<Jobs>[]): Promise<Partial<Record<JobName<Jobs>, JobCounts>>>;
  /**
   * Per job name (given, or known here): how long the ready job that has waited longest for a
   * worker has waited, in ms — since it was enqueued or its delay ended; 0 when none waits.
   */
  oldestWaitingMs(
    names?: readonly JobName<Jobs>[],
  ): Promise<Partial<Record<JobName<Jobs>, number>>>;
  /** Whether the backing store answers (readiness). */
  ping(): Promise<boolean>;
}

/** Throw from a handler to fail the job at once, without the remaining attempts. */
export class UnrecoverableJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnrecoverableJobError';
  }
}

export const DEFAULT_DRAIN_TIMEOUT_MS = 10_000;

/** Milliseconds to wait before retry number `retry` (1 = the first retry). */
export function backoffDelayMs(backoff: BackoffOptions | undefined, retry: number): number {
  if (!backoff) return 0;
  return backoff.type === 'fixed' ? backoff.delayMs : backoff.delayMs * 2 ** (retry - 1);
}

/** Keeps payloads to ids and flags, so nothing sensitive or bulky is put in a queue. */
export function assertIdsOnly(name: string, data: unknown): asserts data is JobData {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new TypeError(`Job "${name}": data must be an object of ids`);
  }
  for (const [key, value] of Object.entries(data)) {
    const ok =
      value === null ||
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value));
    if (!ok) {
      throw new TypeError(
        `Job "${name}": data.${key} must be a string, finite number, boolean or null (ids only)`,
      );
    }
  }
}

export function assertEnqueueOptions(name: string, options: EnqueueOptions): void {
  const { jobId, delayMs, attempts, backoff, priority } = options;
  if (jobId !== undefined && jobId.length === 0) {
    throw new TypeError(`Job "${name}": jobId must not be empty`);
  }
  if (delayMs !== undefined && !(Number.isFinite(delayMs) && delayMs >= 0)) {
    throw new TypeError(`Job "${name}": delayMs must be a number ≥ 0`);
  }
  if (attempts !== undefined && !(Number.isInteger(attempts) && attempts >= 1)) {
    throw new TypeError(`Job "${name}": attempts must be an integer ≥ 1`);
  }
  if (backoff !== undefined && !(Number.isFinite(backoff.delayMs) && backoff.delayMs >= 0)) {
    throw new TypeError(`Job "${name}": backoff.delayMs must be a number ≥ 0`);
  }
  if (priority !== undefined && !JOB_PRIORITIES.includes(priority)) {
    throw new TypeError(`Job "${name}": priority must be one of ${JOB_PRIORITIES.join(', ')}`);
  }
}

export function assertConcurrency(name: string, concurrency: number): void {
  if (!(Number.isInteger(concurrency) && concurrency >= 1)) {
    throw new TypeError(`Job "${name}": concurrency must be an integer ≥ 1`);
  }
}

/** Handlers must throw Errors; anything else is wrapped so the reason survives. */
export function toError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

/**
 * The drain wait both drivers share: resolves true when the driver calls one of its idle waiters
 * (no job running any more), false once `timeoutMs` has passed.
 */
export function waitUntilIdle(idleWaiters: Set<() => void>, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const onIdle = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      idleWaiters.delete(onIdle);
      resolve(false);
    }, timeoutMs);
    idleWaiters.add(onIdle);
  });
}
