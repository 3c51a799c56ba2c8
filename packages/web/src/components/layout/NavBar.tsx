import { observer } from 'mobx-react-lite';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { APP_TEXTS, PRICING_PATH, WEB_TEXTS } from '@prijsalarm/core';
import { useStores } from '../../stores/context';
import { Logo } from './Logo';

const texts = APP_TEXTS.navigation;
const shell = WEB_TEXTS.shell;
const MENU_ID = 'site-menu';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'nav__link is-active' : 'nav__link';

// What a signed-in user sees (the bell with the live connection behind it, the profile) is a chunk
// of its own: a guest's page does not load it.
const accountNav = () => import('./AccountNav');
const AccountActions = lazy(accountNav);
const NotificationBell = lazy(() =>
  accountNav().then((module) => ({ default: module.NotificationBell })),
);
const NotificationsMenuLink = lazy(() =>
  accountNav().then((module) => ({ default: module.NotificationsMenuLink })),
);

/**
 * The navigation bar. On narrow screens the menu folds behind a button; guests see
 * Contact there only on wide screens and the Pro button only on narrow ones. A signed-in user has
 * the bell with the unread count in the bar at every width; the profile is a dropdown on wide
 * screens and written out in the narrow menu (Meldingen, e-mail, Mijn account, Uitloggen).
 */
export const NavBar = observer(function NavBar() {
  const { navigation, auth } = useStores();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const { phase, profile, upsell } = navigation;

  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="site-header">
      <nav
        className="nav"
        aria-label={shell.mainNavigation}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setMenuOpen(false);
        }}
      >
        <Link
          to={navigation.logoTo}
          className="nav__logo"
          aria-label={phase === 'authenticated' ? shell.logoLabelLoggedIn : shell.logoLabel}
        >
          <Logo />
        </Link>
        {profile && (
          // Its empty place while the code loads: the bar does not shift.
          <Suspense fallback={<span className="nav__bell nav__mobile-only" aria-hidden="true" />}>
            <NotificationBell className="nav__mobile-only" />
          </Suspense>
        )}
        <button
          type="button"
          className="nav__toggle"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="nav__toggle-icon" aria-hidden="true" />
          <span className="visually-hidden">{menuOpen ? shell.closeMenu : shell.openMenu}</span>
        </button>
        <div id={MENU_ID} className={menuOpen ? 'nav__menu is-open' : 'nav__menu'}>
          <ul className="nav__links">
            <li>
              <NavLink to="/" end className={navLinkClass}>
                {texts.home}
              </NavLink>
            </li>
            {navigation.showPricing && (
              <li>
                <NavLink to={PRICING_PATH} className={navLinkClass}>
                  {texts.pricing}
                </NavLink>
              </li>
            )}
            {phase === 'authenticated' && (
              <li>
                <NavLink to="/dashboard" className={navLinkClass}>
                  {texts.dashboard}
                </NavLink>
              </li>
            )}
            {profile && (
              <li className="nav__item--mobile">
                <Suspense fallback={null}>
                  <NotificationsMenuLink className={navLinkClass} />
                </Suspense>
              </li>
            )}
            {navigation.showAdmin && (
              <li>
                <NavLink to="/admin" className={navLinkClass}>
                  {texts.admin}
                </NavLink>
              </li>
            )}
          </ul>
          <div className="nav__actions">
            {phase === 'unknown' && (
              <span className="nav__placeholder" role="status">
                <span className="visually-hidden">{shell.authLoading}</span>
              </span>
            )}
            {phase === 'guest' && (
              <>
                <Link to="/login" className="button button--secondary nav__login">
                  {texts.login}
                </Link>
                <NavLink
                  to="/contact"
                  className={(state) => `${navLinkClass(state)} nav__desktop-only`}
                >
                  {texts.contact}
                </NavLink>
              </>
            )}
            {profile && (
              <Suspense fallback={<span className="nav__placeholder" aria-hidden="true" />}>
                <AccountActions
                  profile={profile}
                  onLogout={() => void auth.logout()}
                  onChoose={() => setMenuOpen(false)}
                />
              </Suspense>
            )}
            {upsell && (
              <Link to={upsell.to} className="button button--primary nav__mobile-only nav__upsell">
                {upsell.label}
              </Link>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
});
