/**
 * The new-ads feed through the running server with every role, against the marketplace
 * double: the user sees each matching ad once, by e-mail, whichever path — the feed or per-search
 * polling (reconciliation) — found it.
 *
 * Per-search polling is held where a test needs the feed alone: the double answers that search's
 * query with 204 (busy) — the feed reads the category without a query and is not held.
 */
import { Op } from 'sequelize';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { feedModels } from '../../packages/server/src/engine/feed/store';
import { dayIndex } from '../doubles/marketplace/market';
import { loginAs, uniqueEmail } from '../../packages/server/test/auth-helpers';
import type { TestClient } from '../../packages/server/test/http-client';
import type { NotificationDetailResponse } from '@prijsalarm/core';
import {
  adIdsIn,
  alertMailsTo,
  createUserAlert,
  eventually,
  mailsWithAd,
  soonestStartingTerm,
  startEngineE2E,
  waitForAdMail,
  waitForDeliveriesSettled,
  waitForFirstCheck,
  waitForFeedRead,
  waitForNextCheck,
  type EngineE2E,
} from './kit';

const DAMESFIETSEN = 447;
const FIETSEN = 445;

const FEED_ENV = {
  ENGINE_FEED: 'on',
  ENGINE_FEED_MAX_GAP_SECONDS: '1',
  RECONCILE_FACTOR: '1',
};

async function foundBy(kit: EngineE2E, itemId: string): Promise<Array<string | null>> {
  const rows = await kit.server.models.Notification.findAll({ where: { listingId: itemId } });
  return rows.map((row) => row.foundBy);
}

describe('the feed with per-search reconciliation (2 s checks)', () => {
  let kit: EngineE2E;
  let browser: TestClient;
  let email: string;

  beforeAll(async () => {
    kit = await startEngineE2E({ env: FEED_ENV });
  });
  afterAll(() => kit?.stop());
  // A user of its own per test (the plan's alert limit).
  beforeEach(async () => {
    email = uniqueEmail('feed');
    browser = kit.server.client();
    await loginAs(kit.server, browser, { email, plan: 'REGISTERED' });
  });

  it('an ad only the feed sees is delivered once', async () => {
    const alertId = await createUserAlert(browser, { searchTerm: 'bakfiets', notifyEmail: true });
    await waitForFirstCheck(kit.server, alertId);
    await waitForFeedRead(kit, FIETSEN);
    // Per-search polling is busy for this query from now on: only the feed can find the ad.
    kit.double.inject({ status: 204, target: 'search', query: 'bakfiets', times: 100_000 });
    const ad = kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Babboe bakfiets' });
    await waitForAdMail(kit.server.mailbox, email, ad.itemId);
    await waitForFeedRead(kit, FIETSEN);
    await waitForDeliveriesSettled(kit.server);
    expect(mailsWithAd(kit.server.mailbox, email, ad.itemId)).toBe(1);
    expect(await foundBy(kit, ad.itemId)).toEqual(['feed']);
    kit.double.clearFaults();
    await waitForNextCheck(kit.server, alertId);
    await waitForDeliveriesSettled(kit.server);
    expect(mailsWithAd(kit.server.mailbox, email, ad.itemId)).toBe(1);
  });

  it('a distance alert: the feed learns where the site places its postcode, then delivers the ads within the circle only', async () => {
    // A market with ads across the country, as the real one has: the distances the site reports
    // for them tell where it places the postcode.
    for (const cityName of ['Amsterdam', 'Rotterdam', 'Groningen', 'Maastricht', 'Zwolle', 'Breda'])
      kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Herenfiets 28 inch', cityName });
    const alertId = await createUserAlert(browser, {
      searchTerm: 'kinderzitje',
      postalCode: '3511 AB',
      distance: 10,
      notifyEmail: true,
    });
    await waitForFirstCheck(kit.server, alertId);
    // One search with the postcode tells the feed where the site measures from (the double: Utrecht).
    await eventually(
      async () =>
        (await feedModels(kit.server.ctx.sequelize).PostcodePlace.findByPk('marktplaats:3511AB'))
          ?.locatedAt != null,
      30_000,
      'the postcode located',
    );
    await waitForFeedRead(kit, FIETSEN);
    // Per-search polling is busy for this query from now on: only the feed can find the ads.
    kit.double.inject({ status: 204, target: 'search', query: 'kinderzitje', times: 100_000 });
    const near = kit.double.publish({
      categoryId: DAMESFIETSEN,
      title: 'Kinderzitje Bobike',
      cityName: 'Utrecht',
    });
    const far = kit.double.publish({
      categoryId: DAMESFIETSEN,
      title: 'Kinderzitje Thule',
      cityName: 'Groningen',
    });
    await waitForAdMail(kit.server.mailbox, email, near.itemId);
    await waitForFeedRead(kit, FIETSEN);
    await waitForDeliveriesSettled(kit.server);
    expect(mailsWithAd(kit.server.mailbox, email, near.itemId)).toBe(1);
    expect(mailsWithAd(kit.server.mailbox, email, far.itemId)).toBe(0);
    expect(await foundBy(kit, near.itemId)).toEqual(['feed']);
    expect(await foundBy(kit, far.itemId)).toEqual([]);
    // Reconciliation reads the site's own answer later: still one mail, still nothing from afar.
    kit.double.clearFaults();
    await waitForNextCheck(kit.server, alertId);
    await waitForDeliveriesSettled(kit.server);
    expect(mailsWithAd(kit.server.mailbox, email, near.itemId)).toBe(1);
    expect(mailsWithAd(kit.server.mailbox, email, far.itemId)).toBe(0);
  });

  it('a word beyond the cut description: reconciliation delivers it, once', async () => {
    const alertId = await createUserAlert(browser, {
      searchTerm: 'racefiets dura-ace',
      notifyEmail: true,
    });
    await waitForFirstCheck(kit.server, alertId);
    await waitForFeedRead(kit, FIETSEN);
    const ad = kit.double.publish({
      categoryId: DAMESFIETSEN,
      title: 'Racefiets carbon',
      description: `${'Altijd binnen gestaan, weinig kilometers gereden. '.repeat(5)}Groep: Dura-Ace.`,
    });
    await waitForAdMail(kit.server.mailbox, email, ad.itemId);
    await waitForNextCheck(kit.server, alertId);
    await waitForDeliveriesSettled(kit.server);
    expect(mailsWithAd(kit.server.mailbox, email, ad.itemId)).toBe(1);
    expect(await foundBy(kit, ad.itemId)).toEqual(['reconciliation']);
  });

  it('two alerts of one user on the same ad: one mail naming both', async () => {
    const a = await createUserAlert(browser, { searchTerm: 'transportfiets', notifyEmail: true });
    const b = await createUserAlert(browser, { searchTerm: 'cortina', notifyEmail: true });
    await waitForFirstCheck(kit.server, a);
    await waitForFirstCheck(kit.server, b);
    await waitForFeedRead(kit, FIETSEN);
    // The feed finds the ad for both alerts in one read (per-search polling held meanwhile).
    for (const query of ['transportfiets', 'cortina']) {
      kit.double.inject({ status: 204, target: 'search', query, times: 100_000 });
    }
    const ad = kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Cortina transportfiets' });
    await waitForAdMail(kit.server.mailbox, email, ad.itemId);
    kit.double.clearFaults();
    await waitForNextCheck(kit.server, a);
    await waitForNextCheck(kit.server, b);
    await waitForDeliveriesSettled(kit.server);
    const mails = alertMailsTo(kit.server.mailbox, email).filter((mail) =>
      mail.text.includes(ad.itemId),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('"transportfiets"');
    expect(mails[0]!.subject).toContain('"cortina"');
  });

  it('a price drop before per-search polling read the ad: told from the price the feed read', async () => {
    const proEmail = uniqueEmail('feed-daling');
    const pro = kit.server.client();
    await loginAs(kit.server, pro, { email: proEmail, plan: 'PRO' });
    const alertId = await createUserAlert(pro, {
      searchTerm: 'vouwfiets',
      maxPrice: 200,
      notifyEmail: true,
      priceDrop: { enabled: true },
    });
    await waitForFirstCheck(kit.server, alertId);
    await waitForFeedRead(kit, FIETSEN);
    kit.double.inject({ status: 204, target: 'search', query: 'vouwfiets', times: 100_000 });
    const ad = kit.double.publish({
      categoryId: DAMESFIETSEN,
      title: 'Brompton vouwfiets',
      priceCents: 15_000,
    });
    await waitForAdMail(kit.server.mailbox, proEmail, ad.itemId);
    expect(await foundBy(kit, ad.itemId)).toEqual(['feed']);
    // The seller lowers the price before the alert's own search has ever read the ad.
    kit.double.reprice('marktplaats', ad.itemId, 12_000);
    kit.double.clearFaults();
    const drop = await kit.server.mailbox.waitFor(
      (mail) =>
        mail.to.includes(proEmail.toLowerCase()) &&
        mail.subject.startsWith('Prijsdaling: ') &&
        adIdsIn(mail.text).includes(ad.itemId),
      30_000,
    );
    expect(drop.subject).toBe('Prijsdaling: Brompton vouwfiets van € 150,00 naar € 120,00');
    const [told] = await kit.server.models.Notification.findAll({
      where: { alertId, kind: 'price_drop' },
    });
    const detail = await pro.get<NotificationDetailResponse>(`/api/notifications/${told!.id}`);
    expect(detail.body.notification.priceHistory.map((point) => point.priceCents)).toEqual([
      15_000, 12_000,
    ]);
  });

  it('a burst of 150 ads in one category between two reads: every one delivered', async () => {
    const alertId = await createUserAlert(browser, { searchTerm: 'omafiets', notifyEmail: true });
    await waitForFirstCheck(kit.server, alertId);
    await waitForFeedRead(kit, FIETSEN);
    kit.double.inject({ status: 204, target: 'search', query: 'omafiets', times: 100_000 });
    const burst = Array.from({ length: 150 }, (_, i) =>
      kit.double.publish({ categoryId: DAMESFIETSEN, title: `Omafiets nummer ${i}` }),
    );
    await eventually(
      async () =>
        (await kit.server.models.Notification.count({ where: { alertId } })) === burst.length,
      60_000,
      'a notification for every ad of the burst',
    );
    const rows = await kit.server.models.Notification.findAll({ where: { alertId } });
    expect(new Set(rows.map((row) => row.listingId))).toEqual(
      new Set(burst.map((ad) => ad.itemId)),
    );
    expect(new Set(rows.map((row) => row.foundBy))).toEqual(new Set(['feed']));
    kit.double.clearFaults();
  });

  it('a 429/403 storm slows the feed without losing an ad', async () => {
    const alertId = await createUserAlert(browser, { searchTerm: 'tandem', notifyEmail: true });
    await waitForFirstCheck(kit.server, alertId);
    await waitForFeedRead(kit, FIETSEN);
    kit.double.inject({ status: 204, target: 'search', query: 'tandem', times: 100_000 });
    kit.double.inject({ status: 429, target: 'search', times: 30, retryAfter: 1 });
    kit.double.inject({ status: 403, target: 'search', times: 2 });
    const ad = kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Tandem Santos' });
    await waitForAdMail(kit.server.mailbox, email, ad.itemId, 60_000);
    const storm = kit.double.requests.filter((r) => r.fault && [429, 403].includes(r.status));
    expect(storm.length).toBeGreaterThan(0);
    await waitForDeliveriesSettled(kit.server);
    expect(mailsWithAd(kit.server.mailbox, email, ad.itemId)).toBe(1);
    kit.double.clearFaults();
  });
});

describe('plans keep their meaning (plan intervals, no override)', () => {
  let kit: EngineE2E;

  beforeAll(async () => {
    kit = await startEngineE2E({ env: { ...FEED_ENV, CHECK_INTERVAL_SECONDS: undefined } });
  });
  afterAll(() => kit?.stop());

  it("a FREE alert's ad waits for its interval, a PRO alert's does not", async () => {
    const proEmail = uniqueEmail('pro');
    const freeEmail = uniqueEmail('free');
    const pro = kit.server.client();
    const free = kit.server.client();
    await loginAs(kit.server, pro, { email: proEmail, plan: 'PRO' });
    await loginAs(kit.server, free, { email: freeEmail, plan: 'FREE' });
    // Words of the ad's title, those whose search starts soonest: at the plans' own intervals a
    // new search starts anywhere in its first 30 s.
    const searchTerm = soonestStartingTerm([
      'ligfiets',
      'optima',
      'baron',
      'ligfiets optima',
      'optima baron',
      'ligfiets baron',
      'ligfiets optima baron',
    ]);
    const proAlert = await createUserAlert(pro, { searchTerm, notifyEmail: true });
    const freeAlert = await createUserAlert(free, { searchTerm, notifyEmail: true });
    await waitForFirstCheck(kit.server, proAlert);
    await waitForFirstCheck(kit.server, freeAlert);
    await waitForFeedRead(kit, FIETSEN);
    const ad = kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Ligfiets Optima Baron' });

    await waitForAdMail(kit.server.mailbox, proEmail, ad.itemId);
    expect(mailsWithAd(kit.server.mailbox, freeEmail, ad.itemId)).toBe(0);
    const [held] = await kit.server.models.Notification.findAll({
      where: { alertId: freeAlert },
      include: [{ model: kit.server.models.Delivery, as: 'deliveries' }],
    });
    const mail = held!.deliveries!.find((d) => d.channel === 'email')!;
    expect(mail.status).toBe('pending');
    const alert = await kit.server.models.Alert.findByPk(freeAlert);
    const intervalMs = alert!.checkIntervalMinutes * 60_000;
    expect(mail.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    expect(mail.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now() + intervalMs);
    expect(
      await kit.server.models.Delivery.count({
        where: { id: mail.id, sentAt: { [Op.ne]: null } },
      }),
    ).toBe(0);
  });
});

/** The first midnight in Amsterdam (the sites' day) after `after`: 22:00 or 23:00 UTC. */
function amsterdamMidnightAfter(after: number): number {
  const next = dayIndex(after) + 1;
  const candidates = [2, 1, 0].map((hours) => next * 86_400_000 - hours * 3_600_000);
  return candidates.find((at) => dayIndex(at) === next && dayIndex(at - 1) === next - 1)!;
}

describe("after midnight: an ad of 23:59 the site lists only under 'Gisteren'", () => {
  /** Feed reads go back this far once per half of it (feed/README.md "Late-listed ads"). */
  const OVERLAP_SECONDS = 60;
  /** The feed's shallow visits read back 15 s (feed-reader.ts SKEW_MS). */
  const SKEW_MS = 15_000;
  /**
   * The double's clock runs with real time, a few hours ahead of the server's (the feed's first
   * look asks for ads since the server's clock, so the site must not be behind it), from just
   * before a midnight in Amsterdam.
   */
  const MIDNIGHT = amsterdamMidnightAfter(Date.now() + 2 * 3_600_000);
  let offset = MIDNIGHT - 30 * 60_000 - Date.now();
  const siteNow = () => Date.now() + offset;
  let kit: EngineE2E;

  beforeAll(async () => {
    kit = await startEngineE2E({
      env: { ...FEED_ENV, ENGINE_FEED_OVERLAP_SECONDS: String(OVERLAP_SECONDS) },
      // A busy category: every read has new ads, so each moves the feed's read mark on.
      double: { now: siteNow, categoryMix: { [FIETSEN]: 1 }, publishPlatforms: ['marktplaats'] },
    });
  });
  afterAll(() => kit?.stop());

  const fietsen = () =>
    feedModels(kit.server.ctx.sequelize).FeedCategory.findByPk(`marktplaats:${FIETSEN}`);

  it("is delivered once, by the feed's deep read, within half the overlap", async () => {
    const email = uniqueEmail('middernacht');
    const browser = kit.server.client();
    await loginAs(kit.server, browser, { email, plan: 'PRO' });
    const alertId = await createUserAlert(browser, { searchTerm: 'racefiets', notifyEmail: true });
    await waitForFirstCheck(kit.server, alertId);
    kit.double.setPublishRate(1);
    await eventually(async () => (await fietsen())?.readAt != null, 30_000, 'the feed baseline');
    // Only the feed may find it: per-search polling of the alert is busy (204) meanwhile.
    kit.double.inject({ status: 204, target: 'search', query: 'racefiets', times: 100_000 });

    // An ad is posted at 23:59:57 but the site does not list it yet. The site's clock moves on to
    // 00:00:15 (rather than waiting there in real time): far enough past midnight that a shallow
    // visit (back SKEW_MS from the last read) no longer reaches back to the ad's posting time.
    const postedAt = MIDNIGHT - 3_000;
    offset = postedAt + 1_000 + SKEW_MS + 2_000 - Date.now();
    // Read on past midnight until that holds: only a deep read can find the ad from here.
    await eventually(
      async () => ((await fietsen())?.readAt?.getTime() ?? 0) - SKEW_MS > postedAt + 1_000,
      60_000,
      'feed reads past midnight',
    );

    const ad = kit.double.publish({
      categoryId: DAMESFIETSEN,
      title: 'Racefiets Gazelle',
      postedAt,
    });
    const listedAt = Date.now();
    const answer = await fetch(
      `${kit.double.baseUrl.marktplaats}/lrp/api/search?query=&l1CategoryId=${FIETSEN}` +
        `&attributesByKey[]=offeredSince:${postedAt}&limit=100&offset=0` +
        '&sortBy=SORT_INDEX&sortOrder=DECREASING',
    );
    const { listings } = (await answer.json()) as {
      listings: Array<{ itemId: string; date: string }>;
    };
    expect(listings.find((listing) => listing.itemId === ad.itemId)?.date).toBe('Gisteren');

    // The README's promise: the next deep read, at most half the overlap later (plus a visit,
    // the match job and the SMTP round trip on a busy machine).
    const promisedMs = (OVERLAP_SECONDS / 2 + 15) * 1000;
    await waitForAdMail(kit.server.mailbox, email, ad.itemId, promisedMs);
    expect(Date.now() - listedAt).toBeLessThanOrEqual(promisedMs);
    expect(await foundBy(kit, ad.itemId)).toEqual(['feed']);

    // Per-search polling answers again and reads yesterday through: it finds the ad too, and the
    // user still gets it once.
    kit.double.setPublishRate(0);
    kit.double.clearFaults();
    await waitForNextCheck(kit.server, alertId);
    await waitForNextCheck(kit.server, alertId);
    await waitForDeliveriesSettled(kit.server);
    expect(mailsWithAd(kit.server.mailbox, email, ad.itemId)).toBe(1);
    expect(await foundBy(kit, ad.itemId)).toEqual(['feed']);
  });
});
