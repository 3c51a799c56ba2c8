/**
 * Error reporting against a local double of the envelope endpoint, with the real @sentry/node:
 * a 5xx is one event with its stack and nothing personal in it, a 4xx is none, and without
 * SENTRY_DSN nothing is sent. One file, in this order: the SDK is global to the process.
 */
import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSentryDouble, type SentryDouble } from '../../../../tests/doubles/sentry';
import { startTestServer, type TestServer } from '../../test/support';
import { HttpError } from '../http/errors';
import { flushErrorReports, reportError, scrubServerText, startErrorReporting } from '.';

const EMAIL = 'jan.jansen@example.nl';
const TOKEN = 'Xk3vQ9mZp2LrT7wYb4NcHs8d';
const RELEASE = 'prijsalarm@9.9.9-test';

function throwingRoutes(): Router {
  const router = Router();
  router.get('/boom', () => {
    throw new Error(`database exploded for ${EMAIL} with token ${TOKEN}`);
  });
  router.get('/refused', () => {
    throw HttpError.badRequest();
  });
  return router;
}

let double: SentryDouble;
let server: TestServer;

beforeAll(async () => {
  double = await startSentryDouble();
  server = await startTestServer({
    mailbox: false,
    extraApiRouters: [['/__test', throwingRoutes()]],
  });
});
afterAll(async () => {
  await server?.stop();
  await double?.stop();
});

describe('without SENTRY_DSN', () => {
  it('starts nothing and sends nothing, even for a 500', async () => {
    expect(startErrorReporting(server.config.errorReporting)).toBe(false);
    expect((await server.client().get('/api/__test/boom')).status).toBe(500);
    reportError(new Error('not sent'));
    await flushErrorReports();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(double.items).toEqual([]);
  });

  it('tells the web app there is no DSN', async () => {
    const res = await server.client().get('/api/error-reporting/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ dsn: null, environment: null, release: null });
  });
});

describe('with SENTRY_DSN pointing at the double', () => {
  beforeAll(() => {
    expect(
      startErrorReporting({ dsn: double.dsn('7'), environment: 'test', release: RELEASE }),
    ).toBe(true);
  });

  it('reports a route that throws once, with its stack, without e-mail or token', async () => {
    double.clear();
    expect((await server.client().get(`/api/__test/boom?email=${EMAIL}`)).status).toBe(500);
    await flushErrorReports();
    const [event, ...more] = await double.waitForEvents(1);
    expect(more).toEqual([]);
    expect(event!.project).toBe('7');
    const payload = event!.payload as {
      environment: string;
      release: string;
      exception: {
        values: Array<{ type: string; value: string; stacktrace: { frames: unknown[] } }>;
      };
    };
    expect(payload.environment).toBe('test');
    expect(payload.release).toBe(RELEASE);
    const [exception] = payload.exception.values;
    expect(exception!.type).toBe('Error');
    expect(exception!.value).toContain('database exploded');
    expect(exception!.stacktrace.frames.length).toBeGreaterThan(0);
    const everything = JSON.stringify(double.items);
    expect(everything).not.toContain(EMAIL);
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toMatch(/cookie/i);
  });

  it('does not report a 4xx', async () => {
    double.clear();
    expect((await server.client().get('/api/__test/refused')).status).toBe(400);
    expect((await server.client().get('/api/no-such-route')).status).toBe(404);
    await flushErrorReports();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(double.events()).toEqual([]);
  });

  it('gives the web app the DSN only through the config endpoint', async () => {
    const configured = await startTestServer({
      mailbox: false,
      env: {
        SENTRY_DSN: double.dsn('7'),
        SENTRY_ENVIRONMENT: 'staging',
        SENTRY_RELEASE: 'prijsalarm@1.2.3',
      },
    });
    try {
      const res = await configured.client().get('/api/error-reporting/config');
      expect(res.body).toEqual({
        dsn: double.dsn('7'),
        environment: 'staging',
        release: 'prijsalarm@1.2.3',
      });
      // The browser may post reports to the DSN's host, and only there.
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(new RegExp(`connect-src 'self' ${double.url}(;|$)`));
    } finally {
      await configured.stop();
    }
  });
});

describe('scrubServerText', () => {
  it('masks e-mail addresses, tokens and password hashes, keeps the rest', () => {
    const hash = '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
    expect(scrubServerText(`${EMAIL} /alerts/manage/${TOKEN} ${hash} took 12 ms`)).toBe(
      '[redacted] /alerts/manage/[redacted] [redacted] took 12 ms',
    );
  });
});
