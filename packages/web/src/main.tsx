import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createBrowserApiClient } from './api/client';
import { App } from './app/App';
import { PRERENDERED_ATTRIBUTE } from './app/prerendered';
import { preloadFirstScene } from './app/routes';
import { documentCookies, writeDocumentCookie } from './platform/cookies';
import { reportErrorsAfterConsent } from './platform/errorReporting';
import { RouterNavigator } from './platform/navigator';
import { nextTask } from './platform/nextTask';
import { browserStorage } from './platform/storage';
import { RootStore, browserCrossTabChannel, newTabId } from './stores/RootStore';
import { StoreProvider } from './stores/context';
import './styles/global.css';

const navigator = new RouterNavigator(() => window.location);
const store = new RootStore({
  createApi: createBrowserApiClient,
  cookies: documentCookies,
  setCookie: writeDocumentCookie,
  storage: browserStorage(),
  channel: browserCrossTabChannel(),
  navigator,
  tabId: newTabId(),
});
void store.init();
reportErrorsAfterConsent(store);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
// On / the server sent the home page prerendered (vite.config.ts prerenderHome): its scene is
// loaded first, so the first render draws that same page over the same elements (no spinner, no
// shift). Should it fail to load, the router's own loading and error handling take over.
// Loading and evaluating the scene is one task, hydrating the page another (nextTask).
void preloadFirstScene(window.location.pathname)
  .catch(() => undefined)
  .then(nextTask)
  .then(() => {
    const app = (
      <StrictMode>
        <StoreProvider store={store}>
          <BrowserRouter useTransitions={false}>
            <App navigator={navigator} />
          </BrowserRouter>
        </StoreProvider>
      </StrictMode>
    );
    // The prerendered page is hydrated: its elements stay where they are and get their handlers.
    if (container.hasAttribute(PRERENDERED_ATTRIBUTE)) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
