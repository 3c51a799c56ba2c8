/**
 * The job queue of this process: in-process when no REDIS_URL is set (embedded default), BullMQ
 * on Redis otherwise (scale-out: producers and workers in separate processes).
 */
import type { Logger } from '../logger';
import { createBullMqJobQueue, type BullMqWorkerSettings } from './bullmq-queue';
import type { JobDataMap, JobDefaults, JobName, JobQueue } from './job-queue';
import { createMemoryJobQueue } from './memory-queue';

export * from './job-queue';
export * from './jobs';
export { BullMqJobQueue, DEFAULT_QUEUE_PREFIX, DEFAULT_WORKER_SETTINGS } from './bullmq-queue';
export type { BullMqJobQueueOptions, BullMqWorkerSettings } from './bullmq-queue';
export { MemoryJobQueue } from './memory-queue';
export type { MemoryJobQueueOptions } from './memory-queue';

export interface CreateJobQueueOptions<Jobs extends JobDataMap> {
  /** config.redisUrl: BullMQ when set, in-process otherwise. */
  redisUrl?: string | null;
  logger: Logger;
  /** Redis key prefix (BullMQ only); default 'prijsalarm'. */
  prefix?: string;
  /** Attempts and backoff per job name, used where enqueue does not say. */
  defaults?: Partial<Record<JobName<Jobs>, JobDefaults>>;
  /** Lock and stall-check timings (BullMQ only). */
  worker?: BullMqWorkerSettings;
}

export function createJobQueue<Jobs extends JobDataMap>(
  options: CreateJobQueueOptions<Jobs>,
): JobQueue<Jobs> {
  const { redisUrl, logger, prefix, defaults, worker } = options;
  if (redisUrl) return createBullMqJobQueue<Jobs>({ redisUrl, logger, prefix, defaults, worker });
  return createMemoryJobQueue<Jobs>({ logger, defaults });
}
