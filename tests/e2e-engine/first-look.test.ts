/**
 * A new search's first look at the marketplace gets no real answer — a 204 (the sites send that
 * when busy) or a failed request — and the ads already on the market must never be mailed as new
 * once the marketplace answers again. An ad published after the alert was made still is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertMailsTo,
  createConfirmedGuestAlert,
  mailsWithAd,
  startEngineE2E,
  waitForAdMail,
  waitForDeliveriesSettled,
  waitForNextCheck,
  eventually,
  type EngineE2E,
} from './kit';

let kit: EngineE2E;
beforeAll(async () => {
  kit = await startEngineE2E();
});
afterAll(() => kit?.stop());

/** The double's log of the searches for `term`. */
function searchRequestsFor(term: string) {
  return kit.double.requests.filter(
    (entry) => entry.path === '/lrp/api/search' && entry.query.get('query') === term,
  );
}

async function oldAdsThenAlert(
  term: string,
  count: number,
  fault: Parameters<typeof kit.double.inject>[0],
) {
  const old = Array.from({ length: count }, (_, n) =>
    kit.double.publish({
      title: `${term} ${n}`,
      priceCents: 10_000 + n,
      postedAt: Date.now() - 60_000 + n,
    }),
  );
  kit.double.inject({ ...fault, target: 'search', query: term });
  const guest = await createConfirmedGuestAlert(kit.server, { searchTerm: term });
  // The faulty first look has happened, and real answers came after it.
  await eventually(
    () => searchRequestsFor(term).some((entry) => entry.fault),
    30_000,
    `the faulty first look of "${term}"`,
  );
  await waitForNextCheck(kit.server, guest.alertId);
  await waitForNextCheck(kit.server, guest.alertId);
  return { old, guest };
}

async function expectOnlyNewAdsMailed(
  term: string,
  old: Array<{ itemId: string }>,
  guest: { alertId: string; email: string },
) {
  const fresh = kit.double.publish({ title: `${term} nieuw`, priceCents: 12_345 });
  await waitForAdMail(kit.server.mailbox, guest.email, fresh.itemId);
  await waitForNextCheck(kit.server, guest.alertId);
  await waitForDeliveriesSettled(kit.server);
  for (const ad of old) expect(mailsWithAd(kit.server.mailbox, guest.email, ad.itemId)).toBe(0);
  expect(mailsWithAd(kit.server.mailbox, guest.email, fresh.itemId)).toBe(1);
  expect(alertMailsTo(kit.server.mailbox, guest.email)).toHaveLength(1);
}

describe('a first look without a real answer', () => {
  it('answered 204: no old ad is ever sent', async () => {
    const { old, guest } = await oldAdsThenAlert('grammofoon', 3, { status: 204, times: 1 });
    await waitForDeliveriesSettled(kit.server);
    expect(alertMailsTo(kit.server.mailbox, guest.email)).toEqual([]);
    await expectOnlyNewAdsMailed('grammofoon', old, guest);
  });

  it('answered 500 on its second page: no old ad is ever sent', async () => {
    // 150 ads of today: the first page answers, the second fails through every retry.
    const { old, guest } = await oldAdsThenAlert('platenspeler', 150, {
      status: 500,
      times: 4,
      after: 1,
    });
    await waitForDeliveriesSettled(kit.server);
    expect(alertMailsTo(kit.server.mailbox, guest.email)).toEqual([]);
    await expectOnlyNewAdsMailed('platenspeler', old, guest);
  });

  it('answered 500 on its first page: no old ad is ever sent', async () => {
    const { old, guest } = await oldAdsThenAlert('bandrecorder', 3, { status: 500, times: 4 });
    await waitForDeliveriesSettled(kit.server);
    expect(alertMailsTo(kit.server.mailbox, guest.email)).toEqual([]);
    await expectOnlyNewAdsMailed('bandrecorder', old, guest);
  });
});
