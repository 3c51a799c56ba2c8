/**
 * Telegram end to end: a registered user links a chat through the bot (deep link `/start CODE`
 * in the Telegram double), makes an alert with Telegram through the API, and gets exactly one
 * message for one matching ad.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loginAs, uniqueEmail } from '../../packages/server/test/auth-helpers';
import {
  adIdsIn,
  alertMailsTo,
  createUserAlert,
  linkTelegramChat,
  startEngineE2E,
  waitForDeliveriesSettled,
  waitForFirstCheck,
  waitForNextCheck,
  eventually,
  type EngineE2E,
} from './kit';

const CHAT_ID = 7_100_001;
const email = uniqueEmail('telegram');
let kit: EngineE2E;
let alertId: string;

beforeAll(async () => {
  kit = await startEngineE2E({ telegram: true });
  kit.double.publish({ title: 'Nintendo Switch OLED wit', priceCents: 21_000 });
  const browser = kit.server.client();
  await loginAs(kit.server, browser, { email, plan: 'REGISTERED' });
  await linkTelegramChat(kit.telegram!, browser, CHAT_ID);
  alertId = await createUserAlert(browser, {
    searchTerm: 'nintendo switch',
    maxPrice: 300,
    notifyEmail: false,
    notifyTelegram: true,
  });
  await waitForFirstCheck(kit.server, alertId);
});
afterAll(() => kit?.stop());

/** The listing messages (not the bot's link confirmation) in the chat. */
const listingMessages = () =>
  kit.telegram!.messagesTo(CHAT_ID).filter((message) => adIdsIn(message.raw).length > 0);

it('one matching ad: exactly one Telegram message with title, price and link; nothing else', async () => {
  await waitForNextCheck(kit.server, alertId);
  expect(listingMessages()).toEqual([]);

  const ad = kit.double.publish({ title: 'Nintendo Switch <Lite> & spellen', priceCents: 14_500 });
  kit.double.publish({ title: 'PlayStation 5 disc', priceCents: 14_500 });
  const [message] = await eventually(
    () => {
      const found = listingMessages();
      return found.length > 0 ? found : null;
    },
    30_000,
    'the Telegram message',
  );

  expect(adIdsIn(message!.raw)).toEqual([ad.itemId]);
  // What the user sees after Telegram parsed the HTML: the ad's text escaped, not markup.
  expect(message!.text).toContain('Nintendo Switch <Lite> & spellen');
  expect(message!.text).toContain('€ 145');
  expect(message!.text).toContain('nintendo switch');

  await waitForNextCheck(kit.server, alertId);
  await waitForNextCheck(kit.server, alertId);
  await waitForDeliveriesSettled(kit.server);
  expect(listingMessages()).toHaveLength(1);
  // Telegram only: the user's alert does not mail.
  expect(alertMailsTo(kit.server.mailbox, email)).toEqual([]);
  const delivery = await kit.server.models.Delivery.findOne({ where: { channel: 'telegram' } });
  expect(delivery?.status).toBe('sent');
});
