/**
 * A worker process for the BullMQ tests: processes 'check-search' and reports on stdout, one JSON
 * line per event. Env: REDIS_URL, QUEUE_PREFIX, HANG=1 (the job never ends, to be SIGKILLed),
 * WORK_MS (job length otherwise). SIGTERM closes the queue gracefully, as the worker role does.
 */
import { createLogger } from '../../logger';
import { createJobQueue, type AlertEngineJobs } from '../index';

const report = (event: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ pid: process.pid, ...event })}\n`);

const queue = createJobQueue<AlertEngineJobs>({
  redisUrl: process.env.REDIS_URL,
  prefix: process.env.QUEUE_PREFIX,
  logger: createLogger({ level: 'silent' }),
  // Short locks so a killed worker's job is recovered within seconds, not a minute.
  worker: { lockDurationMs: 1000, stalledIntervalMs: 500 },
});

process.on('SIGTERM', () => {
  report({ event: 'sigterm' });
  void queue.close({ drainTimeoutMs: 10_000 }).then(() => {
    report({ event: 'closed' });
    process.exit(0);
  });
});

await queue.process(
  'check-search',
  async (data, job) => {
    report({ event: 'start', id: job.id, attempt: job.attempt, searchKey: data.searchKey });
    if (process.env.HANG === '1') await new Promise(() => {});
    await new Promise((resolve) => setTimeout(resolve, Number(process.env.WORK_MS ?? 0)));
    report({ event: 'done', id: job.id, searchKey: data.searchKey });
  },
  { concurrency: 1 },
);
report({ event: 'ready' });
