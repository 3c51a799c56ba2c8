import {
  MANAGE_ALERT_TEXTS,
  PLATFORMS,
  deliveryLines,
  formatDateTime,
  formatListingDistance,
  formatListingPrice,
  isWebUrl,
  listingImageUrl,
} from '@prijsalarm/core';
import type { NotificationDto } from '@prijsalarm/core';

const texts = MANAGE_ALERT_TEXTS.notifications;

/**
 * One found ad: photo, title, price, place, link and how each channel delivered it. The ad's
 * content comes from the marketplace: it is rendered as text, and only http(s) URLs are used.
 */
export function NotificationItem({ notification }: { notification: NotificationDto }) {
  const { listing } = notification;
  const image = listingImageUrl(listing.imageUrls);
  const link = isWebUrl(listing.url) ? listing.url : null;
  const place = [listing.location, formatListingDistance(listing.distanceMeters)]
    .filter(Boolean)
    .join(' · ');
  const lines = deliveryLines(notification.deliveries);
  return (
    <li className="listing">
      <div className="listing__photo">
        {image ? <img src={image} alt="" loading="lazy" width={112} height={112} /> : null}
      </div>
      <div className="listing__body">
        <h3 className="listing__title">{listing.title}</h3>
        <p className="listing__price">
          {formatListingPrice(listing.priceCents, listing.priceType)}
        </p>
        <p className="listing__meta">
          {[
            PLATFORMS[listing.platform].name,
            place,
            texts.foundAt(formatDateTime(notification.createdAt)),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {lines.length > 0 && (
          <ul className="listing__deliveries" aria-label={texts.deliveriesLabel}>
            {lines.map((line) => (
              <li key={line.channel} className={`delivery delivery--${line.look}`}>
                {line.channelLabel}: {line.statusLabel}
                {line.reason && <span className="delivery__reason"> ({line.reason})</span>}
              </li>
            ))}
          </ul>
        )}
        {link && (
          <a
            className="listing__link"
            href={link}
            target="_blank"
            rel="noopener noreferrer nofollow"
          >
            {texts.open}
            <span className="visually-hidden">: {listing.title}</span>
          </a>
        )}
      </div>
    </li>
  );
}
