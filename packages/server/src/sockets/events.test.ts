/**
 * /ws/events through the running server (web + worker): who may connect, and what a connected
 * page receives as notifications are recorded.
 */
import type { NotificationDto } from '@prijsalarm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../test/auth-helpers';
import {
  countDeliveries,
  makeListing,
  recordMatches,
  waitForDelivery,
} from '../../test/delivery-helpers';
import { createAlert } from '../../test/factories';
import type { TestClient } from '../../test/http-client';
import { closeLiveSockets, openLiveEvents } from '../../test/live-events';
import { startTestServer, type TestServer } from '../../test/support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: { SERVICES: 'web,worker', CORS_ORIGINS: 'https://app.example.nl' },
  });
});
afterAll(async () => {
  closeLiveSockets();
  await server.stop();
});

/** Opens /ws/events with the client's cookies; rejects with the HTTP status when refused. */
const connect = (client: TestClient | null, headers: Record<string, string> = {}) =>
  openLiveEvents(server.baseUrl, client, headers);

async function loggedIn() {
  const browser = server.client();
  const user = await loginAs(server, browser);
  const alert = await createAlert(server.models, { userId: user.id, searchTerm: 'camera' });
  return { browser, user, alert };
}

describe('who may connect', () => {
  it('without a session: refused with 401', async () => {
    await expect(connect(null)).rejects.toMatchObject({ status: 401 });
    const guest = server.client();
    await guest.get('/api/auth/csrf');
    await expect(connect(guest)).rejects.toMatchObject({ status: 401 });
  });

  const publicOrigin = (): string => new URL(server.config.publicUrl).origin;
  it.each<[string, 'open' | 403, () => string | null]>([
    ['PUBLIC_URL', 'open', publicOrigin],
    ['a CORS_ORIGINS entry', 'open', () => 'https://app.example.nl'],
    ['none (the desktop app)', 'open', () => null],
    ['another site', 403, () => 'https://evil.example'],
  ])('Origin %s → %s', async (_case, expected, origin) => {
    const { browser } = await loggedIn();
    const value = origin();
    const attempt = connect(browser, value ? { origin: value } : {});
    if (expected === 'open') await expect(attempt).resolves.toBeTruthy();
    else await expect(attempt).rejects.toMatchObject({ status: expected });
  });

  it('answers a client ping with pong', async () => {
    const { browser } = await loggedIn();
    const live = await connect(browser);
    live.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await live.next()).toEqual({ type: 'pong' });
  });
});

describe('notifications as they are recorded', () => {
  it("come at once, saying when the desktop may pop them up by their alert's schedule", async () => {
    const anna = await loggedIn();
    const digest = await createAlert(server.models, {
      userId: anna.user.id,
      searchTerm: 'lens',
      deliverySchedule: { mode: 'hourly', quietHours: null },
    });
    const tab = await connect(anna.browser);
    await recordMatches(server, [{ alert: anna.alert, listing: makeListing() }]);
    const instant = (await tab.next()) as { notification: NotificationDto };
    expect(instant.notification.notifyAt).toBeNull();
    await recordMatches(server, [{ alert: digest, listing: makeListing() }]);
    const held = (await tab.next()) as { notification: NotificationDto };
    // The next full hour.
    const notifyAt = Date.parse(held.notification.notifyAt!);
    expect(notifyAt % 3_600_000).toBe(0);
    expect(notifyAt - Date.now()).toBeGreaterThan(0);
    expect(notifyAt - Date.now()).toBeLessThanOrEqual(3_600_000);
  });

  it('reach every open socket of their user, and no one else’s', async () => {
    const anna = await loggedIn();
    const bram = await loggedIn();
    const annaTab = await connect(anna.browser);
    const annaApp = await connect(anna.browser);
    const bramTab = await connect(bram.browser);
    const listing = makeListing({ title: 'Canon EOS R6 <body>' });
    const { created } = await recordMatches(server, [{ alert: anna.alert, listing }]);

    for (const live of [annaTab, annaApp]) {
      const message = (await live.next()) as {
        type: 'notification';
        notification: NotificationDto;
      };
      expect(message.type).toBe('notification');
      expect(message.notification).toMatchObject({
        id: created[0]!.notificationId,
        alertId: anna.alert.id,
        alertSearchTerm: 'camera',
        listing: { itemId: listing.id, title: 'Canon EOS R6 <body>', url: listing.url },
      });
      const shown = message.notification.deliveries.find((d) => d.channel === 'live');
      expect(shown).toMatchObject({ status: 'sent', lastError: null });
    }
    const delivery = await waitForDelivery(
      server,
      { alertId: anna.alert.id, channel: 'live' },
      'sent',
    );
    expect(delivery.attempts).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bramTab.received).toEqual([]);
  });

  it('with no open socket write no live row: the centre has the notification, and the ad recorded again brings nothing live', async () => {
    const { browser, alert } = await loggedIn();
    const listing = makeListing();
    const first = await recordMatches(server, [{ alert, listing }]);
    expect(first.created).toHaveLength(1);
    const liveRows = () => countDeliveries(server, { alertId: alert.id, channel: 'live' });
    // Time for the web side to hear the notification and find no page to send it to.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await liveRows()).toBe(0);
    const list = await browser.get<{ notifications: NotificationDto[] }>('/api/notifications');
    expect(list.body.notifications).toHaveLength(1);
    expect(list.body.notifications[0]!.deliveries.map((d) => d.channel)).not.toContain('live');

    const again = await recordMatches(server, [{ alert, listing }]);
    expect(again.created).toEqual([]);
    await connect(browser);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await liveRows()).toBe(0);
  });
});

describe('plan and limit changes', () => {
  it("reach every open socket of the user when an admin changes the plan, and no one else's", async () => {
    const { browser, user } = await loggedIn();
    const { browser: stranger } = await loggedIn();
    const first = await connect(browser);
    const second = await connect(browser);
    const other = await connect(stranger);
    const admin = server.client();
    await loginAs(server, admin, { role: 'ADMIN' });

    const res = await admin.put(`/api/admin/users/${user.id}/plan`, { plan: 'PRO' });
    expect(res.status).toBe(200);

    expect(await first.next()).toEqual({ type: 'account' });
    expect(await second.next()).toEqual({ type: 'account' });
    other.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await other.next()).toEqual({ type: 'pong' });
  });
});
