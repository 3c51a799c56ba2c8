/**
 * The e-mail channel through the running server: matches are recorded as a check records them, the
 * worker role sends, a real SMTP server receives.
 */
import { ALERT_MAIL_TEXTS, type NotificationListResponse } from '@prijsalarm/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, createUser } from '../../../test/auth-helpers';
import {
  eventually,
  makeListing,
  recordMatches,
  waitForDelivery,
} from '../../../test/delivery-helpers';
import { createAlert, madeAMinuteEarlier } from '../../../test/factories';
import type { ReceivedMail } from '../../../test/mailbox';
import { bareRequest } from '../../../test/requests';
import { startTestServer, type TestServer } from '../../../test/support';
import { manageUrlOf } from '../../security/alert-links';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      SERVICES: 'web,worker',
      DELIVERY_RETRY_SECONDS: '1',
      DELIVERY_ATTEMPTS: '3',
    },
  });
});
afterAll(() => server.stop());
afterEach(() => server.mailbox.refuse(null));

const mailsTo = (address: string) => server.mailbox.messages.filter((m) => m.to.includes(address));

/** Waits for the first mail to `to`, then a moment more to see that no second one follows. */
async function theOnlyMailTo(to: string): Promise<ReceivedMail> {
  const mail = await server.mailbox.waitFor({ to });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(mailsTo(to)).toHaveLength(1);
  return mail;
}

/** The plain-text mail cut at its "Voor je alert…" headings: heading → what follows it. */
function sectionsOf(text: string): Record<string, string> {
  const sections: Record<string, string> = {};
  const parts = text.split(/^(Voor je alerts? .*)$/m);
  for (let index = 1; index < parts.length; index += 2) {
    sections[parts[index]!] = (parts[index + 1] ?? '').split(/^Alert "/m)[0]!;
  }
  return sections;
}

const guestAlert = (email: string, searchTerm: string) =>
  createAlert(server.models, { email, searchTerm });

describe('one mail per recipient per check', () => {
  it('two new ads of one alert arrive in one mail, each with price, place and link', async () => {
    const alert = await guestAlert('twee@example.nl', 'iPhone 13');
    const first = makeListing({ title: 'iPhone 13 128GB zwart', priceCents: 45_000 });
    const second = makeListing({
      title: 'iPhone 13 mini',
      priceType: 'MIN_BID',
      priceCents: 30_000,
      location: { cityName: 'Amsterdam', countryCode: 'NL', distanceMeters: 12_400 },
    });
    await recordMatches(server, [
      { alert, listing: first },
      { alert, listing: second },
    ]);

    const mail = await theOnlyMailTo('twee@example.nl');
    expect(mail.subject).toBe('2 nieuwe advertenties voor "iPhone 13"');
    expect(mail.text).toContain('iPhone 13 128GB zwart');
    expect(mail.text).toContain('€ 450,00 · Utrecht · 4 km');
    expect(mail.text).toContain('Bieden vanaf € 300,00 · Amsterdam · 12 km');
    expect(mail.text).toContain(first.url);
    expect(mail.html).toContain(`href="${second.url}"`);
    expect(mail.html).toContain(`src="${first.imageUrls[0]}"`);
    expect(mail.text).toContain(manageUrlOf(server.ctx, alert));
    for (const listing of [first, second]) {
      const delivery = await waitForDelivery(
        server,
        { alertId: alert.id, channel: 'email', listingId: listing.id },
        'sent',
      );
      expect(delivery).toMatchObject({ attempts: 1, lastError: null });
      expect(delivery.sentAt).toBeInstanceOf(Date);
    }
  });

  it('ads of two alerts of one user are grouped by alert in one mail', async () => {
    const user = await createUser(server, { email: 'groepen@example.nl' });
    const bikes = await createAlert(server.models, { userId: user.id, searchTerm: 'fiets' });
    const sofas = await createAlert(server.models, { userId: user.id, searchTerm: 'bank' });
    await recordMatches(server, [
      { alert: bikes, listing: makeListing({ title: 'Gazelle fiets' }) },
      { alert: sofas, listing: makeListing({ title: 'Chesterfield bank' }) },
      { alert: bikes, listing: makeListing({ title: 'Batavus fiets' }) },
    ]);

    const mail = await theOnlyMailTo('groepen@example.nl');
    expect(mail.subject).toMatch(
      /^3 nieuwe advertenties voor ("fiets" en "bank"|"bank" en "fiets")$/,
    );
    const sections = sectionsOf(mail.text);
    expect(Object.keys(sections).sort()).toEqual(['Voor je alert "bank"', 'Voor je alert "fiets"']);
    expect(sections['Voor je alert "fiets"']).toContain('Gazelle fiets');
    expect(sections['Voor je alert "fiets"']).toContain('Batavus fiets');
    expect(sections['Voor je alert "bank"']).toContain('Chesterfield bank');
    expect(sections['Voor je alert "bank"']).not.toContain('fiets');
  });

  it('the same ad matched by two alerts of one user appears once, naming both', async () => {
    const user = await createUser(server, { email: 'dubbel@example.nl' });
    const wide = await createAlert(server.models, { userId: user.id, searchTerm: 'iphone' });
    const narrow = await createAlert(server.models, { userId: user.id, searchTerm: 'iphone 13' });
    await madeAMinuteEarlier(server.models, wide);
    const listing = makeListing({ title: 'iPhone 13 Pro blauw' });
    await recordMatches(server, [
      { alert: wide, listing },
      { alert: narrow, listing },
    ]);

    const mail = await theOnlyMailTo('dubbel@example.nl');
    expect(mail.subject).toBe('1 nieuwe advertentie voor "iphone" en "iphone 13"');
    expect(mail.text.split('iPhone 13 Pro blauw')).toHaveLength(2);
    expect(mail.text).toContain('Voor je alerts "iphone" en "iphone 13"');
    // Both alerts' deliveries are settled by that one mail.
    for (const alert of [wide, narrow]) {
      await waitForDelivery(server, { alertId: alert.id, channel: 'email' }, 'sent');
    }
  });

  it('the same ad found by another alert in a later check, while the mail waits: one mail naming both', async () => {
    const user = await createUser(server, { email: 'later-open@example.nl' });
    const wide = await createAlert(server.models, { userId: user.id, searchTerm: 'kinderfiets' });
    const narrow = await createAlert(server.models, {
      userId: user.id,
      searchTerm: 'gazelle kinderfiets',
    });
    await madeAMinuteEarlier(server.models, wide);
    const listing = makeListing({ title: 'Gazelle kinderfiets 20 inch' });
    server.mailbox.refuse({ kind: 'temporary', to: 'later-open@example.nl' });
    await recordMatches(server, [{ alert: wide, listing }]);
    await waitForDelivery(server, { alertId: wide.id, channel: 'email' }, 'retrying');
    // Another search, another check: the ad's message is still open, so it joins it.
    await recordMatches(server, [{ alert: narrow, listing }]);
    server.mailbox.refuse(null);

    const mail = await theOnlyMailTo('later-open@example.nl');
    expect(mail.subject).toBe('1 nieuwe advertentie voor "kinderfiets" en "gazelle kinderfiets"');
    expect(mail.text.split('Gazelle kinderfiets 20 inch')).toHaveLength(2);
    for (const alert of [wide, narrow]) {
      await waitForDelivery(server, { alertId: alert.id, channel: 'email' }, 'sent');
    }
  });

  it('the same ad found by another alert after its mail went out: nothing more is sent', async () => {
    const user = await createUser(server, { email: 'later-sent@example.nl' });
    const wide = await createAlert(server.models, { userId: user.id, searchTerm: 'loopfiets' });
    const narrow = await createAlert(server.models, {
      userId: user.id,
      searchTerm: 'houten loopfiets',
    });
    const listing = makeListing({ title: 'Houten loopfiets' });
    await recordMatches(server, [{ alert: wide, listing }]);
    await waitForDelivery(server, { alertId: wide.id, channel: 'email' }, 'sent');
    await recordMatches(server, [{ alert: narrow, listing }]);

    await waitForDelivery(server, { alertId: narrow.id, channel: 'email' }, 'sent');
    const mail = await theOnlyMailTo('later-sent@example.nl');
    expect(mail.subject).toBe('1 nieuwe advertentie voor "loopfiets"');
  });

  it('separate checks give separate mails', async () => {
    const alert = await guestAlert('tweechecks@example.nl', 'lamp');
    await recordMatches(server, [{ alert, listing: makeListing({ title: 'Lamp 1' }) }]);
    await server.mailbox.waitFor({ to: 'tweechecks@example.nl', subject: '1 nieuwe' });
    await recordMatches(server, [{ alert, listing: makeListing({ title: 'Lamp 2' }) }]);
    await eventually(() => mailsTo('tweechecks@example.nl').length === 2);
  });
});

describe('marketplace text is escaped', () => {
  it('a <script> in a title arrives as text, never as markup', async () => {
    const alert = await guestAlert('escape@example.nl', 'console');
    const title = '<script>alert("x")</script> PS5 & "controller" <img src=x onerror=y>';
    await recordMatches(server, [
      {
        alert,
        listing: makeListing({
          title,
          location: { cityName: '<b>Zwolle</b>', countryCode: 'NL', distanceMeters: null },
          url: 'javascript:alert(1)',
        }),
      },
    ]);

    const mail = await theOnlyMailTo('escape@example.nl');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<b>Zwolle');
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; PS5 &amp;');
    expect(mail.text).toContain(title);
  });
});

describe('List-Unsubscribe (RFC 8058)', () => {
  it('is present, and the one-click POST pauses the alerts of the mail, idempotently', async () => {
    const user = await createUser(server, { email: 'afmelden@example.nl' });
    const one = await createAlert(server.models, { userId: user.id, searchTerm: 'tent' });
    const two = await createAlert(server.models, { userId: user.id, searchTerm: 'kano' });
    const other = await createAlert(server.models, { userId: user.id, searchTerm: 'fiets' });
    await recordMatches(server, [
      { alert: one, listing: makeListing() },
      { alert: two, listing: makeListing() },
    ]);

    const mail = await theOnlyMailTo('afmelden@example.nl');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const target = /^<(https?:\/\/[^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
    expect(target).toMatch(new RegExp(`^${server.baseUrl}/api/alerts/unsubscribe\\?token=`));

    // What a mail provider sends: no cookies, no CSRF header, a form body.
    const oneClick = () =>
      bareRequest(target!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const first = await oneClick();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: ALERT_MAIL_TEXTS.unsubscribed(2) });
    for (const alert of [one, two]) await alert.reload();
    await other.reload();
    expect([one.isActive, two.isActive, other.isActive]).toEqual([false, false, true]);
    expect((await oneClick()).status).toBe(200);
  });

  it.each([
    [
      'a tampered token',
      (url: URL) => url.searchParams.set('token', `${url.searchParams.get('token')}x`),
    ],
    ['no token', (url: URL) => url.searchParams.delete('token')],
  ])('refuses %s with 400 and pauses nothing', async (_case, spoil) => {
    const alert = await guestAlert(`spoil-${Date.now()}@example.nl`, 'boot');
    await recordMatches(server, [{ alert, listing: makeListing() }]);
    const mail = await server.mailbox.waitFor({ to: alert.email! });
    const url = new URL(/^<([^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')![1]!);
    spoil(url);
    const res = await bareRequest(url.toString(), { method: 'POST' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: ALERT_MAIL_TEXTS.unsubscribeLinkInvalid });
    await alert.reload();
    expect(alert.isActive).toBe(true);
  });

  it('a GET of the link (a scanner) pauses nothing', async () => {
    const alert = await guestAlert('scanner@example.nl', 'kast');
    await recordMatches(server, [{ alert, listing: makeListing() }]);
    const mail = await server.mailbox.waitFor({ to: 'scanner@example.nl' });
    const url = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')![1]!;
    expect((await bareRequest(url, { method: 'GET' })).status).toBe(404);
    await alert.reload();
    expect(alert.isActive).toBe(true);
  });
});

describe('delivery status', () => {
  it('is pending until the worker sends, then sent, as the owner sees on the notification', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser, { email: 'status@example.nl' });
    const alert = await createAlert(server.models, { userId: user.id, searchTerm: 'stoel' });
    await server.ctx.queue.pause();
    try {
      await recordMatches(server, [{ alert, listing: makeListing({ title: 'Eames stoel' }) }]);
      const before = await browser.get<NotificationListResponse>('/api/notifications');
      const email = before.body.notifications[0]?.deliveries.find((d) => d.channel === 'email');
      expect(email).toEqual({
        channel: 'email',
        status: 'pending',
        attempts: 0,
        lastError: null,
        sentAt: null,
      });
    } finally {
      await server.ctx.queue.resume();
    }
    await server.mailbox.waitFor({ to: 'status@example.nl' });
    const after = await eventually(async () => {
      const res = await browser.get<NotificationListResponse>('/api/notifications');
      const email = res.body.notifications[0]?.deliveries.find((d) => d.channel === 'email');
      return email?.status === 'sent' ? email : null;
    });
    expect(after).toMatchObject({ attempts: 1, lastError: null });
    expect(Date.parse(after.sentAt ?? '')).not.toBeNaN();
  });

  it('a mail server that is down for now: retrying with its reason, then sent once it is back', async () => {
    const alert = await guestAlert('later@example.nl', 'bureau');
    server.mailbox.refuse({ kind: 'temporary' });
    await recordMatches(server, [{ alert, listing: makeListing() }]);

    const retrying = await waitForDelivery(
      server,
      { alertId: alert.id, channel: 'email' },
      'retrying',
    );
    expect(retrying.attempts).toBe(1);
    expect(retrying.lastError).toContain('Tijdelijke fout, we proberen het opnieuw');
    expect(retrying.lastError).toContain('451');
    expect(retrying.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() - 1000);
    expect(mailsTo('later@example.nl')).toHaveLength(0);

    server.mailbox.refuse(null);
    const sent = await waitForDelivery(server, { alertId: alert.id, channel: 'email' }, 'sent');
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    await theOnlyMailTo('later@example.nl');
  });

  it('a server that keeps refusing for now: failed after DELIVERY_ATTEMPTS, with the reason', async () => {
    const alert = await guestAlert('nooit@example.nl', 'kachel');
    server.mailbox.refuse({ kind: 'temporary', to: 'nooit@example.nl' });
    await recordMatches(server, [{ alert, listing: makeListing() }]);
    // Retries after 1 s and 2 s, then the third failure is the last.
    const failed = await waitForDelivery(
      server,
      { alertId: alert.id, channel: 'email' },
      'failed',
      15_000,
    );
    expect(failed.attempts).toBe(3);
    expect(failed.lastError).toMatch(/^Niet verzonden na 3 pogingen \(.*451/);
  });

  it('a permanent refusal (550): failed at once with the server’s reason', async () => {
    const alert = await guestAlert('bestaatniet@example.nl', 'tafel');
    server.mailbox.refuse({ kind: 'permanent', to: 'bestaatniet@example.nl' });
    await recordMatches(server, [{ alert, listing: makeListing() }]);
    const failed = await waitForDelivery(server, { alertId: alert.id, channel: 'email' }, 'failed');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/^De mailserver weigerde de e-mail \(550/);
    expect(failed.nextAttemptAt).toBeNull();
  });

  it('a delivery already sent is not sent again when its job runs again', async () => {
    const alert = await guestAlert('eenmaal@example.nl', 'spiegel');
    const { pendingDeliveryIds } = await recordMatches(server, [{ alert, listing: makeListing() }]);
    await waitForDelivery(server, { alertId: alert.id, channel: 'email' }, 'sent');
    const [deliveryId] = pendingDeliveryIds;
    await server.ctx.queue.enqueue('deliver', { deliveryId: deliveryId! }, { jobId: 'again' });
    await server.ctx.queue.drain(5000);
    await theOnlyMailTo('eenmaal@example.nl');
  });
});
