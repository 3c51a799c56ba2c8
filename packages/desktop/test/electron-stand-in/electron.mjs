/**
 * A stand-in for Electron's main-process API, for running the BUILT main bundle in plain Node
 * (Electron's binary cannot be downloaded here). It prints what the app asks of Electron as JSON
 * lines, and with PRIJSALARM_STAND_IN_DRIVE={serverUrl,email,password} it does what a user does
 * in the windows: save the server URL in the settings, then sign in, through the app's own IPC.
 */
/**
 * What the app asked of Electron; tests in-process read it, a child process prints it. One per
 * process (on globalThis), however often a test re-imports this module.
 */
export const standIn = (globalThis.prijsalarmStandIn ??= {
  events: [],
  ipcHandlers: new Map(),
  appHandlers: new Map(),
  singleInstance: true,
  reset() {
    this.events.length = 0;
    this.ipcHandlers.clear();
    this.appHandlers.clear();
    this.singleInstance = true;
  },
});
const print = process.env.PRIJSALARM_STAND_IN_DRIVE !== undefined;
const emit = (event, data = {}) => {
  standIn.events.push({ event, ...data });
  if (print) process.stdout.write(`${JSON.stringify({ event, ...data })}\n`);
};
const { ipcHandlers, appHandlers } = standIn;
const userData = process.env.PRIJSALARM_STAND_IN_USER_DATA ?? '/tmp/prijsalarm-stand-in';
const rendererPage = new URL('../../out/renderer/index.html#signin', import.meta.url).href;

async function drive() {
  const input = JSON.parse(process.env.PRIJSALARM_STAND_IN_DRIVE ?? 'null');
  if (!input) return;
  const ownPage = { senderFrame: { url: rendererPage }, sender: { id: 1 } };
  const call = async (channel, argument) => {
    const result = await ipcHandlers.get(channel)(ownPage, argument);
    emit('ipc-result', { channel, ok: result.ok, error: result.ok ? null : result.error });
    return result;
  };
  await call('settings:save', { serverUrl: input.serverUrl });
  await call('auth:sign-in', { email: input.email, password: input.password, rememberMe: true });
}

export const app = {
  isPackaged: false,
  getPath: (name) => `${userData}/${name}`,
  getName: () => 'Prijsalarm',
  getVersion: () => '0.1.0',
  setAppUserModelId: () => {},
  requestSingleInstanceLock: () => standIn.singleInstance,
  quit: () => emit('quit'),
  whenReady: () => {
    setTimeout(
      () => void drive().catch((error) => emit('drive-failed', { error: String(error) })),
      50,
    );
    return Promise.resolve();
  },
  on: (event, handler) => appHandlers.set(event, handler),
  setLoginItemSettings: () => {},
  setBadgeCount: (count) => emit('badge', { count }),
};
export const powerMonitor = { on: () => {} };
export const shell = { openExternal: (url) => emit('open-external', { url }) };
export const session = {
  defaultSession: {
    setPermissionRequestHandler() {},
    setPermissionCheckHandler() {},
    webRequest: { onHeadersReceived() {} },
  },
};
export const ipcMain = {
  handle: (channel, handler) => ipcHandlers.set(channel, handler),
  on: () => {},
};
export const nativeImage = {
  createFromPath: () => ({ setTemplateImage() {} }),
  createFromBuffer: () => ({ isEmpty: () => true }),
};
export const Menu = { buildFromTemplate: (template) => template };
let contentsIds = 0;

/** A web contents that keeps its handlers, so a test can navigate and window.open it. */
export function createWebContents() {
  const handlers = new Map();
  let openHandler = () => ({ action: 'allow' });
  return {
    id: (contentsIds += 1),
    handlers,
    on: (event, handler) => handlers.set(event, handler),
    setWindowOpenHandler: (handler) => (openHandler = handler),
    windowOpen: (url) => openHandler({ url }),
    send() {},
  };
}

export class BrowserWindow {
  constructor(options) {
    this.webContents = createWebContents();
    emit('window', { title: options.title, webPreferences: options.webPreferences });
  }
  once() {}
  on() {}
  loadFile(file, options) {
    emit('load-file', { file, hash: options?.hash ?? null });
    return Promise.resolve();
  }
  loadURL(url) {
    emit('load-url', { url });
    return Promise.resolve();
  }
  isDestroyed() {
    return false;
  }
  isMinimized() {
    return false;
  }
  isVisible() {
    return true;
  }
  show() {}
  focus() {
    emit('focus');
  }
  close() {}
}
export class Tray {
  on() {}
  setImage() {}
  setToolTip(tooltip) {
    emit('tray', { tooltip });
  }
  setContextMenu() {}
  destroy() {}
}
export class Notification {
  static isSupported() {
    return true;
  }
  constructor(options) {
    this.options = options;
  }
  on() {}
  show() {
    emit('notification', { title: this.options.title, body: this.options.body, at: Date.now() });
  }
}
export const safeStorage = { isEncryptionAvailable: () => false };
export default {
  app,
  powerMonitor,
  shell,
  session,
  ipcMain,
  nativeImage,
  Menu,
  BrowserWindow,
  Tray,
  Notification,
  safeStorage,
};
