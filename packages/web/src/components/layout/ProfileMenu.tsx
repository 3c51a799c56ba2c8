import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { STRINGS } from '@prijsalarm/core';
import type { ProfileSummary as Profile } from '../../stores/NavigationStore';
import { EmailAddress } from '../ui/EmailAddress';

const texts = STRINGS.navigation;

/** Who is signed in: the avatar with the e-mail's first letter, the e-mail and the plan label. */
export function ProfileSummary({ profile }: { profile: Profile }) {
  return (
    <div className="profile-menu__summary">
      <span className="avatar avatar--large" aria-hidden="true">
        {profile.avatar}
      </span>
      <div className="profile-menu__who">
        <p className="profile-menu__email">
          <EmailAddress email={profile.email} />
        </p>
        <p className="profile-menu__plan">{STRINGS.web.shell.plan(profile.planLabel)}</p>
      </div>
    </div>
  );
}

/** Mijn account and Uitloggen; `onChoose` runs first on either (a menu closes). */
export function ProfileLinks({ onChoose, onLogout }: { onChoose(): void; onLogout(): void }) {
  return (
    <ul className="profile-menu__list">
      <li>
        <Link to="/my-account" className="profile-menu__item" onClick={onChoose}>
          {texts.myAccount}
        </Link>
      </li>
      <li>
        <button
          type="button"
          className="profile-menu__item"
          onClick={() => {
            onChoose();
            onLogout();
          }}
        >
          {texts.logout}
        </button>
      </li>
    </ul>
  );
}

interface ProfileMenuProps {
  profile: Profile;
  onLogout(): void;
  className?: string;
}

/**
 * The profile dropdown of wide screens (spec §2): the avatar opens the summary, Mijn account and
 * Uitloggen. A disclosure: Enter/Space open it, Escape and a click or focus outside close it.
 */
export function ProfileMenu({ profile, onLogout, className }: ProfileMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('focusin', closeOnOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('focusin', closeOnOutside);
    };
  }, [open]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    <div
      className={className ? `profile-menu ${className}` : 'profile-menu'}
      ref={rootRef}
      onKeyDown={onKeyDown}
    >
      <button
        ref={buttonRef}
        type="button"
        className="profile-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {profile.avatar}
        </span>
        <span className="visually-hidden">{STRINGS.web.shell.profileMenu}</span>
      </button>
      <div id={panelId} className="profile-menu__panel" hidden={!open}>
        <ProfileSummary profile={profile} />
        <ProfileLinks onChoose={() => setOpen(false)} onLogout={onLogout} />
      </div>
    </div>
  );
}
