import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createBrowserApiClient } from './api/client';
import { App } from './app/App';
import { documentCookies } from './platform/cookies';
import { reportErrorsAfterConsent } from './platform/errorReporting';
import { RouterNavigator } from './platform/navigator';
import { browserStorage } from './platform/storage';
import { RootStore, browserCrossTabChannel, newTabId } from './stores/RootStore';
import { StoreProvider } from './stores/context';
import './styles/global.css';

const navigator = new RouterNavigator(() => window.location);
const store = new RootStore({
  createApi: createBrowserApiClient,
  cookies: documentCookies,
  storage: browserStorage(),
  channel: browserCrossTabChannel(),
  navigator,
  tabId: newTabId(),
});
void store.init();
reportErrorsAfterConsent(store);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <StoreProvider store={store}>
      <BrowserRouter useTransitions={false}>
        <App navigator={navigator} />
      </BrowserRouter>
    </StoreProvider>
  </StrictMode>,
);
