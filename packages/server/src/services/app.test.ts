import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Router } from 'express';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_COOKIE,
  ALERT_FIELD_TEXTS,
  API_TEXTS,
  CONSENT_COOKIE,
  DEFAULT_SETTINGS,
  PAGE_SETTINGS_ELEMENT_ID,
  PRERENDERED_HOME,
  REFRESH_MARKER_COOKIE,
  VALIDATION_TEXTS,
} from '@prijsalarm/core';
import { startTestServer, type TestServer } from '../../test/support';
import { withPageSettings } from '../http/app';
import { HttpError } from '../http/errors';
import { validated } from '../http/validate';
import { createLogger } from '../logger';
import { MAIL_LOGO_PATH } from '../mail/templates/layout';

// Test-only endpoints under /api/__test, behind the same plumbing as the real routes.
const echoSchema = z.object({ email: z.email(), age: z.number().int().min(18) });
function testRoutes(): Router {
  const router = Router();
  router.post(
    '/echo',
    ...validated({ body: echoSchema }, (req, res) => {
      res.json({ received: req.input.body });
    }),
  );
  router.get(
    '/items/:id',
    ...validated({ params: z.object({ id: z.coerce.number().int() }) }, (req, res) => {
      res.json({ id: req.input.params.id, type: typeof req.input.params.id });
    }),
  );
  router.get('/crash', () => {
    throw new Error('secret detail: password=hunter2 at /srv/app/index.ts:42');
  });
  router.get('/crash-async', async () => {
    await Promise.resolve();
    throw new TypeError('async failure detail');
  });
  router.get('/plan-required', () => {
    throw HttpError.forbidden('Alleen beschikbaar voor PRO gebruikers', { requiredPlans: ['PRO'] });
  });
  router.get('/slow-down', () => {
    throw HttpError.tooManyRequests(2.2);
  });
  router.get('/slow', async (_req, res) => {
    slowRequestArrived.resolve();
    await new Promise((resolve) => setTimeout(resolve, 300));
    res.json({ done: true });
  });
  return router;
}
const extraApiRouters = [['/__test', testRoutes()] as const];

/** Resolved when /slow is being handled, so a test stops the server with the request in flight. */
let slowRequestArrived = arrival();

function arrival() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const ALLOWED_ORIGIN = 'http://localhost:5173';
const WEB_PUBLIC_DIR = fileURLToPath(new URL('../../../web/public', import.meta.url));
const page = (body: string) =>
  `<!doctype html><html><head><title>Prijsalarm</title></head><body>${body}</body></html>`;
const INDEX_HTML = page('<div id="root"></div>');
const HOME_FIRST_VISIT = page('<h1>Home</h1><p>cookie banner</p>');
const HOME_CONSENTED = page('<h1>Home</h1>');
const SETTINGS_ELEMENT = new RegExp(
  `<script id="${PAGE_SETTINGS_ELEMENT_ID}" type="application/json">(.*?)</script>\\n`,
);

/** The page as built, and the settings the server wrote into it. */
function splitPage(html: string): { built: string; settings: unknown } {
  const match = SETTINGS_ELEMENT.exec(html);
  return {
    built: html.replace(SETTINGS_ELEMENT, ''),
    settings: match ? JSON.parse(match[1]!) : null,
  };
}
const BIG_SCRIPT = 'export const words = ["fiets", "iphone", "bank"];\n'.repeat(400);
let server: TestServer;
let webDir: string;
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  // What the web build prerenders for /.
  writeFileSync(path.join(webDir, PRERENDERED_HOME.firstVisit), HOME_FIRST_VISIT);
  writeFileSync(path.join(webDir, PRERENDERED_HOME.consented), HOME_CONSENTED);
  writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(webDir, 'assets', 'big-3f9a.js'), BIG_SCRIPT);
  // What the build copies from the web app's public folder: the mails' logo.
  mkdirSync(path.join(webDir, 'mail'));
  copyFileSync(path.join(WEB_PUBLIC_DIR, MAIL_LOGO_PATH), path.join(webDir, MAIL_LOGO_PATH));
  server = await startTestServer({
    env: { CORS_ORIGINS: ALLOWED_ORIGIN },
    webDistDir: webDir,
    extraApiRouters,
    logger: createLogger({
      level: 'info',
      destination: { write: (line: string) => void logLines.push(JSON.parse(line)) },
    }),
  });
});
afterAll(async () => {
  await server?.stop();
  rmSync(webDir, { recursive: true, force: true });
});

describe('probes', () => {
  it('/healthz says the process is up', async () => {
    const res = await server.client().get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('/readyz says the database is reachable', async () => {
    const res = await server.client().get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('/readyz answers 503 when the database does not answer', async () => {
    const spy = vi
      .spyOn(server.sequelize, 'query')
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    const res = await server.client().get('/readyz');
    spy.mockRestore();
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'unavailable', error: API_TEXTS.internalError });
  });
});

describe('errors', () => {
  it('an unknown /api route is a Dutch 404 in JSON', async () => {
    const res = await server.client().get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: API_TEXTS.routeNotFound });
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    '%s to an unknown /api route is a Dutch 404',
    async (method) => {
      const res = await server.client().request(method, '/api/nope', { body: {} });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: API_TEXTS.routeNotFound });
    },
  );

  it.each([['{"email": '], ['not json'], ['{"a":1,}']])(
    'malformed JSON %j is a Dutch 400',
    async (body) => {
      const res = await server.client().post('/api/__test/echo', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: API_TEXTS.invalidJson });
    },
  );

  it('a body over 100 kB is a Dutch 413', async () => {
    const res = await server.client().post('/api/__test/echo', { padding: 'x'.repeat(101 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: API_TEXTS.payloadTooLarge });
  });

  it('a body just under 100 kB is accepted', async () => {
    const res = await server.client().post('/api/__test/echo', {
      email: 'a@example.nl',
      age: 30,
      padding: 'x'.repeat(99 * 1024),
    });
    expect(res.status).toBe(200);
  });

  it.each(['/api/__test/crash', '/api/__test/crash-async'])(
    'a thrown error (%s) is a Dutch 500 without stack or detail, and is logged',
    async (route) => {
      const res = await server.client().get(route);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: API_TEXTS.internalError });
      expect(res.text).not.toMatch(/detail|hunter2|\.ts|at /);
      const logged = logLines.find(
        (line) => line.msg === 'unhandled error' && JSON.stringify(line).includes('detail'),
      );
      expect(JSON.stringify(logged)).toContain('stack');
    },
  );

  it('an HttpError answers its status, Dutch message and extra body', async () => {
    const res = await server.client().get('/api/__test/plan-required');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: 'Alleen beschikbaar voor PRO gebruikers',
      requiredPlans: ['PRO'],
    });
  });

  it('a 429 carries Retry-After in the header and the body', async () => {
    const res = await server.client().get('/api/__test/slow-down');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(res.body).toEqual({ error: API_TEXTS.tooManyRequests, retryAfter: 3 });
  });
});

describe('validate', () => {
  it('puts the parsed input on req.input', async () => {
    const res = await server.client().post('/api/__test/echo', { email: 'a@example.nl', age: 30 });
    expect(res.body).toEqual({ received: { email: 'a@example.nl', age: 30 } });
  });

  it('coerces params with the schema', async () => {
    const res = await server.client().get('/api/__test/items/42');
    expect(res.body).toEqual({ id: 42, type: 'number' });
  });

  it.each([
    [{ email: 'nope', age: 30 }, { email: ALERT_FIELD_TEXTS.emailInvalid }],
    [{ email: 'a@example.nl', age: 12 }, { age: VALIDATION_TEXTS.numberTooSmall(18) }],
    [{ age: 30 }, { email: VALIDATION_TEXTS.required }],
    [{ email: 'a@example.nl', age: 'dertig' }, { age: VALIDATION_TEXTS.invalidValue }],
  ])('answers 400 with Dutch field messages for %j', async (body, fields) => {
    const res = await server.client().post('/api/__test/echo', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: API_TEXTS.validationFailed, fields });
  });

  it('checks params too', async () => {
    const res = await server.client().get('/api/__test/items/abc');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: API_TEXTS.validationFailed,
      fields: { id: expect.any(String) },
    });
  });
});

describe('security headers', () => {
  it('sends a strict CSP and helmet’s headers', async () => {
    const res = await server.client().get('/healthz');
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "script-src-attr 'none'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      // Outside production the demo double's pictures on loopback may show.
      "img-src 'self' data: https: http://127.0.0.1:* http://localhost:*",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('API answers are never cached', async () => {
    const res = await server.client().get('/api/unknown');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('does not log secrets from the URL or headers', async () => {
    const token = 'Zk3r9Qx_Vt7bL2mN8pW4sY6uA0cE1gH5jK-oR3tU9wX';
    await server.client().get(`/api/alerts/manage/${token}`, {
      headers: { cookie: 'pa_access=secret-cookie', authorization: 'Bearer secret-bearer' },
    });
    const text = JSON.stringify(logLines);
    expect(text).toContain('/api/alerts/manage/[redacted]');
    for (const secret of [token, 'secret-cookie', 'secret-bearer'])
      expect(text).not.toContain(secret);
  });
});

describe('CORS', () => {
  it('allows a configured origin, with credentials', async () => {
    const res = await server.client().get('/healthz', { headers: { origin: ALLOWED_ORIGIN } });
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('answers a preflight from a configured origin', async () => {
    const res = await server.client().request('OPTIONS', '/api/__test/echo', {
      headers: {
        origin: ALLOWED_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-csrf-token',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it.each(['https://evil.example', 'http://localhost:5174'])(
    'ignores origin %s',
    async (origin) => {
      const res = await server.client().get('/healthz', { headers: { origin } });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    },
  );
});

describe('the built web app', () => {
  it('hands every page the public settings as the API answers them, in the head', async () => {
    const answer = await server.client().get('/api/settings/public');
    for (const url of ['/', '/dashboard', '/bestaat-niet']) {
      const res = await server.client().get(url, { headers: { accept: 'text/html' } });
      expect(splitPage(res.text).settings).toEqual(answer.body);
      expect(res.text.indexOf(PAGE_SETTINGS_ELEMENT_ID)).toBeLessThan(res.text.indexOf('</head>'));
    }
  });

  it('writes the settings so that no value can close their element', () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      pricing: { ...DEFAULT_SETTINGS.pricing, currency: '</script><script>alert(1)</script>' },
    };
    const html = withPageSettings(page(''), settings);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(splitPage(html).settings).toEqual(settings);
  });

  it.each(['/dashboard', '/manage/abc/refresh/def', '/admin', '/admin/users', '/faq/'])(
    'serves index.html for %s (never the prerendered home)',
    async (page) => {
      const res = await server.client().get(page, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(splitPage(res.text).built).toBe(INDEX_HTML);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    },
  );

  it.each(['/alerts', '/bestaat-niet', '/manage/abc/def', '/dashboard/onbekend'])(
    'answers %s, which is no page of the app, with 404 and the app (it draws its not-found page)',
    async (page) => {
      const res = await server.client().get(page, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(404);
      expect(splitPage(res.text).built).toBe(INDEX_HTML);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it.each([
    ['a first visit', {}, HOME_FIRST_VISIT],
    ['a visitor who accepted the cookies', { [CONSENT_COOKIE]: 'all' }, HOME_CONSENTED],
    ['a visitor who chose necessary only', { [CONSENT_COOKIE]: 'necessary' }, HOME_CONSENTED],
    ['an unknown consent value', { [CONSENT_COOKIE]: 'maybe' }, HOME_FIRST_VISIT],
    ['a signed-in browser', { [REFRESH_MARKER_COOKIE]: '1' }, INDEX_HTML],
    [
      'a browser with an access cookie',
      { [ACCESS_COOKIE]: 'x', [CONSENT_COOKIE]: 'all' },
      INDEX_HTML,
    ],
  ])('sends / prerendered by who asks: %s', async (_who, cookies, page) => {
    const browser = server.client();
    for (const [name, value] of Object.entries(cookies)) browser.cookies.set(name, value);
    for (const url of ['/', '/?error=admin_required']) {
      const res = await browser.get(url, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(splitPage(res.text).built).toBe(page);
      expect(res.headers.get('vary')).toMatch(/cookie/i);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves its static files', async () => {
    const res = await server.client().get('/assets/app.js');
    expect(res.status).toBe(200);
    expect(res.text).toBe('console.log(1)');
  });

  it('sends text assets gzipped, hashed ones cached for good', async () => {
    const res = await fetch(`${server.baseUrl}/assets/big-3f9a.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toBe(BIG_SCRIPT);
  });

  it('serves the mails’ logo as a PNG that mail clients on other origins may show', async () => {
    const res = await fetch(`${server.baseUrl}${MAIL_LOGO_PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.equals(readFileSync(path.join(WEB_PUBLIC_DIR, MAIL_LOGO_PATH)))).toBe(true);
    // Everything else keeps helmet's same-origin policy.
    const script = await fetch(`${server.baseUrl}/assets/app.js`);
    expect(script.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('leaves /api to the API', async () => {
    const res = await server.client().get('/api/dashboard', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: API_TEXTS.routeNotFound });
  });
});

describe('stopping', () => {
  it('lets an in-flight request finish, then refuses connections', async () => {
    const other = await startTestServer({ mailbox: false, extraApiRouters });
    slowRequestArrived = arrival();
    const inFlight = other.client().get('/api/__test/slow');
    // Under load a fixed pause may end before the request arrives: wait for the handler instead.
    await slowRequestArrived.promise;
    const stopping = other.stop();
    const res = await inFlight;
    await stopping;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ done: true });
    await expect(fetch(`${other.baseUrl}/healthz`)).rejects.toThrow();
  });
});
