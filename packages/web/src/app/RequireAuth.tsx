import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { GuardDecision } from '@prijsalarm/core';
import { PageLoading } from '../components/layout/PageLoading';
import { useStores } from '../stores/context';

interface RequireAuthProps {
  /** Also require role ADMIN (the user is fetched again first). */
  admin?: boolean;
  children: ReactNode;
}

/** The route guard around a login-required page; the decision is the auth store's. */
export const RequireAuth = observer(function RequireAuth({
  admin = false,
  children,
}: RequireAuthProps) {
  const { auth } = useStores();
  const location = useLocation();
  const path = location.pathname + location.search;
  const loggedIn = auth.isLoggedIn;
  const [checked, setChecked] = useState<{ pathname: string; decision: GuardDecision } | null>(
    null,
  );

  // The query (a tab, a filter) is kept in the login redirect but does not make another page.
  const pathRef = useRef(path);
  pathRef.current = path;
  const { pathname } = location;

  useEffect(() => {
    let current = true;
    const check = { path: pathRef.current, requiresLogin: true, requiresAdmin: admin };
    void auth.checkRoute(check).then((decision) => {
      if (current) setChecked({ pathname, decision });
    });
    return () => {
      current = false;
    };
    // Checked again when the page or the login changes (a logout in this or another tab).
  }, [auth, pathname, admin, loggedIn]);

  if (checked?.pathname !== pathname) return <PageLoading />;
  if (checked.decision.type === 'redirect') return <Navigate to={checked.decision.to} replace />;
  return <>{children}</>;
});
