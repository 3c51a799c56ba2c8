/**
 * The behaviour every JobQueue driver shares (after n8n's `defineJobQueueContractTests`). Each
 * driver's test file calls `defineJobQueueContract(name, factory)`; the factory returns a fresh,
 * isolated queue (the BullMQ one on its own key prefix).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  UnrecoverableJobError,
  type EnqueueOptions,
  type FailedJob,
  type JobContext,
  type JobQueue,
} from './job-queue';

export type ContractJobs = {
  work: { itemId: string };
  other: { itemId: string };
  mixed: { text: string; count: number; flag: boolean; nothing: null };
};

export type ContractQueueFactory = () => JobQueue<ContractJobs> | Promise<JobQueue<ContractJobs>>;

interface Call {
  itemId: string;
  job: JobContext;
  at: number;
}

/** Also shows that `name` narrows `data`. */
const itemIdOf = (job: FailedJob<ContractJobs>) =>
  job.name === 'mixed' ? job.data.text : job.data.itemId;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Waits until the check passes (vitest's poller), long enough for a real Redis. */
const eventually = (check: () => unknown, timeout = 5000) =>
  vi.waitFor(check, { timeout, interval: 10 });

export function defineJobQueueContract(name: string, factory: ContractQueueFactory): void {
  describe(`JobQueue contract: ${name}`, () => {
    const opened: JobQueue<ContractJobs>[] = [];
    const open = async () => {
      const queue = await factory();
      opened.push(queue);
      return queue;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((queue) => queue.close({ drainTimeoutMs: 1000 })));
    });

    /** A processor for 'work' that records each run and runs `body` (default: returns). */
    async function recordingProcessor(
      queue: JobQueue<ContractJobs>,
      body: (call: Call) => Promise<void> | void = () => {},
      concurrency = 1,
    ) {
      const calls: Call[] = [];
      await queue.process(
        'work',
        async (data, job) => {
          const call = { itemId: data.itemId, job, at: Date.now() };
          calls.push(call);
          await body(call);
        },
        { concurrency },
      );
      return calls;
    }

    it('delivers an enqueued job to the processor exactly once', async () => {
      const queue = await open();
      const calls = await recordingProcessor(queue);
      const { id, deduplicated } = await queue.enqueue('work', { itemId: 'listing-1' });

      await eventually(() => expect(calls).toHaveLength(1));
      await sleep(300);
      expect(calls).toHaveLength(1);
      expect(deduplicated).toBe(false);
      expect(calls[0]).toMatchObject({
        itemId: 'listing-1',
        job: { id, name: 'work', attempt: 1, attempts: 1 },
      });
    });

    it('runs jobs that were enqueued before the processor was registered', async () => {
      const queue = await open();
      await queue.enqueue('work', { itemId: 'early-1' });
      await queue.enqueue('work', { itemId: 'early-2' });
      const calls = await recordingProcessor(queue);

      await eventually(() =>
        expect(calls.map((call) => call.itemId).sort()).toEqual(['early-1', 'early-2']),
      );
    });

    it('runs low-priority jobs after the ready jobs without one, even those added later', async () => {
      const queue = await open();
      await queue.enqueue('work', { itemId: 'batched-1' }, { priority: 'low' });
      await queue.enqueue('work', { itemId: 'batched-2' }, { priority: 'low' });
      await queue.enqueue('work', { itemId: 'at-once-1' });
      await queue.enqueue('work', { itemId: 'at-once-2' }, { priority: 'normal' });
      const calls = await recordingProcessor(queue);

      await eventually(() => expect(calls).toHaveLength(4));
      expect(calls.map((call) => call.itemId)).toEqual([
        'at-once-1',
        'at-once-2',
        'batched-1',
        'batched-2',
      ]);
    });

    it('hands the handler the data as it round-trips through JSON, as a copy', async () => {
      const queue = await open();
      const received: unknown[] = [];
      await queue.process('mixed', (data) => void received.push(data), { concurrency: 1 });
      const data = { text: 'café "€" \n', count: 42.5, flag: false, nothing: null };
      await queue.enqueue('mixed', data);
      data.text = 'changed after enqueue';

      await eventually(() => expect(received).toHaveLength(1));
      expect(received[0]).toEqual({ text: 'café "€" \n', count: 42.5, flag: false, nothing: null });
    });

    it.each([
      ['a nested object', { itemId: { id: 1 } }],
      ['an array', { itemId: ['a'] }],
      ['a Date', { itemId: new Date() }],
      ['undefined', { itemId: undefined }],
      ['NaN', { itemId: Number.NaN }],
      ['a function', { itemId: () => 1 }],
    ])('rejects data that is not ids only: %s', async (_case, data) => {
      const queue = await open();
      const calls = await recordingProcessor(queue);

      await expect(queue.enqueue('work', data as unknown as ContractJobs['work'])).rejects.toThrow(
        TypeError,
      );
      await sleep(100);
      expect(calls).toHaveLength(0);
    });

    it.each<[string, EnqueueOptions]>([
      ['an empty jobId', { jobId: '' }],
      ['a negative delay', { delayMs: -1 }],
      ['zero attempts', { attempts: 0 }],
      ['fractional attempts', { attempts: 1.5 }],
      ['an unknown priority', { priority: 'high' as EnqueueOptions['priority'] }],
    ])('rejects %s', async (_case, options) => {
      const queue = await open();
      await expect(queue.enqueue('work', { itemId: 'x' }, options)).rejects.toThrow(TypeError);
    });

    it('ignores a second enqueue with the same jobId while the first is pending', async () => {
      const queue = await open();
      const calls = await recordingProcessor(queue);
      const first = await queue.enqueue(
        'work',
        { itemId: 'first' },
        { jobId: 'search-7', delayMs: 300 },
      );
      const second = await queue.enqueue('work', { itemId: 'second' }, { jobId: 'search-7' });
      const otherKey = await queue.enqueue('work', { itemId: 'other-key' }, { jobId: 'search-8' });

      expect(second).toEqual({ id: first.id, deduplicated: true });
      expect(otherKey.deduplicated).toBe(false);
      await eventually(() => expect(calls).toHaveLength(2));
      await sleep(200);
      expect(calls.map((call) => call.itemId).sort()).toEqual(['first', 'other-key']);
    });

    it('ignores a second enqueue with the same jobId while the first is running', async () => {
      const queue = await open();
      const release = deferred();
      const calls = await recordingProcessor(queue, () => release.promise);
      await queue.enqueue('work', { itemId: 'running' }, { jobId: 'deliver-1' });
      await eventually(() => expect(calls).toHaveLength(1));

      const again = await queue.enqueue('work', { itemId: 'again' }, { jobId: 'deliver-1' });
      release.resolve();
      expect(again.deduplicated).toBe(true);
      await sleep(300);
      expect(calls.map((call) => call.itemId)).toEqual(['running']);
    });

    it('accepts the same jobId again once the first job has completed (the next check of a search)', async () => {
      const queue = await open();
      const calls = await recordingProcessor(queue);
      await queue.enqueue('work', { itemId: 'check-1' }, { jobId: 'search-9' });
      await eventually(() => expect(calls).toHaveLength(1));
      // Completed once it no longer runs: only then is its jobId free again.
      await eventually(async () => expect((await queue.counts(['work'])).work?.active).toBe(0));

      const next = await queue.enqueue('work', { itemId: 'check-2' }, { jobId: 'search-9' });
      expect(next.deduplicated).toBe(false);
      await eventually(() =>
        expect(calls.map((call) => call.itemId)).toEqual(['check-1', 'check-2']),
      );
    });

    it('accepts the same jobId again once the first job has failed for good', async () => {
      const queue = await open();
      const failed: string[] = [];
      queue.onFailed((job) => void failed.push(itemIdOf(job)));
      const calls = await recordingProcessor(queue, (call) => {
        if (call.itemId === 'bad') throw new Error('no');
      });
      await queue.enqueue('work', { itemId: 'bad' }, { jobId: 'deliver-2' });
      await eventually(() => expect(failed).toEqual(['bad']));

      const retry = await queue.enqueue('work', { itemId: 'good' }, { jobId: 'deliver-2' });
      expect(retry.deduplicated).toBe(false);
      await eventually(() => expect(calls.map((call) => call.itemId)).toEqual(['bad', 'good']));
    });

    it('does not run a delayed job before its delay has passed', async () => {
      const queue = await open();
      const calls = await recordingProcessor(queue);
      const enqueuedAt = Date.now();
      await queue.enqueue('work', { itemId: 'later' }, { delayMs: 600 });

      await sleep(350);
      expect(calls).toHaveLength(0);
      await eventually(() => expect(calls).toHaveLength(1));
      expect(calls[0]!.at - enqueuedAt).toBeGreaterThanOrEqual(590);
    });

    it('retries with exponential backoff, then fails and calls onFailed once with the attempts made', async () => {
      const queue = await open();
      const failures: FailedJob<ContractJobs>[] = [];
      queue.onFailed((job) => void failures.push(job));
      const calls = await recordingProcessor(queue, (call) => {
        throw new Error(`smtp down (run ${call.job.attempt})`);
      });
      await queue.enqueue(
        'work',
        { itemId: 'delivery-3' },
        { attempts: 3, backoff: { type: 'exponential', delayMs: 150 } },
      );

      await eventually(() => expect(failures).toHaveLength(1));
      await sleep(200);
      expect(failures).toHaveLength(1);
      expect(calls.map((call) => [call.job.attempt, call.job.attempts])).toEqual([
        [1, 3],
        [2, 3],
        [3, 3],
      ]);
      const [firstGap, secondGap] = [calls[1]!.at - calls[0]!.at, calls[2]!.at - calls[1]!.at];
      expect(firstGap).toBeGreaterThanOrEqual(140); // 150 ms
      expect(secondGap).toBeGreaterThanOrEqual(290); // 300 ms: doubled
      expect(failures[0]).toMatchObject({
        name: 'work',
        data: { itemId: 'delivery-3' },
        attemptsMade: 3,
        id: calls[0]!.job.id,
      });
      expect(failures[0]!.error.message).toBe('smtp down (run 3)');
    });

    it('waits the same time before every retry with a fixed backoff', async () => {
      const queue = await open();
      const calls = await recordingProcessor(queue, (call) => {
        if (call.job.attempt < 3) throw new Error('busy');
      });
      await queue.enqueue(
        'work',
        { itemId: 'fixed' },
        { attempts: 3, backoff: { type: 'fixed', delayMs: 200 } },
      );

      await eventually(() => expect(calls).toHaveLength(3));
      expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(190);
      expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(190);
      expect(calls[2]!.at - calls[1]!.at).toBeLessThan(390); // not doubled
    });

    it('does not call onFailed when a retry succeeds', async () => {
      const queue = await open();
      const failures: FailedJob<ContractJobs>[] = [];
      queue.onFailed((job) => void failures.push(job));
      const calls = await recordingProcessor(queue, (call) => {
        if (call.job.attempt === 1) throw new Error('timeout');
      });
      await queue.enqueue('work', { itemId: 'flaky' }, { attempts: 3 });

      await eventually(() => expect(calls).toHaveLength(2));
      await sleep(200);
      expect(calls).toHaveLength(2);
      expect(failures).toEqual([]);
    });

    it('fails at once without retries on UnrecoverableJobError', async () => {
      const queue = await open();
      const failures: FailedJob<ContractJobs>[] = [];
      queue.onFailed((job) => void failures.push(job));
      const calls = await recordingProcessor(queue, () => {
        throw new UnrecoverableJobError('Telegram: bot was blocked by the user');
      });
      await queue.enqueue(
        'work',
        { itemId: 'blocked' },
        { attempts: 5, backoff: { type: 'fixed', delayMs: 50 } },
      );

      await eventually(() => expect(failures).toHaveLength(1));
      await sleep(300);
      expect(calls).toHaveLength(1);
      expect(failures[0]!.attemptsMade).toBe(1);
      expect(failures[0]!.error).toBeInstanceOf(UnrecoverableJobError);
      expect(failures[0]!.error.message).toBe('Telegram: bot was blocked by the user');
    });

    it('fails after one run when no attempts are given', async () => {
      const queue = await open();
      const failures: number[] = [];
      queue.onFailed((job) => void failures.push(job.attemptsMade));
      const calls = await recordingProcessor(queue, () => {
        throw new Error('nope');
      });
      await queue.enqueue('work', { itemId: 'once' });

      await eventually(() => expect(failures).toEqual([1]));
      expect(calls).toHaveLength(1);
    });

    it('keeps running jobs when an onFailed hook throws', async () => {
      const queue = await open();
      queue.onFailed(() => {
        throw new Error('hook broke');
      });
      const calls = await recordingProcessor(queue, (call) => {
        if (call.itemId === 'bad') throw new Error('bad job');
      });
      await queue.enqueue('work', { itemId: 'bad' });
      await queue.enqueue('work', { itemId: 'good' });

      await eventually(() => expect(calls.map((call) => call.itemId)).toEqual(['bad', 'good']));
    });

    it('stops calling a hook once it is removed', async () => {
      const queue = await open();
      const seen: string[] = [];
      const remove = queue.onFailed((job) => void seen.push(itemIdOf(job)));
      await recordingProcessor(queue, () => {
        throw new Error('x');
      });
      await queue.enqueue('work', { itemId: 'one' });
      await eventually(() => expect(seen).toEqual(['one']));

      remove();
      await queue.enqueue('work', { itemId: 'two' });
      await sleep(300);
      expect(seen).toEqual(['one']);
    });

    it.each([1, 3])('never runs more than %i job(s) of a name at once', async (concurrency) => {
      const queue = await open();
      let running = 0;
      let peak = 0;
      const calls = await recordingProcessor(
        queue,
        async () => {
          running += 1;
          peak = Math.max(peak, running);
          await sleep(80);
          running -= 1;
        },
        concurrency,
      );
      for (let i = 0; i < 8; i += 1) await queue.enqueue('work', { itemId: `item-${i}` });

      await eventually(() => expect(calls).toHaveLength(8));
      await eventually(() => expect(running).toBe(0));
      expect(peak).toBe(concurrency);
    });

    it('limits concurrency per job name: a busy name does not hold up another', async () => {
      const queue = await open();
      const release = deferred();
      await recordingProcessor(queue, () => release.promise, 1);
      const other: string[] = [];
      await queue.process('other', (data) => void other.push(data.itemId), { concurrency: 1 });
      await queue.enqueue('work', { itemId: 'stuck' });
      await queue.enqueue('other', { itemId: 'free' });

      await eventually(() => expect(other).toEqual(['free']));
      release.resolve();
    });

    it('refuses a second processor for the same name', async () => {
      const queue = await open();
      await recordingProcessor(queue);
      await expect(queue.process('work', () => {}, { concurrency: 1 })).rejects.toThrow('already');
    });

    it('takes no new jobs while paused and picks them up after resume()', async () => {
      const queue = await open();
      const calls = await recordingProcessor(queue);
      await sleep(200); // the worker now idles, waiting for work
      await queue.pause();
      await queue.enqueue('work', { itemId: 'while-paused' });

      await sleep(400);
      expect(calls).toHaveLength(0);
      await queue.resume();
      await eventually(() => expect(calls).toHaveLength(1));
    });

    it('drain() says whether the running jobs finished within the time given', async () => {
      const queue = await open();
      const release = deferred();
      const calls = await recordingProcessor(queue, () => release.promise);
      await queue.enqueue('work', { itemId: 'long' });
      await eventually(() => expect(calls).toHaveLength(1));

      await expect(queue.drain(150)).resolves.toBe(false);
      setTimeout(release.resolve, 100);
      await expect(queue.drain(3000)).resolves.toBe(true);
    });

    it('close() lets the running job finish and starts no new one', async () => {
      const queue = await open();
      const finished: string[] = [];
      const calls = await recordingProcessor(queue, async (call) => {
        await sleep(400);
        finished.push(call.itemId);
      });
      await queue.enqueue('work', { itemId: 'running' });
      await queue.enqueue('work', { itemId: 'queued' });
      await eventually(() => expect(calls).toHaveLength(1));

      await queue.close({ drainTimeoutMs: 5000 });
      expect(finished).toEqual(['running']);
      await sleep(300);
      expect(calls.map((call) => call.itemId)).toEqual(['running']);
      await expect(queue.enqueue('work', { itemId: 'after-close' })).rejects.toThrow('closed');
    });

    it('close() waits for the onFailed hook of a job that fails while draining', async () => {
      const queue = await open();
      const recorded: string[] = [];
      queue.onFailed(async (job) => {
        await sleep(150);
        recorded.push(itemIdOf(job));
      });
      const calls = await recordingProcessor(queue, async () => {
        await sleep(200);
        throw new UnrecoverableJobError('mailbox does not exist');
      });
      await queue.enqueue('work', { itemId: 'delivery-9' });
      await eventually(() => expect(calls).toHaveLength(1));

      await queue.close({ drainTimeoutMs: 5000 });
      expect(recorded).toEqual(['delivery-9']);
    });

    it('close() gives up after drainTimeoutMs and aborts the job signal', async () => {
      const queue = await open();
      let aborted = false;
      const calls = await recordingProcessor(
        queue,
        (call) =>
          new Promise<void>((resolve) => {
            call.job.signal.addEventListener('abort', () => {
              aborted = true;
              resolve();
            });
          }),
      );
      await queue.enqueue('work', { itemId: 'hangs' });
      await eventually(() => expect(calls).toHaveLength(1));

      const started = Date.now();
      await queue.close({ drainTimeoutMs: 300 });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(aborted).toBe(true);
    });

    it('counts waiting, delayed and failed jobs per name', async () => {
      const queue = await open();
      await queue.enqueue('other', { itemId: 'w1' });
      await queue.enqueue('other', { itemId: 'w2' });
      await queue.enqueue('other', { itemId: 'd1' }, { delayMs: 60_000 });
      await recordingProcessor(queue, () => {
        throw new Error('fails');
      });
      await queue.enqueue('work', { itemId: 'f1' });

      await eventually(async () =>
        expect(await queue.counts()).toEqual({
          other: { waiting: 2, active: 0, delayed: 1, failed: 0 },
          work: { waiting: 0, active: 0, delayed: 0, failed: 1 },
        }),
      );
    });

    it('counts the names asked for, also those it has not seen', async () => {
      const queue = await open();
      await queue.enqueue('other', { itemId: 'w1' });
      expect(await queue.counts(['work'])).toEqual({
        work: { waiting: 0, active: 0, delayed: 0, failed: 0 },
      });
    });

    it('tells how long the ready job that waited longest has waited, per name', async () => {
      const queue = await open();
      expect(await queue.oldestWaitingMs(['other'])).toEqual({ other: 0 });
      await queue.enqueue('other', { itemId: 'w1' });
      // Longer than the 400 ms asserted: a timer and the wall clock may differ by a millisecond.
      await new Promise((resolve) => setTimeout(resolve, 450));
      await queue.enqueue('other', { itemId: 'w2' });
      // A delayed job is not ready: it does not wait for a worker yet.
      await queue.enqueue('other', { itemId: 'd1' }, { delayMs: 60_000 });
      const { other } = await queue.oldestWaitingMs(['other']);
      expect(other).toBeGreaterThanOrEqual(400);
      expect(other).toBeLessThan(10_000);
    });

    it('answers ping() while open', async () => {
      const queue = await open();
      await expect(queue.ping()).resolves.toBe(true);
    });
  });
}
