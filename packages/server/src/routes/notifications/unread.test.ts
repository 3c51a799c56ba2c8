/**
 * The navigation's bell: POST /notifications/mark-all-viewed ("Alles als gelezen markeren"), and
 * the unread count on the user's open /ws/events sockets (as each opens, and after every read).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TEXTS,
  type NotificationStatsOverview,
  type NotificationsMarkedResponse,
} from '@prijsalarm/core';
import { loginAs } from '../../../test/auth-helpers';
import { createAlert, createNotification } from '../../../test/factories';
import type { TestClient } from '../../../test/http-client';
import { closeLiveSockets, openLiveEvents } from '../../../test/live-events';
import { requestWithoutCsrf } from '../../../test/requests';
import { startTestServer, type TestServer } from '../../../test/support';
import type { Alert, Notification, User } from '../../models';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  closeLiveSockets();
  await server.stop();
});

/** When each reader's one read notification was viewed. */
const READ_BEFORE = new Date('2024-05-01T12:00:00Z');

interface Reader {
  client: TestClient;
  user: User;
  alert: Alert;
  notifications: Notification[];
}

/** A signed-in user with one alert and `unread` unread notifications (and one already read). */
async function readerWith(unread: number): Promise<Reader> {
  const client = server.client();
  const user = await loginAs(server, client);
  const alert = await createAlert(server.models, { userId: user.id, searchTerm: 'fiets' });
  const notifications: Notification[] = [];
  for (let i = 0; i < unread; i += 1) {
    notifications.push(await createNotification(server.models, alert));
  }
  await createNotification(server.models, alert, { viewedAt: READ_BEFORE });
  return { client, user, alert, notifications };
}

const unreadOf = async (client: TestClient) =>
  (await client.get<NotificationStatsOverview>('/api/notifications/stats/overview')).body.unread;

const markAll = (client: TestClient) =>
  client.post<NotificationsMarkedResponse>('/api/notifications/mark-all-viewed');

describe('POST /notifications/mark-all-viewed', () => {
  it('marks every unread notification of the caller viewed and says how many', async () => {
    const anna = await readerWith(3);
    const bram = await readerWith(2);
    const before = Date.now();
    const res = await markAll(anna.client);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ marked: 3 });
    expect(await unreadOf(anna.client)).toBe(0);
    for (const notification of anna.notifications) {
      await notification.reload();
      expect(notification.viewedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
    // Another user's stay unread.
    expect(await unreadOf(bram.client)).toBe(2);
    for (const notification of bram.notifications) {
      await notification.reload();
      expect(notification.viewedAt).toBeNull();
    }
  });

  it('keeps the moment of one viewed before', async () => {
    const anna = await readerWith(1);
    await markAll(anna.client);
    const moments = (
      await server.models.Notification.findAll({ where: { alertId: anna.alert.id } })
    ).map((row) => row.viewedAt?.getTime());
    expect(moments).toHaveLength(2);
    expect(moments).toContain(READ_BEFORE.getTime());
    expect(moments.every((moment) => moment !== undefined)).toBe(true);
  });

  it('answers { marked: 0 } when nothing is unread, or the user has no alerts at all', async () => {
    const anna = await readerWith(0);
    expect((await markAll(anna.client)).body).toEqual({ marked: 0 });
    const newcomer = server.client();
    await loginAs(server, newcomer);
    const res = await markAll(newcomer);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ marked: 0 });
  });

  it('refuses without the CSRF token and marks nothing', async () => {
    const anna = await readerWith(2);
    const res = await requestWithoutCsrf(anna.client, 'POST', '/api/notifications/mark-all-viewed');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: API_TEXTS.csrfInvalid });
    expect(await unreadOf(anna.client)).toBe(2);
  });

  it('a guest gets 401', async () => {
    const guest = server.client();
    await guest.get('/api/settings/public'); // a CSRF cookie, so POST reaches the auth check
    const res = await guest.post('/api/notifications/mark-all-viewed');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: API_TEXTS.unauthenticated });
  });
});

describe('the count on the user’s open pages', () => {
  it('comes first on every socket as it opens: the caller’s own unread ones', async () => {
    const anna = await readerWith(3);
    await readerWith(2);
    expect((await openLiveEvents(server.baseUrl, anna.client)).unread).toBe(3);
    const newcomer = server.client();
    await loginAs(server, newcomer);
    expect((await openLiveEvents(server.baseUrl, newcomer)).unread).toBe(0);
  });

  it('arrives on every open socket of the user when they read one or all, on no one else’s', async () => {
    const anna = await readerWith(3);
    const bram = await readerWith(1);
    const tab = await openLiveEvents(server.baseUrl, anna.client);
    const otherTab = await openLiveEvents(server.baseUrl, anna.client);
    const bramTab = await openLiveEvents(server.baseUrl, bram.client);

    await anna.client.put(`/api/notifications/${anna.notifications[0]!.id}/viewed`);
    expect(await tab.next()).toEqual({ type: 'unread', unread: 2 });
    expect(await otherTab.next()).toEqual({ type: 'unread', unread: 2 });

    await markAll(anna.client);
    expect(await tab.next()).toEqual({ type: 'unread', unread: 0 });
    expect(await otherTab.next()).toEqual({ type: 'unread', unread: 0 });

    // Bram's page heard nothing of it: his next message is the answer to his own ping.
    bramTab.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await bramTab.next()).toEqual({ type: 'pong' });
  });

  it('says nothing when marking changed nothing', async () => {
    const anna = await readerWith(1);
    const tab = await openLiveEvents(server.baseUrl, anna.client);
    await markAll(anna.client);
    expect(await tab.next()).toEqual({ type: 'unread', unread: 0 });
    await markAll(anna.client);
    await anna.client.put(`/api/notifications/${anna.notifications[0]!.id}/viewed`);
    tab.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await tab.next()).toEqual({ type: 'pong' });
  });
});
