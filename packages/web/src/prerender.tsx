/**
 * The home page as the build prerenders it, so that the largest paint of / does not wait for
 * the JavaScript. The build's `prerender-home` step (vite.config.ts) bundles this module for
 * Node, renders the real app at `/` for a guest whose session the page does not know yet —
 * exactly what the browser's first render draws — and writes it into dist/home*.html, which the
 * server sends for `/` (http/app.ts `serveWebApp`). main.tsx then renders over the same elements.
 *
 * Nothing here reaches the network or the browser: the stores get inert stand-ins, and effects
 * (the live figure's request, the chat loader's timer) never run in a string render.
 */
import { renderToString } from 'preact-render-to-string';
import { MemoryRouter } from 'react-router-dom';
import { createApiClient } from '@prijsalarm/core';
import type { CrossTabChannelLike } from '@prijsalarm/core';
import { App } from './app/App';
import { preloadFirstScene } from './app/routes';
import { RouterNavigator } from './platform/navigator';
import { STORAGE_KEYS, memoryStorage, writeJson } from './platform/storage';
import { RootStore } from './stores/RootStore';
import { StoreProvider } from './stores/context';
import type { CookieConsent } from './stores/UiStore';

const silentChannel: CrossTabChannelLike = {
  postMessage: () => undefined,
  close: () => undefined,
  onmessage: null,
};

/**
 * The markup of `#root` at `/`: with the cookie banner (a first visit) or, for a visitor who made
 * a choice (`consent`), without it.
 */
export async function renderHome(consent: CookieConsent | null): Promise<string> {
  await preloadFirstScene('/');
  const storage = memoryStorage();
  if (consent) writeJson(storage, STORAGE_KEYS.cookieConsent, consent);
  const navigator = new RouterNavigator(() => ({ pathname: '/', search: '' }));
  const store = new RootStore({
    createApi: (hooks) =>
      createApiClient({
        baseUrl: '/api',
        fetch: () => Promise.reject(new Error('no requests while prerendering')),
        cookies: { get: () => undefined },
        hooks,
      }),
    cookies: { get: () => undefined },
    storage,
    channel: silentChannel,
    navigator,
    tabId: 'prerender',
  });
  try {
    return renderToString(
      <StoreProvider store={store}>
        <MemoryRouter initialEntries={['/']}>
          <App navigator={navigator} />
        </MemoryRouter>
      </StoreProvider>,
    );
  } finally {
    store.dispose();
  }
}
