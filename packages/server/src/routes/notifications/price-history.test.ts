/**
 * Price drops in the notification centre: the kind filter, a drop's previous price,
 * and GET /notifications/{id} with the listing's price history — PRO only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDetailResponse, NotificationListResponse } from '@prijsalarm/core';
import { loginAs } from '../../../test/auth-helpers';
import { createAlert, createNotification } from '../../../test/factories';
import type { TestClient } from '../../../test/http-client';
import { startTestServer, type TestServer } from '../../../test/support';
import type { Notification } from '../../models';

let server: TestServer;
let pro: TestClient;
let registered: TestClient;
let drop: Notification;
let registeredNotification: Notification;

beforeAll(async () => {
  server = await startTestServer();
  pro = server.client();
  registered = server.client();
  const proUser = await loginAs(server, pro, { plan: 'PRO' });
  const registeredUser = await loginAs(server, registered, { plan: 'REGISTERED' });
  const alert = await createAlert(server.models, { userId: proUser.id, searchTerm: 'fiets' });
  const listing = { platform: 'marktplaats' as const, listingId: 'm2000000001' };
  await createNotification(server.models, alert, {
    ...listing,
    title: 'Gazelle fiets',
    priceCents: 15_000,
    createdAt: new Date('2024-05-01T10:00:00Z'),
  });
  drop = await createNotification(server.models, alert, {
    ...listing,
    title: 'Gazelle fiets',
    priceCents: 12_000,
    kind: 'price_drop',
    previousPriceCents: 15_000,
    dedupeKey: 'drop:12000',
    createdAt: new Date('2024-05-03T10:00:00Z'),
  });
  await server.models.ListingPrice.bulkCreate([
    { ...listing, priceCents: 15_000, observedAt: new Date('2024-05-01T09:59:00Z') },
    { ...listing, priceCents: null, observedAt: new Date('2024-05-02T09:59:00Z') },
    { ...listing, priceCents: 12_000, observedAt: new Date('2024-05-03T09:59:00Z') },
    { platform: '2dehands', listingId: listing.listingId, priceCents: 1, observedAt: new Date() },
  ]);
  const otherAlert = await createAlert(server.models, { userId: registeredUser.id });
  registeredNotification = await createNotification(server.models, otherAlert, listing);
});
afterAll(() => server.stop());

describe('price drops in the notification centre', () => {
  it('filters on the kind; a drop carries its previous price', async () => {
    const drops = await pro.get<NotificationListResponse>('/api/notifications', {
      query: { kind: 'price_drop' },
    });
    expect(drops.body.notifications.map((n) => [n.id, n.kind, n.previousPriceCents])).toEqual([
      [drop.id, 'price_drop', 15_000],
    ]);
    const news = await pro.get<NotificationListResponse>('/api/notifications', {
      query: { kind: 'new' },
    });
    expect(news.body.notifications.map((n) => [n.kind, n.previousPriceCents])).toEqual([
      ['new', null],
    ]);
    const wrong = await pro.get('/api/notifications', { query: { kind: 'duur' } });
    expect(wrong.status).toBe(400);
  });

  it('GET /notifications/{id} has the listing’s price history, oldest first, of its platform only', async () => {
    const res = await pro.get<NotificationDetailResponse>(`/api/notifications/${drop.id}`);
    expect(res.status).toBe(200);
    expect(res.body.notification.priceHistory).toEqual([
      { at: '2024-05-01T09:59:00.000Z', priceCents: 15_000 },
      { at: '2024-05-02T09:59:00.000Z', priceCents: null },
      { at: '2024-05-03T09:59:00.000Z', priceCents: 12_000 },
    ]);
  });

  it('keeps the history to PRO: another plan gets an empty one', async () => {
    const res = await registered.get<NotificationDetailResponse>(
      `/api/notifications/${registeredNotification.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.notification.priceHistory).toEqual([]);
  });

  it('exports the kind and the previous price in the CSV', async () => {
    const res = await pro.get('/api/notifications/export', { query: { kind: 'price_drop' } });
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/;Soort;Vorige prijs \(€\)$/);
    expect(lines.slice(1, -1).map((line) => line.split(';').slice(-2))).toEqual([
      ['Prijsdaling', '150,00'],
    ]);
  });
});
