/**
 * Distance alerts in the feed, against the marketplace double over HTTP: the double measures
 * distances from its own place of a postcode (3511 → Utrecht) to each ad's city, as the sites do;
 * the engine learns that place from one answer and then decides distance alerts from the feed's
 * listings — the ads a user within the circle expects, and none outside it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEngineKit, type EngineKit } from '../../../test/engine-kit';
import { PLACES } from '../../../../../tests/doubles/marketplace/catalogue';
import type { Alert } from '../../models';
import { AlertIndex } from './alert-index';
import { createFeedReader, type FeedReader } from './feed-reader';
import { haversineMeters } from './geo';
import { createIndexSync } from './index-sync';
import { LOCATE_DISTANCE_KM, createPostcodeLocator } from './locate';
import { placeKey, processPlaces } from './places';
import { feedModels } from './store';

const FIETSEN = 445;
const DAMESFIETSEN = 447;
const utrecht = PLACES.marktplaats.find((place) => place.cityName === 'Utrecht')!;

let kit: EngineKit;
let index: AlertIndex;
let sync: ReturnType<typeof createIndexSync>;
let reader: FeedReader;
let clock: number;
let locator: ReturnType<typeof createPostcodeLocator>;

beforeAll(async () => {
  kit = await startEngineKit({ env: { ENGINE_FEED: 'off' } });
});
afterAll(() => kit.stop());

beforeEach(async () => {
  await kit.models.Alert.destroy({ where: {} });
  const { FeedCategory, FeedListing, PostcodePlace } = feedModels(kit.ctx.sequelize);
  await FeedCategory.destroy({ where: {} });
  await FeedListing.destroy({ where: {} });
  await PostcodePlace.destroy({ where: {} });
  kit.double.reset();
  kit.double.clearFaults();
  const places = processPlaces(kit.ctx);
  // A fresh book per test: the rows are gone, the process's memory of them must go too.
  for (const key of ['3511AB', '3511CD', '1011AB'].map((pc) => placeKey('marktplaats', pc))) {
    places.book.apply({ key, locatedAt: null, nextAttemptAt: null } as never);
  }
  index = new AlertIndex(places.book.get);
  sync = createIndexSync(kit.ctx, index, { refreshPlaces: places.refresh });
  reader = createFeedReader(kit.ctx, {
    platform: 'marktplaats',
    categories: [FIETSEN],
    client: kit.client,
    index,
    minGapMs: 0,
  });
  clock = Date.now();
  locator = createPostcodeLocator(kit.ctx, {
    platform: 'marktplaats',
    client: kit.client,
    index,
    categories: [FIETSEN],
    now: () => clock,
  });
});

/** Ads in many cities, as a real category has: what the locate answer measures from. */
function publishAcrossTheCountry(): void {
  for (const place of PLACES.marktplaats) {
    kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Herenfiets', cityName: place.cityName });
  }
}

async function distanceAlert(overrides: Partial<Alert> = {}): Promise<Alert> {
  const user = await kit.models.User.create({ email: `${randomUUID()}@example.nl`, plan: 'PRO' });
  const alert = await kit.alert({
    userId: user.id,
    email: null,
    searchTerm: 'racefiets',
    postalCode: '3511 AB',
    distanceKm: 10,
    confirmedAt: new Date(Date.now() - 60_000),
    ...overrides,
  });
  // Written long ago: only the place's touch brings it back to the index's change reads.
  await kit.ctx.sequelize.query('UPDATE alerts SET updatedAt = ? WHERE id = ?', {
    replacements: [new Date(Date.now() - 3_600_000), alert.id],
  });
  return alert;
}

const searches = () => kit.double.requests.filter((entry) => entry.path === '/lrp/api/search');

describe('locating a distance alert’s postcode', () => {
  it('learns the site’s place of the postcode from one answer; the feed then decides the alert', async () => {
    publishAcrossTheCountry();
    const alert = await distanceAlert();
    await sync.refresh();
    expect(index.has(alert.id)).toBe(false);
    expect(index.unlocated('marktplaats')).toEqual([{ postcode: '3511AB', alerts: 1 }]);

    kit.double.requests.length = 0;
    const outcome = await locator.locateNext();
    expect(outcome).toMatchObject({ status: 'located', postcode: '3511AB' });
    // One request: the postcode with a distance covering the country, no words.
    expect(searches()).toHaveLength(1);
    const query = searches()[0]!.query;
    expect(query.get('postcode')).toBe('3511AB');
    expect(query.get('distanceMeters')).toBe(String(LOCATE_DISTANCE_KM * 1000));
    expect(query.get('query')).toBe('');
    const place = processPlaces(kit.ctx).book.get('marktplaats', '3511 AB')!;
    expect(haversineMeters(place, utrecht)).toBeLessThan(5);

    // The alert was touched with its place: the next refresh files it, nothing waits any more.
    await sync.refresh();
    expect(index.has(alert.id)).toBe(true);
    expect(index.unlocated('marktplaats')).toEqual([]);
    expect((await locator.locateNext()).status).toBe('idle');

    expect((await reader.visit(FIETSEN)).status).toBe('baseline');
    const near = kit.double.publish({
      categoryId: DAMESFIETSEN,
      title: 'Racefiets Gazelle',
      cityName: 'Utrecht',
    });
    kit.double.publish({
      categoryId: DAMESFIETSEN,
      title: 'Racefiets Trek',
      cityName: 'Amsterdam',
    });
    expect(await reader.visit(FIETSEN)).toMatchObject({ status: 'read', newListings: 2 });
    const found = await kit.models.Notification.findAll({ where: { alertId: alert.id } });
    expect(found.map((n) => [n.listingId, n.foundBy])).toEqual([[near.itemId, 'feed']]);
  });

  it('one located postcode serves every alert asking it, whatever its radius or spelling', async () => {
    publishAcrossTheCountry();
    const ten = await distanceAlert();
    const fifty = await distanceAlert({ postalCode: '3511AB', distanceKm: 50 });
    await sync.refresh();
    expect(index.unlocated('marktplaats')).toEqual([{ postcode: '3511AB', alerts: 2 }]);
    expect((await locator.locateNext()).status).toBe('located');
    await sync.refresh();
    expect(index.has(ten.id) && index.has(fifty.id)).toBe(true);

    await reader.visit(FIETSEN);
    // Rotterdam is ~46 km from Utrecht: inside 50 km, outside 10 km.
    const rotterdam = kit.double.publish({
      categoryId: DAMESFIETSEN,
      title: 'Racefiets',
      cityName: 'Rotterdam',
    });
    await reader.visit(FIETSEN);
    expect(await kit.models.Notification.count({ where: { alertId: ten.id } })).toBe(0);
    const [note] = await kit.models.Notification.findAll({ where: { alertId: fifty.id } });
    expect(note?.listingId).toBe(rotterdam.itemId);
  });

  it('an answer that cannot place the postcode leaves the alert to per-search polling and asks again later', async () => {
    // Every ad in one city: one distance, no point.
    for (let i = 0; i < 5; i++) {
      kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Fiets', cityName: 'Utrecht' });
    }
    const alert = await distanceAlert();
    await sync.refresh();
    expect(await locator.locateNext()).toMatchObject({ status: 'unplaced', postcode: '3511AB' });
    const row = await feedModels(kit.ctx.sequelize).PostcodePlace.findByPk('marktplaats:3511AB');
    expect(row).toMatchObject({ locatedAt: null, attempts: 1 });
    expect(row!.nextAttemptAt!.getTime()).toBe(clock + 60_000);
    await sync.refresh();
    expect(index.has(alert.id)).toBe(false);

    kit.double.requests.length = 0;
    clock += 30_000;
    expect((await locator.locateNext()).status).toBe('idle');
    expect(searches()).toHaveLength(0);
    publishAcrossTheCountry();
    clock += 30_000;
    expect((await locator.locateNext()).status).toBe('located');
    await sync.refresh();
    expect(index.has(alert.id)).toBe(true);
  });

  it('an answer too thin to place it moves on to the busiest category not asked yet, before anything is recorded', async () => {
    const AUTOS = 91;
    const ANTIEK = 1;
    const { FeedCategory, PostcodePlace } = feedModels(kit.ctx.sequelize);
    // Cars and antiques are busier by the learnt rate, but the double has none of either.
    const rates = async (entries: Array<[number, number]>) => {
      for (const [l1, adsPerMinute] of entries) {
        await FeedCategory.upsert({
          key: `marktplaats:${l1}`,
          platform: 'marktplaats',
          l1CategoryId: l1,
          adsPerMinute,
        });
      }
    };
    await rates([
      [AUTOS, 30],
      [ANTIEK, 20],
      [FIETSEN, 5],
    ]);
    publishAcrossTheCountry();
    await distanceAlert();
    await sync.refresh();
    const threeCategories = createPostcodeLocator(kit.ctx, {
      platform: 'marktplaats',
      client: kit.client,
      index,
      categories: [FIETSEN, ANTIEK, AUTOS],
      now: () => clock,
    });
    kit.double.requests.length = 0;
    expect(await threeCategories.locateNext()).toMatchObject({ status: 'unplaced', samples: 0 });
    // The rates move as the feed learns: cars are asked once, not again.
    await rates([
      [AUTOS, 25],
      [ANTIEK, 40],
    ]);
    clock += 5_000;
    expect((await threeCategories.locateNext()).status).toBe('unplaced');
    expect(await PostcodePlace.count()).toBe(0);
    clock += 5_000;
    expect((await threeCategories.locateNext()).status).toBe('located');
    expect(searches().map((entry) => entry.query.get('l1CategoryId'))).toEqual([
      String(AUTOS),
      String(ANTIEK),
      String(FIETSEN),
    ]);
  });

  it('a refusing host records nothing against the postcode: it is asked again after the gap', async () => {
    publishAcrossTheCountry();
    await distanceAlert();
    await sync.refresh();
    kit.double.inject({ status: 403, target: 'search' });
    expect((await locator.locateNext()).status).toBe('failed');
    expect(await feedModels(kit.ctx.sequelize).PostcodePlace.count()).toBe(0);
    expect((await locator.locateNext()).status).toBe('idle'); // within the gap
    // The client cools the host down after a 403; once it has, the next gap asks again.
    const until = kit.client.coolingDownUntil('marktplaats');
    expect(until).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, until! - Date.now() + 20));
    clock += 5_000;
    expect((await locator.locateNext()).status).toBe('located');
  });
});
