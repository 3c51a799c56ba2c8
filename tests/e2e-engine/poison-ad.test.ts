/**
 * One bad ad among good ones, against the marketplace double: three ads published together, the
 * middle one's title carrying a NUL byte and a right-to-left override. The clean ads around it are
 * each mailed once, the bad one is delivered with its text cleaned, and the search's own checks
 * (per-search polling) keep succeeding while the ad stays online.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, uniqueEmail } from '../../packages/server/test/auth-helpers';
import {
  createUserAlert,
  mailsWithAd,
  startEngineE2E,
  waitForAdMail,
  waitForDeliveriesSettled,
  waitForFeedRead,
  waitForFirstCheck,
  waitForNextCheck,
  type EngineE2E,
} from './kit';

const DAMESFIETSEN = 447;
const FIETSEN = 445;

describe('a NUL byte in one ad of a batch', () => {
  let kit: EngineE2E;

  beforeAll(async () => {
    kit = await startEngineE2E({
      env: { ENGINE_FEED: 'on', ENGINE_FEED_MAX_GAP_SECONDS: '1', RECONCILE_FACTOR: '1' },
    });
  });
  afterAll(() => kit?.stop());

  it('the clean ads around it are delivered once each; it is delivered cleaned', async () => {
    const email = uniqueEmail('nul');
    const browser = kit.server.client();
    await loginAs(kit.server, browser, { email, plan: 'REGISTERED' });
    const alertId = await createUserAlert(browser, { searchTerm: 'bakfiets', notifyEmail: true });
    await waitForFirstCheck(kit.server, alertId);
    await waitForFeedRead(kit, FIETSEN);

    const first = kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Bakfiets Babboe' });
    const poison = kit.double.publish({
      categoryId: DAMESFIETSEN,
      title: 'Bakfiets\u0000 Urban \u202eArrow',
      description: 'Bijna nieuw\u0000, met regenhuif',
    });
    const last = kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Bakfiets Cargobike' });

    await waitForAdMail(kit.server.mailbox, email, first.itemId);
    await waitForAdMail(kit.server.mailbox, email, last.itemId);
    await waitForAdMail(kit.server.mailbox, email, poison.itemId);
    const [stored] = await kit.server.models.Notification.findAll({
      where: { alertId, listingId: poison.itemId },
      include: [{ association: 'snapshot' }],
    });
    expect(stored!.title).toBe('Bakfiets Urban Arrow');
    expect(stored!.description).toBe('Bijna nieuw, met regenhuif');

    // The search's own checks read the same three ads and keep succeeding.
    await waitForNextCheck(kit.server, alertId);
    await waitForNextCheck(kit.server, alertId);
    await waitForDeliveriesSettled(kit.server);
    const links = await kit.server.models.AlertSearch.findAll({ where: { alertId } });
    const searches = await kit.server.models.Search.findAll({
      where: { key: links.map((link) => link.searchKey) },
    });
    expect(searches.map((search) => search.consecutiveFailures)).toEqual([0]);
    for (const ad of [first, poison, last]) {
      expect(mailsWithAd(kit.server.mailbox, email, ad.itemId)).toBe(1);
    }
  });
});
