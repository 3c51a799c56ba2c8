/**
 * The signed-in user's way to the notification centre with the unread count: the bell of the
 * navigation bar and the mobile menu's "Meldingen" entry. Both hold the tab's live connection open
 * while they are shown (part of AccountNav's chunk: a guest's page loads neither).
 */
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { APP_TEXTS, PAGE_PATHS } from '@prijsalarm/core';
import { useStores } from '../../stores/context';
import { unreadNotificationsOf } from '../../stores/UnreadNotificationsStore';
import { Icon } from '../ui/Icon';

const NOTIFICATIONS_PATH = PAGE_PATHS.notifications;

/** The tab's unread store, its live connection held while the calling part is shown. */
function useUnread() {
  const unread = unreadNotificationsOf(useStores());
  useEffect(() => unread.retain(), [unread]);
  return unread;
}

function Badge({ text }: { text: string }) {
  return text ? (
    <span className="count-badge nav__badge" aria-hidden="true">
      {text}
    </span>
  ) : null;
}

/** The bell: an icon link named "Meldingen, 3 ongelezen", its badge capped at "9+". */
export const NotificationBell = observer(function NotificationBell({
  className,
}: {
  className: string;
}) {
  const unread = useUnread();
  return (
    <Link to={NOTIFICATIONS_PATH} className={`nav__bell ${className}`} aria-label={unread.label}>
      <Icon name="bell" />
      <Badge text={unread.badge} />
    </Link>
  );
});

/** The mobile menu's entry: "Meldingen" and the same badge. */
export const NotificationsMenuLink = observer(function NotificationsMenuLink({
  className,
}: {
  className: (state: { isActive: boolean }) => string;
}) {
  const unread = useUnread();
  return (
    <NavLink to={NOTIFICATIONS_PATH} className={className} aria-label={unread.label}>
      {APP_TEXTS.navigation.notifications}
      <Badge text={unread.badge} />
    </NavLink>
  );
});
