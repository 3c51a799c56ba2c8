import { useLayoutEffect } from 'react';
import { matchRoutes, renderMatches, useLocation, useNavigate } from 'react-router-dom';
import type { RouteMatch } from 'react-router-dom';
import type { RouterNavigator } from '../platform/navigator';
import { ROUTES } from './routes';

let lastMatch: { pathname: string; matches: RouteMatch[] | null } | null = null;

/**
 * The routes `pathname` matches (what useRoutes renders), kept for the last path: matching ranks
 * and compiles every route each time, a good part of the page's first render on a phone, so the
 * start (main.tsx) matches the first path in a task of its own before that render.
 */
export function matchPage(pathname: string): RouteMatch[] | null {
  if (lastMatch?.pathname !== pathname) {
    lastMatch = { pathname, matches: matchRoutes(ROUTES, pathname) };
  }
  return lastMatch.matches;
}

/** Lets the stores navigate: hands the router's navigate and location to the navigator. */
function NavigatorBridge({ navigator }: { navigator: RouterNavigator }) {
  const navigate = useNavigate();
  const location = useLocation();
  useLayoutEffect(() => {
    navigator.attach(navigate, location);
  }, [navigator, navigate, location]);
  return null;
}

/** The app's pages inside a router (BrowserRouter in the browser, MemoryRouter in tests). */
export function App({ navigator }: { navigator: RouterNavigator }) {
  const page = renderMatches(matchPage(useLocation().pathname));
  return (
    <>
      <NavigatorBridge navigator={navigator} />
      {page}
    </>
  );
}
