/**
 * The home page arrives prerendered (Lighthouse's LCP is the first paint): the server
 * sends `/` with the guest's hero and the cookie banner already in the HTML, and the app takes
 * that page over without replacing what is drawn — no flash, no layout shift. A visitor who
 * answered the banner gets the page without it; a signed-in browser and every other path get
 * the plain shell, so a deep link never shows the home hero.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { ALERT_FIELD_TEXTS, APP_TEXTS, CONSENT_COOKIE, WEB_TEXTS } from '@prijsalarm/core';
import { expect, registerUser, test } from './fixtures';
import { e2eEnv } from './support/env';

const texts = WEB_TEXTS.home;
const bannerText = WEB_TEXTS.cookieBanner.text;

interface Takeover {
  removed: string[];
  /** How many different cookie-banner elements the document ever held (parsed or drawn). */
  banners: number;
  /** Whether the banner shown now is the one parsed from the HTML. */
  sameBanner: boolean;
  shift: number;
  shifted: string[];
}

interface LayoutShift {
  value: number;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
}

/**
 * Before any of the page's own code: records every element removed from the document that is
 * (or holds) the hero's text, the top bar, the cookie banner, a section of the page or the footer,
 * every cookie-banner element, and every layout shift.
 */
async function watchTakeover(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const log = {
      removed: [] as string[],
      banners: [] as Element[],
      shift: 0,
      shifted: [] as string[],
    };
    (window as unknown as { takeover: typeof log }).takeover = log;
    // The hero, the sections and the footer are taken over in tasks of their own
    // (HydrateLater): each must keep its prerendered elements all the same.
    const watched =
      '.hero__title, .hero__intro, .site-header, .cookie-banner, .home__section, .home__cta, .site-footer';
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (!(node instanceof Element)) continue;
          const hit = node.matches(watched) ? node : node.querySelector(watched);
          if (hit) log.removed.push(hit.className);
        }
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const banner of [node, ...node.querySelectorAll('.cookie-banner')]) {
            if (banner.matches('.cookie-banner') && !log.banners.includes(banner)) {
              log.banners.push(banner);
            }
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as LayoutShift[]) {
        log.shift += entry.value;
        for (const source of entry.sources) {
          const node = source.node as Element | null;
          log.shifted.push(
            `${node?.className ?? node?.nodeName} ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function takeover(page: Page) {
  return page.evaluate((): Takeover => {
    const { removed, banners, shift, shifted } = (
      window as unknown as {
        takeover: { removed: string[]; banners: Element[]; shift: number; shifted: string[] };
      }
    ).takeover;
    const sameBanner = banners[0] === document.querySelector('.cookie-banner');
    return { removed, banners: banners.length, sameBanner, shift, shifted };
  });
}

/**
 * Nothing moves as the app takes over. One shift is older than the prerendering and left: on
 * wide screens (the menu is folded below 880 px) the menu's right end widens once the session
 * check says "guest", where a placeholder stood until then.
 */
function expectNoShift(log: Takeover, width: number): void {
  const shifted = log.shifted.filter((line) => !line.startsWith('nav__menu '));
  expect(shifted, 'layout shifts').toEqual([]);
  if (width < 880) expect(log.shift).toBe(0);
}

/**
 * A browser that accepted the cookies on an earlier visit; `keptOnlyInStorage`: as before the
 * app also set the cookie (the answer is only in its local storage).
 */
async function contextThatAnswered(
  browser: Browser,
  { keptOnlyInStorage = false } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: e2eEnv().baseUrl });
  const page = await context.newPage();
  await page.goto('/');
  // The prerendered banner answers once the app has taken the page over (the form is its sign).
  await expect(page.getByRole('button', { name: ALERT_FIELD_TEXTS.submit })).toBeVisible();
  await page.getByRole('button', { name: WEB_TEXTS.cookieBanner.accept }).click();
  await expect(page.getByText(bannerText)).toHaveCount(0);
  await page.close();
  if (keptOnlyInStorage) await context.clearCookies({ name: CONSENT_COOKIE });
  return context;
}

async function html(context: BrowserContext, path: string): Promise<string> {
  const res = await context.request.get(path, { headers: { accept: 'text/html' } });
  expect(res.status()).toBe(200);
  return res.text();
}

test('a first visit gets the hero and the cookie banner in the HTML, and the app keeps them', async ({
  browser,
}) => {
  for (const width of [1280, 360]) {
    const context = await browser.newContext({
      baseURL: e2eEnv().baseUrl,
      viewport: { width, height: width < 600 ? 780 : 900 },
    });
    const sent = await html(context, '/');
    expect(sent).toContain(
      `<h1 id="home-title" class="hero__title">${APP_TEXTS.product.tagline}</h1>`,
    );
    expect(sent).toContain(texts.intro);
    expect(sent).toContain('class="cookie-banner"');
    // Its styles are in it: no stylesheet request holds the first paint back.
    expect(sent).not.toMatch(/<link rel="stylesheet"(?![^>]*media="print")/);
    expect(sent).toContain('<style>');

    await watchTakeover(context);
    const page = await context.newPage();
    await page.goto('/');
    // The app has taken over: the guest form (its own chunk) replaced the placeholder.
    await expect(page.getByRole('button', { name: ALERT_FIELD_TEXTS.submit })).toBeVisible();
    // The session check is done (the login link is in the folded menu on a phone).
    await expect(
      page.getByRole('link', { name: APP_TEXTS.navigation.login, includeHidden: true }),
    ).toHaveCount(1);
    await expect(page.getByRole('region', { name: WEB_TEXTS.cookieBanner.label })).toBeVisible();
    const log = await takeover(page);
    expect(log.removed, 'prerendered elements the app replaced').toEqual([]);
    expect(log.banners).toBe(1);
    expect(log.sameBanner).toBe(true);
    expectNoShift(log, width);
    // The banner still works: answered, it goes, and the answer is kept for the server.
    await page.getByRole('button', { name: WEB_TEXTS.cookieBanner.necessaryOnly }).click();
    await expect(page.getByText(bannerText)).toHaveCount(0);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === CONSENT_COOKIE)?.value).toBe('necessary');
    await context.close();
  }
});

/**
 * Serves `html` on loopback in two parts, `cut` bytes and then the rest a moment later, as a slow
 * connection hands a page over; every other path is asked of the app's server.
 */
async function servedInParts(html: string, cut: () => number) {
  const origin = e2eEnv().baseUrl;
  const server = createServer((req, res) => {
    if (req.url !== '/') {
      res.writeHead(307, { location: new URL(req.url ?? '/', origin).href }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    const at = cut();
    res.write(html.slice(0, at));
    setTimeout(() => res.end(html.slice(at)), 300);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('the marketplaces stay where they are drawn while the page arrives in parts', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: e2eEnv().baseUrl });
  // The page as sent, without the app: what is drawn is the HTML alone.
  const sent = (await html(context, '/')).replace(
    /<script[^>]*start-after-paint[^>]*><\/script>/,
    '',
  );
  await context.close();
  const body = sent.indexOf('<body');
  const start = sent.indexOf('class="marketplaces"', body);
  const end = sent.indexOf('</ul>', start);
  expect(start).toBeGreaterThan(body);
  let cut = start;
  const server = await servedInParts(sent, () => cut);
  try {
    for (const width of [360, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      await watchTakeover(context);
      for (cut = start; cut < end; cut += 150) {
        const page = await context.newPage();
        await page.goto(server.url);
        await expect(page.locator('.marketplaces__item')).toHaveCount(2);
        const moved = (await takeover(page)).shifted.filter((line) =>
          line.startsWith('marketplaces'),
        );
        expect(
          moved,
          `${width} px, the first part ending ${JSON.stringify(sent.slice(cut - 40, cut))}`,
        ).toEqual([]);
        await page.close();
      }
      await context.close();
    }
  } finally {
    await server.close();
  }
});

test('without JavaScript the hero is readable', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: e2eEnv().baseUrl, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: APP_TEXTS.product.tagline }),
  ).toBeVisible();
  await expect(page.getByText(texts.intro)).toBeVisible();
  await context.close();
});

test('a visitor who answered the banner never sees it, not even before the script runs', async ({
  browser,
}) => {
  const context = await contextThatAnswered(browser);
  const sent = await html(context, '/');
  expect(sent).toContain(texts.intro);
  expect(sent).not.toContain('class="cookie-banner"');
  await watchTakeover(context);
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('button', { name: ALERT_FIELD_TEXTS.submit })).toBeVisible();
  const log = await takeover(page);
  expect(log.banners).toBe(0);
  expect(log.removed).toEqual([]);
  expectNoShift(log, 1280);
  await expect(page.getByText(bannerText)).toHaveCount(0);
  await context.close();
});

test('an answer kept only in the browser from before is handed to the server', async ({
  browser,
}) => {
  const context = await contextThatAnswered(browser, { keptOnlyInStorage: true });
  expect(await html(context, '/')).toContain('class="cookie-banner"');
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByText(bannerText)).toHaveCount(0);
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === CONSENT_COOKIE)?.value)
    .toBe('all');
  expect(await html(context, '/')).not.toContain('class="cookie-banner"');
  await context.close();
});

test('a deep link and a signed-in browser get the plain shell, never the home hero', async ({
  page,
}) => {
  for (const path of ['/notifications', '/admin', '/dashboard', '/login']) {
    const sent = await html(page.context(), path);
    expect(sent, path).not.toContain('hero__title');
    expect(sent, path).toContain('class="logo__text"');
  }
  await registerUser(page, 'voorpagina');
  const sent = await html(page.context(), '/');
  expect(sent).not.toContain('hero__title');
  expect(sent).not.toMatch(/zonder account/i);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: texts.loggedInTitle })).toBeVisible();
});
