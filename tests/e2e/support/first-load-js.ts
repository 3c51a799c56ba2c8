/**
 * The JavaScript a browser downloads to show a page: every script Chromium requests from the
 * navigation until the network is idle, weighed as it came over the wire (the server gzips; a
 * script sent uncompressed is gzipped here at the server's level, so the figure is gzip either
 * way). Used by `npm run bench:web` and by the budget test of the home route (tests/e2e).
 */
import { gzipSync } from 'node:zlib';
import type { Page, Request } from '@playwright/test';

/** The home route's first-load JavaScript budget, gzip. */
export const HOME_FIRST_LOAD_JS_BUDGET_KB = 120;

export interface LoadedScript {
  url: string;
  /** Bytes as transferred (gzip). */
  gzip: number;
  /** Bytes once decoded. */
  raw: number;
  /** Milliseconds after the navigation started that the script was requested. */
  requestedAt: number;
}

export interface FirstLoad {
  /** Requested before the network went idle after the load event. */
  firstLoad: LoadedScript[];
  /** Requested later, while `settleMs` more passed (e.g. the chat widget, fetched when idle). */
  afterIdle: LoadedScript[];
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
export const totalGzip = (scripts: readonly LoadedScript[]) =>
  scripts.reduce((sum, script) => sum + script.gzip, 0);

/** Opens `url` in `page` (a fresh context: nothing cached) and weighs every script it requests. */
export async function measureScripts(page: Page, url: string, settleMs = 3000): Promise<FirstLoad> {
  const pending: Promise<LoadedScript | null>[] = [];
  const start = Date.now();
  let idleAt = Infinity;
  const requestedAt = new Map<Request, number>();
  page.on('request', (request) => requestedAt.set(request, Date.now() - start));
  page.on('response', (response) => {
    const request = response.request();
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => null);
        if (!body) return null;
        const encoding = (await response.allHeaders())['content-encoding'] ?? '';
        const sizes = await request.sizes();
        const gzip =
          encoding === 'gzip' ? sizes.responseBodySize : gzipSync(body, { level: 6 }).length;
        return {
          url: new URL(response.url()).pathname,
          gzip,
          raw: body.length,
          requestedAt: requestedAt.get(request) ?? 0,
        };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  idleAt = Date.now() - start;
  await page.waitForTimeout(settleMs);
  const scripts = (await Promise.all(pending)).filter((s): s is LoadedScript => s !== null);
  const bySize = (a: LoadedScript, b: LoadedScript) => b.gzip - a.gzip;
  return {
    firstLoad: scripts.filter((s) => s.requestedAt <= idleAt).sort(bySize),
    afterIdle: scripts.filter((s) => s.requestedAt > idleAt).sort(bySize),
  };
}

export function describeScripts(title: string, scripts: readonly LoadedScript[]): string {
  const lines = scripts.map(
    (s) => `  ${kb(s.gzip).padStart(7)} KB gzip  ${kb(s.raw).padStart(7)} KB raw  ${s.url}`,
  );
  return [
    `${title}: ${kb(totalGzip(scripts))} KB gzip in ${scripts.length} file(s)`,
    ...lines,
  ].join('\n');
}
