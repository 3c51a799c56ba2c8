import { useEffect, useState } from 'react';
import { DESKTOP_TEXTS, formatListingPrice, type NotificationDto } from '@prijsalarm/core';
import type { DesktopState } from '../../../shared/ipc';
import { bridge, unwrap } from '../bridge';

const T = DESKTOP_TEXTS.notificationList;

export function NotificationsWindow({ state }: { state: DesktopState | null }) {
  const [items, setItems] = useState<NotificationDto[]>([]);
  const [error, setError] = useState<string | null>(null);
  const unread = state?.unread ?? 0;

  useEffect(() => {
    void unwrap(bridge().listNotifications()).then(setItems, (failure: Error) =>
      setError(failure.message),
    );
  }, [unread]);

  return (
    <section aria-labelledby="notifications-title">
      <h1 id="notifications-title">{T.title}</h1>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {items.length === 0 && !error ? (
        <p>{T.empty}</p>
      ) : (
        <ul aria-label={T.listLabel} className="notifications">
          {items.map((item) => (
            <li key={item.id}>
              <article aria-label={item.listing.title}>
                <h2>
                  {item.listing.title}
                  {!item.viewed && <span className="badge">{T.unread}</span>}
                </h2>
                <p>{DESKTOP_TEXTS.notification.newAd(item.alertSearchTerm)}</p>
                <p>
                  {formatListingPrice(item.listing.priceCents, item.listing.priceType)}
                  {item.listing.location ? ` · ${item.listing.location}` : ''}
                </p>
                <button
                  type="button"
                  aria-label={`${T.open}: ${item.listing.title}`}
                  onClick={() => void bridge().openNotification({ id: item.id })}
                >
                  {T.open}
                </button>
              </article>
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={() => void bridge().openNotificationCentre()}>
        {T.openAll}
      </button>
    </section>
  );
}
