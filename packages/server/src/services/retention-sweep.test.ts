/** The scheduler's retention sweep prunes on its own, and says what each run pruned. */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createLogger } from '../logger';
import { startTestServer, type TestServer } from '../../test/support';
import { startRetentionSweep } from './retention-sweep';

let server: TestServer;
beforeAll(async () => (server = await startTestServer({ mailbox: false })));
afterAll(() => server?.stop());

it('prunes old rows in batches on its next round, logging the counts and the running totals', async () => {
  const { SetAsideListing } = server.models;
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(Date.now() - 60 * 24 * 60 * 60 * 1000);
    for (let i = 0; i < 5; i += 1) {
      await SetAsideListing.create({
        platform: 'marktplaats',
        listingId: `m${i}`,
        stage: 'feed-store',
        reason: 'kapot',
        snippet: '…',
      });
    }
  } finally {
    vi.useRealTimers();
  }
  const young = await SetAsideListing.create({
    platform: 'marktplaats',
    listingId: 'nieuw',
    stage: 'feed-store',
    reason: 'kapot',
    snippet: '…',
  });
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({
    level: 'info',
    destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
  const sweep = startRetentionSweep({ ...server.ctx, logger }, { intervalMs: 50, batchRows: 2 });
  try {
    await expect
      .poll(() => lines.find((line) => line.msg === 'retention: expired rows pruned'), {
        timeout: 5000,
      })
      .toMatchObject({
        component: 'retention',
        pruned: { setAsideListings: 5 },
        batches: 3,
        totals: { setAsideListings: 5 },
      });
  } finally {
    await sweep.stop();
  }
  expect(sweep.totals()).toEqual({ setAsideListings: 5 });
  expect((await SetAsideListing.findAll()).map((row) => row.id)).toEqual([young.id]);
});
