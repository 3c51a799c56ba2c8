/**
 * The BullMQ driver (scale-out): one BullMQ queue per job name, so each name has its own workers,
 * concurrency and backlog. Producers and workers may live in different processes (SERVICES=web
 * enqueues, SERVICES=worker runs).
 *
 * Reliability choices:
 * - Producer connection fails fast (`enableOfflineQueue: false`, and enqueue refuses while not
 *   connected): a web request must not hang on a Redis outage. Worker connection waits forever
 *   (`maxRetriesPerRequest: null`).
 * - `jobId` maps to BullMQ's simple deduplication, which holds only while the job is unfinished.
 *   BullMQ's own job ids would also match finished jobs kept as history and silently swallow the
 *   next check of the same search; the real ids are random UUIDs.
 * - A killed worker's job keeps its lock until `lockDuration` passes; the stalled checker then
 *   puts it back (stalls do not use attempts). So every handler must be idempotent.
 * - Finished jobs are kept as bounded history (count and age).
 */
import { randomUUID } from 'node:crypto';
import {
  Queue,
  UnrecoverableError,
  Worker,
  type Job,
  type JobsOptions,
  type KeepJobs,
} from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../logger';
import {
  DEFAULT_DRAIN_TIMEOUT_MS,
  UnrecoverableJobError,
  assertConcurrency,
  assertEnqueueOptions,
  assertIdsOnly,
  toError,
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

export interface BullMqWorkerSettings {
  /** A running job's lock; a dead worker's job is re-run this long (+ a stall check) later. */
  lockDurationMs?: number;
  /** How often workers look for jobs whose lock expired. */
  stalledIntervalMs?: number;
  /** Stalls allowed before a job fails ("job stalled more than allowable limit"). */
  maxStalledCount?: number;
}

export interface BullMqJobQueueOptions<Jobs extends JobDataMap> {
  redisUrl: string;
  logger: Logger;
  /** Redis key prefix, so several installations (or test runs) can share one Redis. */
  prefix?: string;
  defaults?: Partial<Record<JobName<Jobs>, JobDefaults>>;
  worker?: BullMqWorkerSettings;
}

export const DEFAULT_QUEUE_PREFIX = 'prijsalarm';
/** BullMQ's defaults (30 s); a crashed worker's job is picked up again after about 30–60 s. */
export const DEFAULT_WORKER_SETTINGS: Required<BullMqWorkerSettings> = {
  lockDurationMs: 30_000,
  stalledIntervalMs: 30_000,
  // One more than BullMQ's default: a deploy can kill a worker twice in a row.
  maxStalledCount: 2,
};
/** Our `low`: any BullMQ priority above 0 runs after the jobs without one. */
const LOW_PRIORITY = 1;
const KEEP_COMPLETED: KeepJobs = { count: 1000, age: 24 * 3600 };
const KEEP_FAILED: KeepJobs = { count: 5000, age: 7 * 24 * 3600 };
const PING_TIMEOUT_MS = 2000;
const FIRST_CONNECT_TIMEOUT_MS = 5000;

interface RunningJob {
  name: string;
  abort: AbortController;
}

export class BullMqJobQueue<Jobs extends JobDataMap> implements JobQueue<Jobs> {
  readonly driver = 'bullmq';
  private readonly logger: Logger;
  private readonly prefix: string;
  private readonly defaults: Partial<Record<string, JobDefaults>>;
  private readonly workerSettings: Required<BullMqWorkerSettings>;
  private readonly producer: Redis;
  private consumer?: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  /** From the start of a run until its completion or failure (hooks included) is recorded. */
  private readonly running = new Map<string, RunningJob>();
  /** The handler's own error, so hooks see it rather than BullMQ's UnrecoverableError copy. */
  private readonly thrownErrors = new Map<string, Error>();
  private readonly failedHooks = new Set<FailedJobHook<Jobs>>();
  private readonly idleWaiters = new Set<() => void>();
  private firstConnectPending = true;
  private paused = false;
  private closing = false;
  private closePromise?: Promise<void>;

  constructor(private readonly options: BullMqJobQueueOptions<Jobs>) {
    this.logger = options.logger.child({ component: 'queue', driver: 'bullmq' });
    this.prefix = options.prefix ?? DEFAULT_QUEUE_PREFIX;
    this.defaults = options.defaults ?? {};
    this.workerSettings = { ...DEFAULT_WORKER_SETTINGS, ...options.worker };
    this.producer = new Redis(options.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectionName: `${this.prefix}-producer`,
    });
    this.watchConnection(this.producer, 'producer');
    const firstConnectDone = () => {
      this.firstConnectPending = false;
    };
    this.producer.once('ready', firstConnectDone);
    this.producer.once('error', firstConnectDone);
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
    // Fail fast: BullMQ would otherwise wait for a connection without a time limit.
    if (!(await this.producerConnected())) {
      throw new Error(
        `Redis is not reachable (${this.producer.status}); "${name}" was not enqueued`,
      );
    }
    const id = randomUUID();
    const jobOptions: JobsOptions = {
      jobId: id,
      attempts: merged.attempts ?? 1,
      removeOnComplete: KEEP_COMPLETED,
      removeOnFail: KEEP_FAILED,
    };
    if (merged.delayMs) jobOptions.delay = merged.delayMs;
    if (merged.backoff) {
      jobOptions.backoff = { type: merged.backoff.type, delay: merged.backoff.delayMs };
    }
    if (merged.jobId !== undefined) jobOptions.deduplication = { id: merged.jobId };
    // BullMQ runs jobs without a priority before any prioritized one, FIFO within one priority.
    if (merged.priority === 'low') jobOptions.priority = LOW_PRIORITY;
    const job = await this.queue(name).add(name, data, jobOptions);
    const storedId = job.id ?? id;
    return { id: storedId, deduplicated: storedId !== id };
  }

  async process<N extends JobName<Jobs>>(
    name: N,
    handler: JobHandler<Jobs[N]>,
    options: ProcessOptions,
  ): Promise<void> {
    assertConcurrency(name, options.concurrency);
    if (this.closing) throw new Error(`Job queue is closed; cannot process "${name}"`);
    if (this.workers.has(name)) throw new Error(`Job "${name}" already has a processor`);
    this.consumer ??= this.createConsumerConnection();
    const worker = new Worker<JobData>(
      name,
      (job) => this.runJob(name, handler as JobHandler<JobData>, job),
      {
        connection: this.consumer,
        prefix: this.prefix,
        concurrency: options.concurrency,
        autorun: false,
        lockDuration: this.workerSettings.lockDurationMs,
        stalledInterval: this.workerSettings.stalledIntervalMs,
        maxStalledCount: this.workerSettings.maxStalledCount,
      },
    );
    this.workers.set(name, worker);
    worker.on('completed', (job) => this.settled(job.id));
    worker.on('failed', (job, error) => void this.onWorkerFailed(name, job, error));
    worker.on('stalled', (jobId) =>
      this.logger.warn({ job: name, id: jobId }, 'job stalled (its worker died?); re-queued'),
    );
    worker.on('error', (error) => this.logger.error({ job: name, err: error }, 'worker error'));
    if (!this.paused) {
      worker.run().catch((error: unknown) => {
        this.logger.error({ job: name, err: error }, 'worker stopped');
      });
    }
    await worker.waitUntilReady();
  }

  onFailed(hook: FailedJobHook<Jobs>): () => void {
    this.failedHooks.add(hook);
    return () => this.failedHooks.delete(hook);
  }

  async pause(): Promise<void> {
    this.paused = true;
    // true: do not wait for running jobs here; drain() does that, with a time limit.
    await Promise.all([...this.workers.values()].map((worker) => worker.pause(true)));
  }

  async resume(): Promise<void> {
    if (this.closing) return;
    this.paused = false;
    await Promise.all([...this.workers.values()].map((worker) => worker.resume()));
  }

  drain(timeoutMs: number): Promise<boolean> {
    if (this.running.size === 0) return Promise.resolve(true);
    return waitUntilIdle(this.idleWaiters, timeoutMs);
  }

  close(options: CloseOptions = {}): Promise<void> {
    this.closePromise ??= this.shutDown(options.drainTimeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS);
    return this.closePromise;
  }

  /** The names asked for, or those this process has a queue or a worker for. */
  private namesOr(names: readonly string[] | undefined): Iterable<string> {
    return names ?? new Set([...this.queues.keys(), ...this.workers.keys()]);
  }

  async counts(
    names?: readonly JobName<Jobs>[],
  ): Promise<Partial<Record<JobName<Jobs>, JobCounts>>> {
    const counts: Partial<Record<string, JobCounts>> = {};
    for (const name of this.namesOr(names)) {
      const raw = await this.queue(name).getJobCounts(
        'wait',
        'prioritized',
        'active',
        'delayed',
        'failed',
      );
      counts[name] = {
        waiting: (raw.wait ?? 0) + (raw.prioritized ?? 0),
        active: raw.active ?? 0,
        delayed: raw.delayed ?? 0,
        failed: raw.failed ?? 0,
      };
    }
    return counts;
  }

  async oldestWaitingMs(
    names?: readonly JobName<Jobs>[],
  ): Promise<Partial<Record<JobName<Jobs>, number>>> {
    const now = Date.now();
    const ages: Partial<Record<string, number>> = {};
    for (const name of this.namesOr(names)) {
      const queue = this.queue(name);
      // Oldest first: the wait list's tail, and the lowest of the one priority `low` uses.
      const heads = [
        ...(await queue.getJobs(['wait'], 0, 0, true)),
        ...(await queue.getJobs(['prioritized'], 0, 0, true)),
      ];
      const since = heads.filter(Boolean).map((job) => job.timestamp + (job.delay ?? 0));
      ages[name] = since.length > 0 ? Math.max(0, now - Math.min(...since)) : 0;
    }
    return ages;
  }

  async ping(): Promise<boolean> {
    if (!(await this.producerConnected())) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    });
    try {
      const answer = this.producer.ping().then(
        (reply) => reply === 'PONG',
        () => false,
      );
      return await Promise.race([answer, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.producer, prefix: this.prefix });
      queue.on('error', (error) => this.logger.error({ job: name, err: error }, 'queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /**
   * True when the producer connection is up. Only the very first connect is waited for (briefly);
   * once a connect has failed or an established connection is lost, the answer is immediate.
   */
  private producerConnected(): Promise<boolean> {
    if (this.producer.status === 'ready') return Promise.resolve(true);
    if (!this.firstConnectPending || this.closing) return Promise.resolve(false);
    return new Promise((resolve) => {
      const settle = (connected: boolean) => {
        clearTimeout(timer);
        this.producer.off('ready', onReady);
        this.producer.off('error', onError);
        resolve(connected);
      };
      const onReady = () => settle(true);
      const onError = () => settle(false);
      const timer = setTimeout(() => settle(false), FIRST_CONNECT_TIMEOUT_MS);
      this.producer.once('ready', onReady);
      this.producer.once('error', onError);
    });
  }

  private createConsumerConnection(): Redis {
    const connection = new Redis(this.options.redisUrl, {
      maxRetriesPerRequest: null,
      connectionName: `${this.prefix}-worker`,
    });
    this.watchConnection(connection, 'worker');
    return connection;
  }

  /** Logs an outage once (ioredis reports every reconnect attempt) and its end. */
  private watchConnection(connection: Redis, role: string): void {
    let down = false;
    connection.on('error', (error: Error) => {
      if (down || this.closing) return;
      down = true;
      this.logger.error({ role, err: error }, 'Redis connection lost; reconnecting');
    });
    connection.on('ready', () => {
      if (!down) return;
      down = false;
      this.logger.info({ role }, 'Redis connection back');
    });
  }

  private async runJob(name: string, handler: JobHandler<JobData>, job: Job<JobData>) {
    // A worker blocked waiting for work still takes the job that wakes it, even when paused:
    // hand it straight back (to the front of the queue, no attempt used) for another worker.
    if (this.paused) throw Worker.RateLimitError();
    const id = job.id ?? '';
    const abort = new AbortController();
    this.running.set(id, { name, abort });
    try {
      await handler(job.data, {
        id,
        name,
        attempt: job.attemptsMade + 1,
        attempts: job.opts.attempts ?? 1,
        signal: abort.signal,
      });
    } catch (thrown) {
      const error = toError(thrown);
      this.thrownErrors.set(id, error);
      throw error instanceof UnrecoverableJobError ? new UnrecoverableError(error.message) : error;
    }
  }

  private async onWorkerFailed(name: string, job: Job<JobData> | undefined, error: Error) {
    if (!job?.id) return;
    const thrown = this.thrownErrors.get(job.id) ?? error;
    this.thrownErrors.delete(job.id);
    try {
      // finishedOn is set only when the job went to the failed set, not when a retry is planned.
      if (!job.finishedOn) {
        this.logger.debug({ job: name, id: job.id, err: thrown }, 'job failed; will retry');
        return;
      }
      this.logger.warn(
        { job: name, id: job.id, attemptsMade: job.attemptsMade, err: thrown },
        'job failed for good',
      );
      const failed = {
        name,
        data: job.data,
        id: job.id,
        error: thrown,
        attemptsMade: job.attemptsMade,
      } as FailedJob<Jobs>;
      for (const hook of this.failedHooks) {
        try {
          await hook(failed);
        } catch (hookError) {
          this.logger.error({ job: name, id: job.id, err: hookError }, 'onFailed hook threw');
        }
      }
    } finally {
      this.settled(job.id);
    }
  }

  private settled(id: string | undefined): void {
    if (id === undefined || !this.running.delete(id) || this.running.size > 0) return;
    const waiters = [...this.idleWaiters];
    this.idleWaiters.clear();
    for (const notify of waiters) notify();
  }

  private async shutDown(drainTimeoutMs: number): Promise<void> {
    this.closing = true;
    await this.pause().catch((error: unknown) =>
      this.logger.error({ err: error }, 'pausing workers failed'),
    );
    const drained = await this.drain(drainTimeoutMs);
    if (!drained) {
      // Their locks expire and another worker re-runs them (stalled-job recovery).
      this.logger.warn(
        { running: this.running.size, drainTimeoutMs },
        'queue closed while jobs were still running; they are abandoned',
      );
      for (const job of this.running.values()) job.abort.abort();
    }
    const closing = [
      ...[...this.workers.values()].map((worker) => worker.close(!drained)),
      ...[...this.queues.values()].map((queue) => queue.close()),
    ];
    for (const result of await Promise.allSettled(closing)) {
      if (result.status === 'rejected') {
        this.logger.error({ err: result.reason }, 'closing the queue failed');
      }
    }
    for (const connection of [this.producer, this.consumer]) {
      if (!connection) continue;
      // quit() waits for a reply, which never comes while Redis is away.
      if (connection.status === 'ready')
        await connection.quit().catch(() => connection.disconnect());
      else connection.disconnect();
    }
  }
}

export function createBullMqJobQueue<Jobs extends JobDataMap>(
  options: BullMqJobQueueOptions<Jobs>,
): BullMqJobQueue<Jobs> {
  return new BullMqJobQueue<Jobs>(options);
}
