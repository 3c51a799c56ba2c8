/**
 * What the navigation bar shows a signed-in user, in a chunk of its own (a guest's page loads none
 * of it): the bell with the unread count, the profile dropdown of wide screens and, at the end of
 * the narrow menu, the account written out: e-mail, plan, Mijn account, Uitloggen.
 */
import { STRINGS } from '@prijsalarm/core';
import type { ProfileSummary as Profile } from '../../stores/NavigationStore';
import { NotificationBell } from './NotificationBell';
import { ProfileLinks, ProfileMenu, ProfileSummary } from './ProfileMenu';

export { NotificationBell, NotificationsMenuLink } from './NotificationBell';

interface AccountActionsProps {
  profile: Profile;
  onLogout(): void;
  /** A link or button of the narrow menu was chosen (the menu closes). */
  onChoose(): void;
}

export default function AccountActions({ profile, onLogout, onChoose }: AccountActionsProps) {
  return (
    <>
      <NotificationBell className="nav__desktop-only" />
      <ProfileMenu className="nav__desktop-only" profile={profile} onLogout={onLogout} />
      <div
        className="nav__account nav__mobile-only"
        role="group"
        aria-label={STRINGS.web.shell.account}
      >
        <ProfileSummary profile={profile} />
        <ProfileLinks onChoose={onChoose} onLogout={onLogout} />
      </div>
    </>
  );
}
