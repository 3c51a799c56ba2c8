/**
 * A 403 storm end to end: the marketplace blocks the searches several times in a row, the server
 * cools the host down (MARKETPLACE_COOLDOWN_SECONDS=1, doubling per 403), and once the host answers
 * again every ad published before and during the storm is mailed — each exactly once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  adIdsIn,
  alertMailsTo,
  createConfirmedGuestAlert,
  eventually,
  mailsWithAd,
  startEngineE2E,
  waitForAdMail,
  waitForDeliveriesSettled,
  waitForFirstCheck,
  waitForNextCheck,
  type EngineE2E,
  type GuestAlert,
} from './kit';

const STORM = 3;
let kit: EngineE2E;
let guest: GuestAlert;

beforeAll(async () => {
  kit = await startEngineE2E();
  guest = await createConfirmedGuestAlert(kit.server, {
    searchTerm: 'platenspeler',
    maxPrice: 500,
  });
  await waitForFirstCheck(kit.server, guest.alertId);
});
afterAll(() => kit?.stop());

const blocked = () =>
  kit.double.requests.filter((request) => request.fault && request.status === 403);

async function searchOfGuest() {
  const link = await kit.server.models.AlertSearch.findOne({ where: { alertId: guest.alertId } });
  return kit.server.models.Search.findByPk(link!.searchKey);
}

it('after the cool-down ends no ad published during the storm is missed, none mailed twice', async () => {
  await waitForNextCheck(kit.server, guest.alertId);
  kit.double.inject({ status: 403, times: STORM, platform: 'marktplaats', target: 'search' });
  const ads = [kit.double.publish({ title: 'Technics platenspeler SL-1500', priceCents: 30_000 })];

  // One more ad after each 403, while the host is cooling down.
  for (let n = 1; n <= STORM; n++) {
    const refusedAt = (await eventually(() => blocked()[n - 1], 30_000, `403 number ${n}`)).at;
    await eventually(
      async () => ((await searchOfGuest())?.cooldownUntil?.getTime() ?? 0) > refusedAt,
      10_000,
      'the search to record the cool-down',
    );
    ads.push(kit.double.publish({ title: `Dual platenspeler nummer ${n}`, priceCents: 9_000 + n }));
  }

  for (const ad of ads) await waitForAdMail(kit.server.mailbox, guest.email, ad.itemId, 60_000);
  await waitForNextCheck(kit.server, guest.alertId);
  await waitForNextCheck(kit.server, guest.alertId);
  await waitForDeliveriesSettled(kit.server);

  for (const ad of ads) expect(mailsWithAd(kit.server.mailbox, guest.email, ad.itemId)).toBe(1);
  const mailed = alertMailsTo(kit.server.mailbox, guest.email).flatMap((mail) =>
    adIdsIn(mail.text),
  );
  expect(mailed.sort()).toEqual(ads.map((ad) => ad.itemId).sort());

  // The storm was real: STORM searches refused, and after the k-th 403 the host was left alone
  // for its cool-down of 2^(k-1) s (1 s, 2 s, 4 s) before the next request.
  expect(blocked()).toHaveLength(STORM);
  const toHost = kit.double.requests.filter((request) => request.platform === 'marktplaats');
  blocked().forEach((refused, k) => {
    const next = toHost.find((request) => request.at > refused.at);
    expect(next!.at - refused.at).toBeGreaterThanOrEqual(1000 * 2 ** k - 20);
  });
});
