/**
 * What the navigation bar shows a signed-in user, in a chunk of its own (a guest's page loads none
 * of it): the bell with the unread count and the profile (a dropdown on wide screens, written out
 * at the end of the narrow menu).
 */
import type { ProfileSummary } from '../../stores/NavigationStore';
import { NotificationBell } from './NotificationBell';
import { ProfileMenu } from './ProfileMenu';

export { NotificationBell, NotificationsMenuLink } from './NotificationBell';

interface AccountActionsProps {
  profile: ProfileSummary;
  onLogout(): void;
  /** A link or button of the profile was chosen (the narrow menu closes). */
  onChoose(): void;
}

export default function AccountActions({ profile, onLogout, onChoose }: AccountActionsProps) {
  return (
    <>
      <NotificationBell className="nav__desktop-only" />
      <ProfileMenu profile={profile} onLogout={onLogout} onChoose={onChoose} />
    </>
  );
}
