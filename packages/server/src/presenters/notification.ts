/** Notifications, their listings and deliveries as their owner sees them (core's DTOs). */
import type { DeliveryDto, ListingDto, NotificationDto, PricePoint } from '@prijsalarm/core';
import type { Delivery, ListingPrice, Notification } from '../models';

const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

export function presentDelivery(delivery: Delivery): DeliveryDto {
  return {
    channel: delivery.channel,
    status: delivery.status,
    attempts: delivery.attempts,
    lastError: delivery.lastError ?? null,
    sentAt: iso(delivery.sentAt),
  };
}

export function presentListing(notification: Notification): ListingDto {
  return {
    itemId: notification.listingId,
    platform: notification.platform,
    title: notification.title,
    description: notification.description ?? null,
    priceCents: notification.priceCents ?? null,
    priceType: notification.priceType,
    url: notification.url,
    imageUrls: Array.isArray(notification.imageUrls) ? notification.imageUrls : [],
    location: notification.location ?? null,
    distanceMeters: notification.distanceMeters ?? null,
    sellerName: notification.sellerName ?? null,
    sellerType: notification.sellerType ?? null,
    isPaid: notification.isPaid,
    postedAt: iso(notification.postedAt),
  };
}

/**
 * One notification as its owner sees it. `alertSearchTerm` and `deliveries` are passed in, so a
 * page of notifications is presented from two batched queries instead of one query per row.
 */
export function presentNotification(
  notification: Notification,
  alertSearchTerm: string,
  deliveries: readonly Delivery[],
): NotificationDto {
  return {
    id: notification.id,
    alertId: notification.alertId,
    alertSearchTerm,
    platform: notification.platform,
    listing: presentListing(notification),
    viewed: notification.viewedAt !== null && notification.viewedAt !== undefined,
    viewedAt: iso(notification.viewedAt),
    createdAt: notification.createdAt.toISOString(),
    deliveries: [...deliveries]
      .sort((a, b) => a.channel.localeCompare(b.channel))
      .map(presentDelivery),
    kind: notification.kind ?? 'new',
    previousPriceCents: notification.previousPriceCents ?? null,
  };
}

/** A notification with its listing's price history, oldest first (GET /notifications/{id}). */
export function withPriceHistory(
  notification: NotificationDto,
  observations: readonly ListingPrice[],
): NotificationDto & { priceHistory: PricePoint[] } {
  return {
    ...notification,
    priceHistory: observations.map((row) => ({
      at: row.observedAt.toISOString(),
      priceCents: row.priceCents ?? null,
    })),
  };
}

/** Notifications with what presenting them needs, fetched in batches for the whole page. */
export interface NotificationRows {
  rows: Notification[];
  searchTermOf: (notification: Notification) => string;
  deliveriesOf: (notification: Notification) => Delivery[];
}

export function presentNotifications({
  rows,
  searchTermOf,
  deliveriesOf,
}: NotificationRows): NotificationDto[] {
  return rows.map((row) => presentNotification(row, searchTermOf(row), deliveriesOf(row)));
}
