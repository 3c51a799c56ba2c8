import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../app/App';
import { RouterNavigator } from '../platform/navigator';
import type { RootStore } from '../stores/RootStore';
import { StoreProvider } from '../stores/context';

/**
 * Renders the whole app at `path` in a memory router. The store's navigator must be the returned
 * `navigator` (pass it to testStore) so the stores move this router.
 */
export function renderApp(store: RootStore, navigator: RouterNavigator, path: string) {
  return render(
    <StoreProvider store={store}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <App navigator={navigator} />
      </MemoryRouter>
    </StoreProvider>,
  );
}

/** A navigator for renderApp; before the router attaches it reports `path`. */
export function appNavigator(path = '/'): RouterNavigator {
  const [pathname = '/', search = ''] = path.split(/(?=\?)/);
  return new RouterNavigator(() => ({ pathname, search }));
}
