/**
 * vitest globalSetup of the server projects: one throwaway Redis for the run (tests isolate
 * themselves by key prefix), stopped by PID at the end. TEST_REDIS_URL uses a running Redis
 * instead; SKIP_REDIS=1 skips the Redis tests with a warning.
 */
import type { TestProject } from 'vitest/node';
import { startRedis } from './redis';

export default async function setup(project: TestProject) {
  if (process.env.SKIP_REDIS === '1') {
    console.warn('\n⚠  SKIP_REDIS=1: the BullMQ (Redis) queue tests are skipped.\n');
    project.provide('redisUrl', '');
    return;
  }
  if (process.env.TEST_REDIS_URL) {
    project.provide('redisUrl', process.env.TEST_REDIS_URL);
    return;
  }
  const server = await startRedis();
  project.provide('redisUrl', server.url);
  return async () => {
    await server.stop();
  };
}
