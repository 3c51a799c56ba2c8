/**
 * Rows for tests, inserted with the models: alerts, notifications (normally made by the engine)
 * and their deliveries. Every field has a plausible default; pass only what the test is about.
 *
 *   const alert = await createAlert(server.models, { userId: user.id, searchTerm: 'fiets' });
 *   const notification = await createNotification(server.models, alert, { priceCents: 1250 });
 *   await createDelivery(server.models, notification, { channel: 'email', status: 'sent' });
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { CreationAttributes } from 'sequelize';
import type { Alert, Delivery, Models, Notification } from '../src/models';
import { hashToken } from '../src/security/tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

let sequence = 0;
const next = () => (sequence += 1);

export async function createAlert(
  { Alert }: Pick<Models, 'Alert'>,
  overrides: Partial<CreationAttributes<Alert>> = {},
): Promise<Alert> {
  return Alert.create(alertAttributes(overrides));
}

/** An alert's row as `createAlert` inserts it (for bulkCreate of many). */
export function alertAttributes(
  overrides: Partial<CreationAttributes<Alert>> = {},
): CreationAttributes<Alert> {
  const now = new Date();
  const token = () => randomBytes(16).toString('base64url');
  const manageToken = token();
  const refreshToken = token();
  return {
    userId: null,
    email: overrides.userId ? null : `gast${next()}@example.nl`,
    searchTerm: `zoekterm ${next()}`,
    platforms: ['marktplaats'],
    planAtCreation: 'REGISTERED',
    checkIntervalMinutes: 10,
    validityDays: 14,
    confirmedAt: now,
    expiresAt: new Date(now.getTime() + 14 * DAY_MS),
    manageTokenNonce: token(),
    manageTokenHash: hashToken(manageToken),
    refreshTokenNonce: token(),
    refreshTokenHash: hashToken(refreshToken),
    ...overrides,
  };
}

export async function createNotification(
  { Notification }: Pick<Models, 'Notification'>,
  alert: Pick<Alert, 'id' | 'userId'>,
  overrides: Partial<CreationAttributes<Notification>> = {},
): Promise<Notification> {
  const n = next();
  const listingId = `m${1_000_000_000 + n}`;
  return Notification.create({
    alertId: alert.id,
    userId: alert.userId,
    platform: 'marktplaats',
    listingId,
    title: `Advertentie ${n}`,
    description: null,
    priceCents: 1000,
    priceType: 'FIXED',
    url: `https://www.marktplaats.nl/v/a/${listingId}`,
    imageUrls: [],
    location: 'Utrecht',
    sellerName: 'Verkoper',
    sellerType: 'private',
    ...overrides,
  });
}

export async function createDelivery(
  { Delivery }: Pick<Models, 'Delivery'>,
  notification: Pick<Notification, 'id'>,
  overrides: Partial<CreationAttributes<Delivery>> = {},
): Promise<Delivery> {
  return Delivery.create({ notificationId: notification.id, channel: 'email', ...overrides });
}

/** A UUID that names no row. */
export function unknownId(): string {
  return randomUUID();
}
