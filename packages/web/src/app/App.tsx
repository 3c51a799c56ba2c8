import { useLayoutEffect } from 'react';
import { useLocation, useNavigate, useRoutes } from 'react-router-dom';
import type { RouterNavigator } from '../platform/navigator';
import { ROUTES } from './routes';

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
  const page = useRoutes(ROUTES);
  return (
    <>
      <NavigatorBridge navigator={navigator} />
      {page}
    </>
  );
}
