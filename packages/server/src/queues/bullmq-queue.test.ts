import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, inject, it, vi } from 'vitest';
import { getFreePort } from '../../test/ports';
import { createLogger } from '../logger';
import { BullMqJobQueue } from './bullmq-queue';
import { createJobQueue, type AlertEngineJobs } from './index';
import { defineJobQueueContract, type ContractJobs } from './job-queue.contract';

const redisUrl = inject('redisUrl');
const logger = createLogger({
  level: (process.env.TEST_LOG_LEVEL as 'silent' | undefined) ?? 'silent',
});
/** Every queue on its own key prefix: tests (and the two server projects) share one Redis. */
const freshPrefix = () => `test-${randomUUID()}`;

if (!redisUrl) console.warn('⚠  No Redis (SKIP_REDIS=1): the BullMQ queue tests are skipped.');

describe.skipIf(!redisUrl)('BullMQ driver', () => {
  defineJobQueueContract(
    'bullmq',
    () => new BullMqJobQueue<ContractJobs>({ redisUrl, logger, prefix: freshPrefix() }),
  );

  it('is what createJobQueue returns when REDIS_URL is set', async () => {
    const queue = createJobQueue<ContractJobs>({ redisUrl, logger, prefix: freshPrefix() });
    expect(queue.driver).toBe('bullmq');
    await queue.close();
  });

  describe('when Redis cannot be reached', () => {
    let queue: BullMqJobQueue<ContractJobs>;
    afterAll(() => queue.close({ drainTimeoutMs: 100 }));

    it('fails enqueue at once and answers ping() with false', async () => {
      const deadPort = await getFreePort();
      queue = new BullMqJobQueue<ContractJobs>({
        redisUrl: `redis://127.0.0.1:${deadPort}`,
        logger,
      });
      const started = Date.now();
      await expect(queue.enqueue('work', { itemId: 'x' })).rejects.toThrow(
        'Redis is not reachable',
      );
      await expect(queue.ping()).resolves.toBe(false);
      expect(Date.now() - started).toBeLessThan(1000);
    });
  });

  describe('with the worker in its own process', () => {
    const fixture = fileURLToPath(
      new URL('./test-fixtures/queue-worker-process.ts', import.meta.url),
    );
    const children: ChildProcess[] = [];
    const queues: BullMqJobQueue<AlertEngineJobs>[] = [];
    afterEach(async () => {
      for (const child of children.splice(0)) {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      await Promise.all(queues.splice(0).map((queue) => queue.close({ drainTimeoutMs: 100 })));
    });

    interface WorkerEvent {
      pid: number;
      event: string;
      id?: string;
      attempt?: number;
      searchKey?: string;
    }

    /** Starts the fixture with node itself (not the tsx CLI wrapper), so the PID is the worker's. */
    function startWorker(prefix: string, env: Record<string, string>) {
      const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        env: { ...process.env, REDIS_URL: redisUrl, QUEUE_PREFIX: prefix, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      const events: WorkerEvent[] = [];
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith('{')) events.push(JSON.parse(line) as WorkerEvent);
      });
      const waitFor = (event: string, timeout = 15_000) =>
        vi.waitFor(
          () => {
            const found = events.find((e) => e.event === event);
            if (!found) throw new Error(`worker ${child.pid} did not report "${event}"`);
            return found;
          },
          { timeout, interval: 20 },
        );
      const exited = new Promise<number | null>((resolve) =>
        child.once('exit', (code) => resolve(code)),
      );
      return { child, events, waitFor, exited };
    }

    function producer(prefix: string) {
      const queue = new BullMqJobQueue<AlertEngineJobs>({ redisUrl, logger, prefix });
      queues.push(queue);
      return queue;
    }

    it('re-runs the job of a SIGKILLed worker process in a new worker process (stalled recovery)', async () => {
      const prefix = freshPrefix();
      const first = startWorker(prefix, { HANG: '1' });
      await first.waitFor('ready');
      const queue = producer(prefix);
      const { id } = await queue.enqueue('check-search', { searchKey: 'marktplaats-fiets' });
      const start = await first.waitFor('start');
      expect(start).toMatchObject({ id, attempt: 1, searchKey: 'marktplaats-fiets' });

      first.child.kill('SIGKILL');
      await first.exited;
      const second = startWorker(prefix, { WORK_MS: '0' });

      // Stalls do not use attempts: the same job, still on its first attempt, now completes.
      expect(await second.waitFor('start')).toMatchObject({
        id,
        attempt: 1,
        pid: second.child.pid,
      });
      await second.waitFor('done');
      await vi.waitFor(
        async () =>
          expect((await queue.counts())['check-search']).toEqual({
            waiting: 0,
            active: 0,
            delayed: 0,
            failed: 0,
          }),
        { timeout: 5000 },
      );
      expect([...first.events, ...second.events].filter((e) => e.event === 'start')).toHaveLength(
        2,
      );
    }, 40_000);

    it('lets the running job finish when the worker process gets SIGTERM, and leaves the rest queued', async () => {
      const prefix = freshPrefix();
      const worker = startWorker(prefix, { WORK_MS: '1500' });
      await worker.waitFor('ready');
      const queue = producer(prefix);
      await queue.enqueue('check-search', { searchKey: 'running' });
      await queue.enqueue('check-search', { searchKey: 'queued' });
      await worker.waitFor('start');

      worker.child.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
      expect(worker.events.map((e) => [e.event, e.searchKey])).toEqual([
        ['ready', undefined],
        ['start', 'running'],
        ['sigterm', undefined],
        ['done', 'running'],
        ['closed', undefined],
      ]);
      expect((await queue.counts())['check-search']).toMatchObject({ waiting: 1, active: 0 });
    }, 30_000);
  });
});
