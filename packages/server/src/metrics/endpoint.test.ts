/**
 * Where /metrics answers: on the web role's port only once METRICS_TOKEN is set (404 before), and
 * for a process without the web role (a worker, the scheduler) on METRICS_PORT, with the probes
 * an orchestrator watches. What it counts is tested end to end in tests/e2e-engine/metrics.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAlert } from '../../test/factories';
import { metricValue, parseMetrics } from '../../test/metrics';
import { startTestServer, type TestServer } from '../../test/support';

const TOKEN = 'metrics-test-token-0123456789';
/** Nothing listens here: a check that ran would fail at once, never leave the machine. */
const NOWHERE = 'http://127.0.0.1:9';

describe('the web role without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mailbox: false });
  });
  afterAll(() => server?.stop());

  it('answers /metrics 404, with or without a token', async () => {
    const asked: Array<Record<string, string>> = [{}, { authorization: `Bearer ${TOKEN}` }];
    for (const headers of asked) {
      const response = await fetch(`${server.baseUrl}/metrics`, { headers });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Niet gevonden.' });
    }
  });
});

describe('a worker and scheduler process with METRICS_PORT', () => {
  let server: TestServer;
  let url: string;
  beforeAll(async () => {
    server = await startTestServer({
      mailbox: false,
      env: {
        SERVICES: 'worker,scheduler',
        METRICS_TOKEN: TOKEN,
        METRICS_PORT: '0',
        ENGINE_FEED: 'off',
        SCHEDULER_TICK_MS: '200',
        MARKTPLAATS_BASE_URL: NOWHERE,
        TWEEDEHANDS_BASE_URL: NOWHERE,
      },
    });
    url = server.app.monitoring!.url;
  });
  afterAll(() => server?.stop());

  it('has no web server, but answers /metrics on a port of its own', async () => {
    expect(server.app.web).toBeNull();
    const response = await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    const samples = parseMetrics(await response.text());
    expect(metricValue(samples, 'prijsalarm_build_info', { services: 'worker,scheduler' })).toBe(1);
    // Its roles' metrics: the scheduler's view of the installation, the worker's sends.
    expect(
      metricValue(samples, 'prijsalarm_queue_jobs', { job: 'check-search', state: 'waiting' }),
    ).toBe(0);
    expect(metricValue(samples, 'prijsalarm_database_size_bytes')).toBeGreaterThan(0);
    expect(
      metricValue(samples, 'prijsalarm_sends_total', { channel: 'email', outcome: 'sent' }),
    ).toBe(0);
  });

  it("counts an alert's search among the searches polling has to reach", async () => {
    await createAlert(server.models, { searchTerm: 'fiets', platforms: ['marktplaats'] });
    const searches = async () => {
      const response = await fetch(`${url}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      return metricValue(parseMetrics(await response.text()), 'prijsalarm_searches', {
        platform: 'marktplaats',
      });
    };
    // in_time once its first check ran, behind until then (its host is nowhere): one search.
    await expect.poll(searches, { timeout: 10_000 }).toBe(1);
  });

  it('refuses a missing or wrong token and knows no other path', async () => {
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const other = await fetch(`${url}/api/categories`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(other.status).toBe(404);
  });

  it('answers the probes as the web role does: alive, and ready while the database answers; metrics still', async () => {
    const healthz = await fetch(`${url}/healthz`);
    expect(healthz.status).toBe(200);
    expect(await healthz.json()).toEqual({ status: 'ok' });
    const readyz = await fetch(`${url}/readyz`);
    expect(readyz.status).toBe(200);
    expect(await readyz.json()).toEqual({ status: 'ok', database: 'ok' });

    // The database stops answering.
    const query = vi
      .spyOn(server.sequelize, 'query')
      .mockRejectedValue(new Error('connect ECONNREFUSED'));
    try {
      const down = await fetch(`${url}/readyz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      // The scrape still answers: what the database would tell is left out, the rest is there.
      const scrape = await fetch(`${url}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(scrape.status).toBe(200);
      const samples = parseMetrics(await scrape.text());
      expect(metricValue(samples, 'prijsalarm_build_info')).toBe(1);
      expect(samples.some((sample) => sample.name === 'prijsalarm_searches')).toBe(false);
    } finally {
      query.mockRestore();
    }
  });
});
