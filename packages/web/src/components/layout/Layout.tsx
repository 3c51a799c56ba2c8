import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { ADMIN_REQUIRED_ERROR, ERROR_QUERY, WEB_TEXTS, showFooter } from '@prijsalarm/core';
import { useRouteChange } from '../../hooks/useRouteChange';
import { useStores } from '../../stores/context';
import { ChatLoader } from '../../chat/ChatLoader';
import { HydrateLater } from '../ui/HydrateLater';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { PageLoading } from './PageLoading';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { Toasts } from './Toasts';

/** The frame of every page: skip link, navigation, cookie banner, content, footer and toasts. */
export const Layout = observer(function Layout() {
  const { toasts } = useStores();
  const location = useLocation();
  const [params] = useSearchParams();
  useRouteChange(location.pathname, MAIN_CONTENT_ID);

  // A non-admin sent away from /admin lands on /?error=admin_required: say why.
  const adminRefused = params.get(ERROR_QUERY) === ADMIN_REQUIRED_ERROR;
  const toldFor = useRef<string | null>(null);
  useEffect(() => {
    if (!adminRefused || toldFor.current === location.key) return;
    toldFor.current = location.key;
    toasts.error(WEB_TEXTS.shell.adminRequired);
  }, [adminRefused, location.key, toasts]);

  return (
    <div className="app">
      <SkipLink />
      <HydrateLater>
        <NavBar />
      </HydrateLater>
      {/* In the page's flow under the navigation, never over it: it covers no button. */}
      <CookieBanner path={location.pathname} />
      <main id={MAIN_CONTENT_ID} className="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      {showFooter(location.pathname) && (
        <HydrateLater>
          <Footer />
        </HydrateLater>
      )}
      <Toasts />
      <ChatLoader />
    </div>
  );
});
