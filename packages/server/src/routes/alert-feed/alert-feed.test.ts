/**
 * An alert's private RSS feed through the running server: fetched as a feed
 * reader does (no cookies), read with a strict XML parser, marketplace text escaped, the latest 50
 * matches newest first, and a renewed or wrong token answered with 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALERT_FEED_ITEM_LIMIT,
  ALERT_FEED_TEXTS,
  ALERT_TEXTS,
  DEFAULT_RETENTION,
  RETENTION_TEXTS,
  type AlertWithMessageResponse,
  type CreateAlertResponse,
  type ManageAlertResponse,
  type MyAlertsResponse,
} from '@prijsalarm/core';
import { loadCategoryIndex } from '../../commands/alert-categories';
import { completeFeedTokens } from '../../commands/alert-feed';
import { createLogger } from '../../logger';
import type { Alert } from '../../models';
import { presentAlert } from '../../presenters/alert';
import {
  guestBrowser,
  guestPayload,
  manageTokenOf,
  userPayload,
} from '../../../test/alert-helpers';
import { loginAs, uniqueEmail } from '../../../test/auth-helpers';
import { createAlert, createNotification } from '../../../test/factories';
import type { TestClient } from '../../../test/http-client';
import { startTestServer, type TestServer } from '../../../test/support';
import { child, children, parseXml, type XmlElement } from '../../../test/xml';

const ATOM = 'http://www.w3.org/2005/Atom';
const logLines: string[] = [];
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: { RATE_LIMITS: 'off' },
    logger: createLogger({ level: 'debug', destination: { write: (line) => logLines.push(line) } }),
  });
});
afterAll(() => server.stop());

interface FeedAlert {
  browser: TestClient;
  manageToken: string;
  feedUrl: string;
  alert: Alert;
}

/** A guest alert through the API, with its manage token and the feed link its page shows. */
async function guestAlert(searchTerm = 'racefiets'): Promise<FeedAlert> {
  const browser = await guestBrowser(server);
  const created = await browser.post<CreateAlertResponse>(
    '/api/alerts',
    guestPayload({ email: uniqueEmail('feed'), searchTerm }),
  );
  expect(created.status, created.text).toBe(201);
  const manageToken = manageTokenOf(created.body.alert.manageUrl);
  const page = await browser.get<ManageAlertResponse>(`/api/alerts/manage/${manageToken}`);
  expect(page.status, page.text).toBe(200);
  const { feedUrl } = page.body.alert;
  expect(feedUrl).toMatch(new RegExp(`^${server.baseUrl}/api/alerts/feed/[A-Za-z0-9_-]{43}$`));
  const alert = (await server.models.Alert.findByPk(created.body.alert.id))!;
  return { browser, manageToken, feedUrl: feedUrl!, alert };
}

/** GET as a feed reader: no cookies, no CSRF, an RSS Accept header. */
function read(url: string) {
  return fetch(url, { headers: { accept: 'application/rss+xml, application/xml;q=0.9, */*' } });
}

async function readFeed(
  url: string,
): Promise<{ response: Response; body: string; rss: XmlElement }> {
  const response = await read(url);
  const body = await response.text();
  expect(response.status, body).toBe(200);
  return { response, body, rss: parseXml(body) };
}

const itemsOf = (rss: XmlElement) => children(child(rss, 'channel'), 'item');
const textOf = (element: XmlElement, name: string) => child(element, name).text;

describe('the feed', () => {
  it('is RSS 2.0 with its own link, the alert’s title, and private caching', async () => {
    const { feedUrl } = await guestAlert('racefiets');
    const { response, body, rss } = await readFeed(feedUrl);

    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    expect(response.headers.get('x-robots-tag')).toContain('noindex');
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);

    expect(rss.name).toBe('rss');
    expect(rss.attributes.version).toBe('2.0');
    const channel = child(rss, 'channel');
    expect(textOf(channel, 'title')).toBe('Prijsalarm: "racefiets"');
    expect(textOf(channel, 'link')).toBe(server.config.publicUrl);
    // HTML to most readers, like an item's description: the search term's quotes stay text.
    // It says how far back it reaches: a guest's alert keeps FREE's period.
    expect(textOf(channel, 'description')).toBe(
      `${ALERT_FEED_TEXTS.channel.description('racefiets', ALERT_FEED_ITEM_LIMIT)} ${RETENTION_TEXTS.screens.feed(DEFAULT_RETENTION.notifications.FREE)}`.replaceAll(
        '"',
        '&quot;',
      ),
    );
    const self = child(channel, 'atom:link');
    expect(self.uri).toBe(ATOM);
    expect(self.attributes).toEqual({
      href: feedUrl,
      rel: 'self',
      type: 'application/rss+xml',
    });
    expect(Number.isNaN(Date.parse(textOf(channel, 'lastBuildDate')))).toBe(false);
    expect(itemsOf(rss)).toEqual([]);

    // A reader polling an unchanged feed gets a 304 without the body.
    const etag = response.headers.get('etag');
    expect(etag).toBeTruthy();
    // An explicit Cache-Control, or fetch adds 'no-cache' to a conditional request.
    const again = await fetch(feedUrl, {
      headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
  });

  it('holds the latest 50 matches, newest first, each with title, link, guid and date', async () => {
    const { feedUrl, alert } = await guestAlert();
    const start = Date.now() - 3_600_000;
    const made = [];
    for (let index = 0; index < ALERT_FEED_ITEM_LIMIT + 1; index += 1) {
      made.push(
        await createNotification(server.models, alert, {
          title: `Fiets ${index}`,
          priceCents: 10_000 + index,
          createdAt: new Date(start + index * 1000),
        }),
      );
    }
    const { rss } = await readFeed(feedUrl);
    const items = itemsOf(rss);
    expect(items).toHaveLength(ALERT_FEED_ITEM_LIMIT);
    const newestFirst = made.slice(1).reverse();
    expect(items.map((item) => textOf(item, 'title'))).toEqual(
      newestFirst.map((notification) => notification.title),
    );
    for (const [index, item] of items.entries()) {
      const notification = newestFirst[index]!;
      expect(textOf(item, 'link')).toBe(notification.url);
      const guid = child(item, 'guid');
      expect(guid.text).toBe(notification.id);
      expect(guid.attributes.isPermaLink).toBe('false');
      expect(new Date(textOf(item, 'pubDate')).getTime()).toBe(
        Math.floor(notification.createdAt.getTime() / 1000) * 1000,
      );
    }
    expect(textOf(items[0]!, 'description')).toBe('€ 100,50 · Utrecht');
    expect(new Date(textOf(child(rss, 'channel'), 'lastBuildDate')).getTime()).toBe(
      Math.floor(made.at(-1)!.createdAt.getTime() / 1000) * 1000,
    );
  });

  it('escapes marketplace text: an ad title with markup stays text', async () => {
    const { feedUrl, alert } = await guestAlert();
    const title = '<script>alert(1)</script> & "fiets"';
    await createNotification(server.models, alert, {
      title,
      description: 'Nieuw <b>vet</b> ]]> <![CDATA[ &amp; \u0001 klaar',
      location: 'Den Bosch & <i>omstreken</i>',
      priceType: 'FIXED',
      priceCents: 12_345,
      createdAt: new Date(),
    });
    const { body, rss } = await readFeed(feedUrl);

    expect(body).not.toContain('<script>');
    expect(body).not.toContain('<b>');
    expect(body).not.toContain('<![CDATA[');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;fiets&quot;');
    const [item] = itemsOf(rss);
    // A reader gets the title back exactly, as text.
    expect(textOf(item!, 'title')).toBe(title);
    // Readers take a description as HTML: decoded once, it is still escaped markup.
    expect(textOf(item!, 'description')).toBe(
      '€ 123,45 · Den Bosch &amp; &lt;i&gt;omstreken&lt;/i&gt; · ' +
        'Nieuw &lt;b&gt;vet&lt;/b&gt; ]]&gt; &lt;![CDATA[ &amp;amp; klaar',
    );
  });

  it('links only http(s) ads', async () => {
    const { feedUrl, alert } = await guestAlert();
    await createNotification(server.models, alert, {
      title: 'Verdacht',
      url: 'javascript:alert(document.cookie)',
    });
    const { body, rss } = await readFeed(feedUrl);
    const [item] = itemsOf(rss);
    expect(children(item!, 'link')).toEqual([]);
    expect(textOf(item!, 'title')).toBe('Verdacht');
    expect(body).not.toContain('javascript:');
  });

  it('answers 404 for a wrong token, without a feed', async () => {
    for (const token of ['x'.repeat(43), 'kort', 'y'.repeat(500)]) {
      const response = await read(`${server.baseUrl}/api/alerts/feed/${token}`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: string }).error).toBe(ALERT_TEXTS.notFound);
    }
  });

  it('is gone with its alert', async () => {
    const { browser, manageToken, feedUrl } = await guestAlert();
    expect((await browser.delete(`/api/alerts/manage/${manageToken}`)).status).toBe(200);
    expect((await read(feedUrl)).status).toBe(404);
  });
});

describe('renewing the feed link', () => {
  it('gives a new link through the manage link; the old one answers 404 from then on', async () => {
    const { browser, manageToken, feedUrl } = await guestAlert();
    const renewed = await browser.post<AlertWithMessageResponse>(
      `/api/alerts/manage/${manageToken}/feed/renew`,
    );
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.body.message).toBe(ALERT_FEED_TEXTS.link.renewed);
    const newUrl = renewed.body.alert.feedUrl!;
    expect(newUrl).not.toBe(feedUrl);

    expect((await read(feedUrl)).status).toBe(404);
    expect((await readFeed(newUrl)).response.status).toBe(200);
    const page = await browser.get<ManageAlertResponse>(`/api/alerts/manage/${manageToken}`);
    expect(page.body.alert.feedUrl).toBe(newUrl);
  });

  it('needs the manage link and the CSRF header', async () => {
    const { manageToken, feedUrl } = await guestAlert();
    const stranger = await guestBrowser(server);
    const wrong = await stranger.post(`/api/alerts/manage/${'x'.repeat(43)}/feed/renew`);
    expect(wrong.status).toBe(404);
    const noCsrf = await stranger.post(`/api/alerts/manage/${manageToken}/feed/renew`, undefined, {
      csrf: false,
    });
    expect(noCsrf.status).toBe(403);
    expect((await read(feedUrl)).status).toBe(200);
  });
});

describe('a signed-in user', () => {
  it('sees each alert’s feed link in my-alerts, and it opens that alert’s feed', async () => {
    const browser = server.client();
    await loginAs(server, browser);
    const created = await browser.post<CreateAlertResponse>(
      '/api/alerts',
      userPayload({ searchTerm: 'bakfiets' }),
    );
    expect(created.status, created.text).toBe(201);
    const mine = await browser.get<MyAlertsResponse>('/api/alerts/my-alerts');
    const [alert] = mine.body.alerts;
    expect(alert?.feedUrl).toMatch(/\/api\/alerts\/feed\/[A-Za-z0-9_-]{43}$/);
    const { rss } = await readFeed(alert!.feedUrl!);
    expect(textOf(child(rss, 'channel'), 'title')).toBe('Prijsalarm: "bakfiets"');
  });
});

describe('feed tokens of older rows', () => {
  it('are completed at start: a migrated nonce gets its hash, a row without one a new token', async () => {
    const migrated = await createAlert(server.models, {
      feedTokenNonce: 'bWlncmF0ZWQtbm9uY2UtMTI',
    });
    const bare = await createAlert(server.models);
    expect((await bare.reload()).feedTokenNonce).toBeNull();

    expect(await completeFeedTokens(server.ctx)).toBeGreaterThanOrEqual(2);
    expect(await completeFeedTokens(server.ctx)).toBe(0);

    await migrated.reload();
    await bare.reload();
    expect(migrated.feedTokenNonce).toBe('bWlncmF0ZWQtbm9uY2UtMTI');
    expect(bare.feedTokenNonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    for (const alert of [migrated, bare]) {
      expect(alert.feedTokenHash).toMatch(/^[0-9a-f]{64}$/);
      const dto = presentAlert(alert, 0, {
        ...server.ctx,
        categories: await loadCategoryIndex(server.ctx),
      });
      const { rss } = await readFeed(dto.feedUrl!);
      expect(textOf(child(rss, 'channel'), 'title')).toBe(`Prijsalarm: "${alert.searchTerm}"`);
    }
  });
});

describe('logs', () => {
  it('never contain a feed token', async () => {
    const { browser, manageToken, feedUrl } = await guestAlert();
    await read(feedUrl);
    const renewed = await browser.post<AlertWithMessageResponse>(
      `/api/alerts/manage/${manageToken}/feed/renew`,
    );
    await read(renewed.body.alert.feedUrl!);
    const logs = logLines.join('');
    expect(logs).toContain('/api/alerts/feed/[redacted]');
    for (const url of [feedUrl, renewed.body.alert.feedUrl!]) {
      expect(logs).not.toContain(url.split('/').pop()!);
    }
  });
});
