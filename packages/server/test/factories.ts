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
import type { Alert, Delivery, ListingSnapshot, Models, Notification } from '../src/models';
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

/**
 * Moves an alert's creation a minute back. Alerts made back to back may share a millisecond, and
 * what orders alerts by age (a message naming several, oldest first) then falls to their ids.
 */
export async function madeAMinuteEarlier(
  { Alert }: Pick<Models, 'Alert'>,
  alert: Pick<Alert, 'id'>,
): Promise<void> {
  await Alert.sequelize!.query('UPDATE alerts SET createdAt = ? WHERE id = ?', {
    replacements: [new Date(Date.now() - 60_000), alert.id],
  });
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

/** What a notification shows of its listing (stored once per listing: `ListingSnapshot`). */
export type ListingFields = Partial<
  Omit<CreationAttributes<ListingSnapshot>, 'id' | 'platform' | 'listingId' | 'createdAt'>
>;

export type NotificationFields = Partial<
  Omit<CreationAttributes<Notification>, 'listingSnapshotId'>
> &
  ListingFields;

const LISTING_FIELDS = [
  'title',
  'description',
  'url',
  'imageUrls',
  'location',
  'sellerName',
  'sellerType',
  'isPaid',
  'postedAt',
  'listing',
] as const;

/**
 * A notification of `alert`, with its listing stored as the recorder stores it: once per
 * (platform, listingId) — a second notification of the same listing shares the first's snapshot,
 * and its listing fields are then ignored. The returned row has its snapshot loaded.
 */
export async function createNotification(
  { Notification, ListingSnapshot }: Pick<Models, 'Notification' | 'ListingSnapshot'>,
  alert: Pick<Alert, 'id' | 'userId'>,
  overrides: NotificationFields = {},
): Promise<Notification> {
  const n = next();
  const own: Record<string, unknown> = {};
  const listing: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(overrides)) {
    ((LISTING_FIELDS as readonly string[]).includes(key) ? listing : own)[key] = value;
  }
  const platform = (own.platform as Notification['platform'] | undefined) ?? 'marktplaats';
  const listingId = (own.listingId as string | undefined) ?? `m${1_000_000_000 + n}`;
  const [snapshot] = await ListingSnapshot.findOrCreate({
    where: { platform, listingId },
    defaults: {
      platform,
      listingId,
      title: `Advertentie ${n}`,
      description: null,
      url: `https://www.marktplaats.nl/v/a/${listingId}`,
      imageUrls: [],
      location: 'Utrecht',
      sellerName: 'Verkoper',
      sellerType: 'private',
      ...listing,
    },
  });
  const notification = await Notification.create({
    alertId: alert.id,
    userId: alert.userId,
    platform,
    listingId,
    listingSnapshotId: snapshot.id,
    priceCents: 1000,
    priceType: 'FIXED',
    ...own,
  });
  notification.snapshot = snapshot;
  return notification;
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
