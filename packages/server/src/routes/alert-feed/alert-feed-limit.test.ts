/**
 * The feed's rate limit, on a server of its own (the models are bound to one server per file):
 * feed requests count per address under their own name, wrong tokens included.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMITS: 'alert-feed-ip=2/900' } });
});
afterAll(() => server.stop());

it('refuses the third feed request from one address with a 429 and Retry-After', async () => {
  const feed = `${server.baseUrl}/api/alerts/feed/${'x'.repeat(43)}`;
  expect((await fetch(feed)).status).toBe(404);
  expect((await fetch(feed)).status).toBe(404);
  const refused = await fetch(feed);
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBeTruthy();
  // The manage links keep their own budget.
  expect((await fetch(`${server.baseUrl}/api/alerts/manage/${'x'.repeat(43)}`)).status).toBe(404);
});
