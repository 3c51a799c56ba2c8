import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { APP_TEXTS, WEB_TEXTS } from '@prijsalarm/core';
import type { ProfileSummary } from '../../stores/NavigationStore';
import { EmailAddress } from '../ui/EmailAddress';

const texts = APP_TEXTS.navigation;
const shell = WEB_TEXTS.shell;

interface ProfileMenuProps {
  profile: ProfileSummary;
  onLogout(): void;
  /** Mijn account or Uitloggen was chosen (the narrow menu closes too). */
  onChoose(): void;
}

/**
 * The profile menu: the avatar with the e-mail's first letter, the e-mail, the plan label,
 * Mijn account and Uitloggen. On wide screens a dropdown behind the avatar, a disclosure: Enter or
 * Space opens it, Escape and a click or focus outside close it. In the narrow menu the same panel
 * is written out and the avatar button is gone (styles/global.css): every entry has its label.
 */
export function ProfileMenu({ profile, onLogout, onChoose }: ProfileMenuProps) {
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
  const choose = () => {
    setOpen(false);
    onChoose();
  };

  return (
    <div className="profile-menu" ref={rootRef} onKeyDown={onKeyDown}>
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
        <span className="visually-hidden">{shell.profileMenu}</span>
      </button>
      <div
        id={panelId}
        className={open ? 'profile-menu__panel is-open' : 'profile-menu__panel'}
        role="group"
        aria-label={shell.account}
      >
        <div className="profile-menu__summary">
          <span className="avatar avatar--large" aria-hidden="true">
            {profile.avatar}
          </span>
          <div className="profile-menu__who">
            <p className="profile-menu__email">
              <EmailAddress email={profile.email} />
            </p>
            <p className="profile-menu__plan">{shell.plan(profile.planLabel)}</p>
          </div>
        </div>
        <ul className="profile-menu__list">
          <li>
            <Link to="/my-account" className="profile-menu__item" onClick={choose}>
              {texts.myAccount}
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="profile-menu__item"
              onClick={() => {
                choose();
                onLogout();
              }}
            >
              {texts.logout}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
