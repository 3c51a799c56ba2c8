import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  unstable_HistoryRouter as HistoryRouter,
} from 'react-router-dom';
import { createBrowserApiClient } from './api/client';
import { App, matchPage } from './app/App';
import { hydrated, hydrating } from './components/ui/HydrateLater';
import { PRERENDERED_ATTRIBUTE } from './app/prerendered';
import { preloadFirstScene } from './app/routes';
import { documentCookies, writeDocumentCookie } from './platform/cookies';
import { readPageSettings } from './platform/pageSettings';
import { reportErrorsAfterConsent } from './platform/errorReporting';
import { RouterNavigator } from './platform/navigator';
import { registerServiceWorkerAfterLoad } from './platform/serviceWorker';
import { nextTask } from './platform/nextTask';
import { browserStorage } from './platform/storage';
import { RootStore, browserCrossTabChannel, newTabId } from './stores/RootStore';
import { StoreProvider } from './stores/context';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root: HTMLElement = container;
const navigator = new RouterNavigator(() => window.location);

/** What the stores are built on in the browser: its storage, the cross-tab channel, this tab. */
function browserParts() {
  return { storage: browserStorage(), channel: browserCrossTabChannel(), tabId: newTabId() };
}

// The server's settings in the page are shown once the page drawn before them is taken over.
let pageDrawn = () => {};
const usableFrom = new Promise<void>((resolve) => (pageDrawn = resolve));

function createStore(parts: ReturnType<typeof browserParts>): RootStore {
  const pageSettings = readPageSettings();
  const store = new RootStore({
    createApi: createBrowserApiClient,
    cookies: documentCookies,
    setCookie: writeDocumentCookie,
    navigator,
    followAccount: true,
    storesInSteps: true,
    pageSettings: pageSettings && { settings: pageSettings, usableFrom },
    ...parts,
  });
  return store;
}

type BrowserHistory = ReturnType<typeof createBrowserHistory>;

function render({ store, history }: { store: RootStore; history: BrowserHistory }): void {
  const app = (
    <StrictMode>
      <StoreProvider store={store}>
        <HistoryRouter history={history} useTransitions={false}>
          <App navigator={navigator} />
        </HistoryRouter>
      </StoreProvider>
    </StrictMode>
  );
  // The prerendered page is hydrated: its elements stay where they are and get their handlers;
  // the parts in HydrateLater (the navigation bar, the home page's hero and sections, the
  // footer) each in a task of its own.
  if (root.hasAttribute(PRERENDERED_ATTRIBUTE)) {
    hydrating(() => hydrateRoot(root, app));
    void hydrated().then(pageDrawn);
  } else {
    createRoot(root).render(app);
    pageDrawn();
  }
}

// On / the server sent the home page prerendered (vite.config.ts prerenderHome): its scene is
// loaded first, so the first render draws that same page over the same elements (no spinner, no
// shift). Should it fail to load, the router's own loading and error handling take over.
// The start is split into tasks, each short on a phone (Lighthouse's Total Blocking
// Time counts what a task takes beyond 50 ms): this module's evaluation, which asks for the
// scene's code; the browser's storage and channel; the stores, one each; the application start
// (settings, then the session); loading and evaluating the scene; matching the route; the
// router's history; the hydration (HydrateLater: in parts).
async function makeStores(store: RootStore): Promise<RootStore> {
  for (const step of store.storeSteps()) {
    await nextTask(undefined);
    step();
  }
  return nextTask(store);
}

const firstScene = preloadFirstScene(window.location.pathname).catch(() => undefined);
void nextTask(undefined)
  .then(browserParts)
  .then(nextTask)
  .then(createStore)
  .then(makeStores)
  .then((store) => {
    // Its stores exist by now: watching for consent creates none inside this task.
    reportErrorsAfterConsent(store);
    void store.init();
    return firstScene.then(() => nextTask(store));
  })
  .then((store) => {
    matchPage(window.location.pathname);
    return nextTask(store);
  })
  // The history BrowserRouter would make in its first render (writing the history entry's state
  // is a good part of that render on a phone), made in a task of its own.
  .then((store) => nextTask({ store, history: createBrowserHistory({ v5Compat: true }) }))
  .then(render);

// Push notifications: the service worker, after the page has loaded.
registerServiceWorkerAfterLoad();
