/**
 * The binding layer with Electron replaced by a recording stand-in: one instance only, windows
 * made with the checklist's web preferences and the sandboxed preload, every contract channel
 * registered and validated, and navigation, window.open and openExternal held to the allow-list.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../../shared/ipc';

type Handler = (...args: unknown[]) => unknown;

interface FakeElectron {
  appHandlers: Map<string, Handler>;
  ipcHandlers: Map<string, Handler>;
  windows: Array<{ options: Record<string, unknown>; loaded: unknown[]; focused: number }>;
  opened: string[];
  quit: ReturnType<typeof vi.fn>;
}

const fake: FakeElectron = {
  appHandlers: new Map(),
  ipcHandlers: new Map(),
  windows: [],
  opened: [],
  quit: vi.fn(),
};
let singleInstance = true;

function fakeContents(id: number) {
  const handlers = new Map<string, Handler>();
  let openHandler: Handler = () => undefined;
  return {
    id,
    handlers,
    on: (event: string, handler: Handler) => handlers.set(event, handler),
    setWindowOpenHandler: (handler: Handler) => (openHandler = handler),
    windowOpen: (url: string) => openHandler({ url }),
    send: vi.fn(),
  };
}

vi.mock('electron', () => {
  class BrowserWindow {
    webContents = fakeContents(fake.windows.length + 1);
    private record: FakeElectron['windows'][number];
    constructor(options: Record<string, unknown>) {
      this.record = { options, loaded: [], focused: 0 };
      fake.windows.push(this.record);
    }
    once() {}
    on() {}
    loadFile(...args: unknown[]) {
      this.record.loaded.push(args);
      return Promise.resolve();
    }
    loadURL(...args: unknown[]) {
      this.record.loaded.push(args);
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
      this.record.focused += 1;
    }
    close() {}
  }
  class Tray {
    setImage() {}
    setToolTip() {}
    setContextMenu() {}
    destroy() {}
  }
  class Notification {
    static isSupported() {
      return true;
    }
    on() {}
    show() {}
  }
  return {
    app: {
      isPackaged: false,
      setAppUserModelId: vi.fn(),
      requestSingleInstanceLock: () => singleInstance,
      quit: fake.quit,
      whenReady: () => Promise.resolve(),
      on: (event: string, handler: Handler) => fake.appHandlers.set(event, handler),
      setLoginItemSettings: vi.fn(),
      setBadgeCount: vi.fn(),
    },
    powerMonitor: { on: vi.fn() },
    shell: { openExternal: (url: string) => fake.opened.push(url) },
    session: {
      defaultSession: {
        setPermissionRequestHandler: vi.fn(),
        setPermissionCheckHandler: vi.fn(),
        webRequest: { onHeadersReceived: vi.fn() },
      },
    },
    ipcMain: {
      handle: (channel: string, handler: Handler) => fake.ipcHandlers.set(channel, handler),
    },
    nativeImage: {
      createFromPath: () => ({ setTemplateImage: vi.fn() }),
      createFromBuffer: () => ({ isEmpty: () => true }),
    },
    Menu: { buildFromTemplate: (template: unknown) => template },
    BrowserWindow,
    Tray,
    Notification,
    safeStorage: { isEncryptionAvailable: () => false },
  };
});

vi.mock('electron-store', () => ({
  default: class {
    private data = new Map<string, unknown>();
    get(key: string) {
      return this.data.get(key);
    }
    set(key: string, value: unknown) {
      this.data.set(key, value);
    }
    delete(key: string) {
      this.data.delete(key);
    }
  },
}));

async function boot(lock: boolean) {
  singleInstance = lock;
  fake.appHandlers.clear();
  fake.ipcHandlers.clear();
  fake.windows.length = 0;
  fake.opened.length = 0;
  fake.quit.mockClear();
  vi.resetModules();
  await import('./bootstrap');
  // Let whenReady's start() and the app's first state settle.
  await new Promise((resolve) => setTimeout(resolve, 20));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the electron binding layer', () => {
  it('a second instance quits at once and opens nothing', async () => {
    await boot(false);
    expect(fake.quit).toHaveBeenCalled();
    expect(fake.windows).toHaveLength(0);
  });

  it('opens the sign-in window with the checklist preferences and a second start focuses it', async () => {
    await boot(true);
    expect(fake.windows).toHaveLength(1);
    const preferences = fake.windows[0]!.options.webPreferences as Record<string, unknown>;
    expect(preferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(String(preferences.preload)).toMatch(/preload[\\/]index\.cjs$/);
    expect(fake.windows[0]!.loaded[0]).toEqual([
      expect.stringMatching(/renderer[\\/]index\.html$/),
      { hash: 'signin' },
    ]);
    fake.appHandlers.get('second-instance')?.();
    expect(fake.windows).toHaveLength(1);
    expect(fake.windows[0]!.focused).toBe(1);
  });

  it('registers every contract channel and refuses a malformed call or a foreign sender', async () => {
    await boot(true);
    expect([...fake.ipcHandlers.keys()].sort()).toEqual([...IPC_CHANNELS].sort());
    const own = {
      senderFrame: { url: 'file:///app/out/renderer/index.html#signin' },
      sender: { id: 1 },
    };
    const signIn = fake.ipcHandlers.get('auth:sign-in')!;
    expect(await signIn(own, { email: 'x' })).toMatchObject({ ok: false });
    const getState = fake.ipcHandlers.get('state:get')!;
    expect(await getState(own, undefined)).toMatchObject({ ok: true });
    const foreign = { senderFrame: { url: 'https://evil.example/' }, sender: { id: 9 } };
    expect(await getState(foreign, undefined)).toMatchObject({ ok: false });
  });

  it('keeps navigation and window.open on our pages; links leave only through the allow-list', async () => {
    await boot(true);
    const contents = fakeContents(42);
    fake.appHandlers.get('web-contents-created')?.({}, contents);
    const navigate = contents.handlers.get('will-navigate')!;
    const stayed = { preventDefault: vi.fn() };
    navigate(stayed, 'file:///app/out/renderer/index.html#settings');
    expect(stayed.preventDefault).not.toHaveBeenCalled();
    const evil = { preventDefault: vi.fn() };
    navigate(evil, 'https://evil.example/phish');
    expect(evil.preventDefault).toHaveBeenCalled();
    expect(contents.windowOpen('https://www.marktplaats.nl/v/fietsen/m2100000001-x')).toEqual({
      action: 'deny',
    });
    expect(contents.windowOpen('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(fake.opened).toEqual(['https://www.marktplaats.nl/v/fietsen/m2100000001-x']);
  });
});
