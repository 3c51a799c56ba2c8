/**
 * Quiet hours and digests end to end: the running server with every role, the
 * marketplace double and the Telegram double; the server's delivery clock is moved forward
 * (`ctx.clock`) instead of waiting for 07:00. The engine records each ad at once (the notification
 * centre has it); e-mail and Telegram wait for the alert's schedule and then send ONE message.
 * Once on the in-process queue and once on BullMQ/Redis (the held rows' jobs are delayed jobs).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAIL_TEXTS, SCHEDULE_TEXTS } from '@prijsalarm/core';
import { Op } from 'sequelize';
import { loginAs, uniqueEmail } from '../../packages/server/test/auth-helpers';
import {
  adIdsIn,
  alertMailsTo,
  createUserAlert,
  eventually,
  linkTelegramChat,
  startEngineE2E,
  waitForDeliveriesSettled,
  waitForFirstCheck,
  waitForNextCheck,
  type EngineE2E,
} from './kit';

const redisUrl = inject('redisUrl');
const MODES: Array<[string, Record<string, string>]> = [
  ['the in-process queue', {}],
  ...(redisUrl
    ? [
        ['BullMQ on Redis', { REDIS_URL: redisUrl, REDIS_PREFIX: `test-${randomUUID()}` }] as [
          string,
          Record<string, string>,
        ],
      ]
    : []),
];

describe.each(MODES)('on %s', (_mode, env) => {
  let kit: EngineE2E;
  /** Delivery's clock = real time + this. */
  let offsetMs = 0;
  const setClock = (iso: string) => {
    offsetMs = new Date(iso).getTime() - Date.now();
  };

  beforeAll(async () => {
    kit = await startEngineE2E({ telegram: true, env });
    kit.server.ctx.clock = { now: () => new Date(Date.now() + offsetMs) };
  });
  afterAll(() => kit?.stop());

  /** Open deliveries on `channel` that the schedule holds. */
  const held = (channel: 'email' | 'telegram') =>
    kit.server.models.Delivery.findAll({
      where: { channel, heldUntil: { [Op.ne]: null }, status: ['pending', 'retrying'] },
    });

  it('a daily digest at 07:00 sends one mail at 07:00 with every ad since the last one', async () => {
    // 06:30 in Amsterdam (winter time, UTC+1).
    setClock('2026-11-26T05:30:00Z');
    const email = uniqueEmail('digest');
    const browser = kit.server.client();
    await loginAs(kit.server, browser, { email, plan: 'REGISTERED' });
    const alertId = await createUserAlert(browser, {
      searchTerm: 'gazelle',
      maxPrice: 500,
      schedule: { mode: 'daily', dailyHour: 7 },
    });
    await waitForFirstCheck(kit.server, alertId);

    const first = kit.double.publish({ title: 'Gazelle Orange C7', priceCents: 25_000 });
    await waitForNextCheck(kit.server, alertId);
    const second = kit.double.publish({
      title: 'Gazelle <b>Chamonix</b> & tas',
      priceCents: 19_000,
    });
    await waitForNextCheck(kit.server, alertId);
    const third = kit.double.publish({ title: 'Gazelle Esprit', priceCents: 12_000 });
    const rows = await eventually(
      async () => {
        const found = await held('email');
        return found.length === 3 ? found : null;
      },
      30_000,
      'three held e-mail deliveries',
    );
    // Held until 07:00 Amsterdam, and nothing mailed yet; the notification centre has them.
    expect(rows.map((row) => row.heldUntil?.toISOString())).toEqual(
      Array(3).fill('2026-11-26T06:00:00.000Z'),
    );
    const digestMails = () =>
      kit.server.mailbox.messages.filter(
        (mail) => mail.to.includes(email) && mail.subject === MAIL_TEXTS.digest.subject(3),
      );
    await waitForNextCheck(kit.server, alertId);
    expect(digestMails()).toEqual([]);
    expect(alertMailsTo(kit.server.mailbox, email)).toEqual([]);
    expect(await kit.server.models.Notification.count({ where: { alertId } })).toBe(3);

    setClock('2026-11-26T06:00:01Z');
    const [mail] = await eventually(
      () => {
        const found = digestMails();
        return found.length > 0 ? found : null;
      },
      30_000,
      'the digest mail',
    );
    // All three, newest first; the marketplace's markup is text, not HTML.
    expect(adIdsIn(mail!.text)).toEqual([third.itemId, second.itemId, first.itemId]);
    expect(mail!.text).toContain(MAIL_TEXTS.digest.intro(3));
    expect(mail!.html).toContain('Gazelle &lt;b&gt;Chamonix&lt;/b&gt; &amp; tas');

    await waitForDeliveriesSettled(kit.server);
    await waitForNextCheck(kit.server, alertId);
    expect(digestMails()).toHaveLength(1);
    expect(alertMailsTo(kit.server.mailbox, email)).toEqual([]);
  });

  it('quiet hours 23:00–07:00 hold Telegram messages and send them as one when they end', async () => {
    const CHAT_ID = 7_200_002;
    // 23:30 in Amsterdam.
    setClock('2026-11-26T22:30:00Z');
    const browser = kit.server.client();
    await loginAs(kit.server, browser, { email: uniqueEmail('stil'), plan: 'REGISTERED' });
    await linkTelegramChat(kit.telegram!, browser, CHAT_ID);
    const alertId = await createUserAlert(browser, {
      searchTerm: 'switch',
      maxPrice: 400,
      notifyEmail: false,
      notifyTelegram: true,
      schedule: { mode: 'instant', quietHours: { start: '23:00', end: '07:00' } },
    });
    await waitForFirstCheck(kit.server, alertId);
    const listingMessages = () =>
      kit.telegram!.messagesTo(CHAT_ID).filter((message) => adIdsIn(message.raw).length > 0);

    const one = kit.double.publish({ title: 'Switch OLED <wit>', priceCents: 21_000 });
    const two = kit.double.publish({ title: 'Switch Lite', priceCents: 9_000 });
    await eventually(
      async () => ((await held('telegram')).length === 2 ? true : null),
      30_000,
      'two held Telegram deliveries',
    );
    await waitForNextCheck(kit.server, alertId);
    expect(listingMessages()).toEqual([]);

    setClock('2026-11-27T06:00:01Z');
    const [message] = await eventually(
      () => {
        const found = listingMessages();
        return found.length > 0 ? found : null;
      },
      30_000,
      'the Telegram digest',
    );
    expect(new Set(adIdsIn(message!.raw))).toEqual(new Set([one.itemId, two.itemId]));
    expect(message!.text).toContain(SCHEDULE_TEXTS.telegram.heading(2));
    expect(message!.text).toContain('Switch OLED <wit>');

    await waitForDeliveriesSettled(kit.server);
    await waitForNextCheck(kit.server, alertId);
    expect(listingMessages()).toHaveLength(1);
  });
});
