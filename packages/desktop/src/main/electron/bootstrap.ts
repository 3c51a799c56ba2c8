/**
 * The binding layer's entry: one instance only (a second start focuses the first), the hardened
 * session, the tray, the windows, IPC and native notifications around the Electron-free DesktopApp.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, powerMonitor, shell } from 'electron';
import { DesktopApp } from '../app';
import { createIpcRouter } from '../ipcRouter';
import { consoleLogger } from '../logger';
import { defaultSettings } from '../../shared/settings';
import { showNativeNotification } from './notifications';
import { registerIpc } from './ipc';
import { hardenContents, hardenSession, isOwnPage } from './security';
import { createStore } from './store';
import { TrayIcon } from './tray';
import { Windows } from './windows';

const here = path.dirname(fileURLToPath(import.meta.url));
const devServerUrl = process.env.ELECTRON_RENDERER_URL ?? null;
const development = !app.isPackaged;
/** Where the local marketplace double runs in development (npm run demo). */
const extraMarketplaceOrigins = (process.env.PRIJSALARM_MARKETPLACE_ORIGINS ?? '')
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);

app.setAppUserModelId('nl.prijsalarm.desktop');

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void app.whenReady().then(start);
}

function start(): void {
  const store = createStore();
  let desktop: DesktopApp | null = null;
  const windows = new Windows({
    preloadPath: path.join(here, '../preload/index.cjs'),
    devServerUrl,
    rendererDir: path.join(here, '../renderer'),
    onClosed: (kind) => desktop?.windowClosed(kind),
  });
  hardenSession(windows.ownPages);
  // Every web contents, not only our windows': navigation and window.open stay on our pages,
  // anything else goes to the default browser only if the allow-list lets it.
  app.on('web-contents-created', (_event, contents) =>
    hardenContents(contents, windows.ownPages, (url) => desktop?.openExternal(url)),
  );
  const tray = new TrayIcon(path.join(here, '../../resources'), (action) => {
    void desktop?.handleTrayAction(action);
  });

  desktop = new DesktopApp({
    platform: {
      showNotification: (notification, onClick) => {
        void showNativeNotification(notification, onClick);
      },
      openExternal: (url) => void shell.openExternal(url),
      updateTray: (model) => tray.update(model),
      sendState: (state) => windows.broadcast(state),
      sendChatEvent: (event) => windows.sendToChat(event),
      openWindow: (kind) => windows.show(kind),
      isWindowOpen: (kind) => windows.isOpen(kind),
      setStartAtLogin: (enabled) => app.setLoginItemSettings({ openAtLogin: enabled }),
      saveCookies: (cookies) => store.saveCookies(cookies),
      loadCookies: () => store.loadCookies(),
      quit: () => app.quit(),
    },
    store,
    defaults: defaultSettings(development),
    logger: consoleLogger,
    extraMarketplaceOrigins,
  });
  const app_ = desktop;

  registerIpc(
    createIpcRouter(app_.ipcHandlers(), {
      logger: consoleLogger,
      isTrustedSender: (url) => isOwnPage(url, windows.ownPages),
    }),
    (id) => windows.closeFor(id),
  );

  app.on('second-instance', () =>
    windows.focusAny(app_.state.signedIn ? 'notifications' : 'signin'),
  );
  // A tray app keeps running with every window closed.
  app.on('window-all-closed', () => undefined);
  app.on('before-quit', () => app_.stop());
  powerMonitor.on('resume', () => app_.resumed());
  powerMonitor.on('unlock-screen', () => app_.resumed());

  void app_.start().then(() => {
    if (!app_.state.signedIn) windows.show('signin');
  });
}
