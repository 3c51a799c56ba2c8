import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createJobQueue } from './index';
import { defineJobQueueContract, type ContractJobs } from './job-queue.contract';
import { MemoryJobQueue } from './memory-queue';

const logger = createLogger({ level: 'silent' });

defineJobQueueContract('memory', () => new MemoryJobQueue<ContractJobs>({ logger }));

describe('createJobQueue', () => {
  it.each([
    ['no REDIS_URL', undefined],
    ['REDIS_URL null (config default)', null],
    ['REDIS_URL empty', ''],
  ])('uses the in-process driver with %s', async (_case, redisUrl) => {
    const queue = createJobQueue<ContractJobs>({ redisUrl, logger });
    expect(queue.driver).toBe('memory');
    await queue.close();
  });

  it('applies per-name defaults where enqueue does not say', async () => {
    const queue = createJobQueue<ContractJobs>({
      logger,
      defaults: { work: { attempts: 2 } },
    });
    const attempts: number[] = [];
    await queue.process(
      'work',
      (_data, job) => {
        attempts.push(job.attempt);
        throw new Error('fails');
      },
      { concurrency: 1 },
    );
    await queue.enqueue('work', { itemId: 'x' });
    // Failed for good only after its last attempt: then no third one can follow.
    await expect.poll(async () => (await queue.counts()).work?.failed).toBe(1);
    expect(attempts).toEqual([1, 2]);
    await queue.close();
  });
});
