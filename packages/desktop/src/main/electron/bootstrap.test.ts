/**
 * The binding layer on the Electron stand-in (test/electron-stand-in, the same one the built
 * bundle runs on) and the real electron-store: one instance only, windows made with the
 * checklist's web preferences and the sandboxed preload, every contract channel registered and
 * validated, and navigation, window.open and openExternal held to the allow-list.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../../shared/ipc';
import { createWebContents, standIn } from '../../../test/electron-stand-in/electron.mjs';

vi.mock('electron', () => import('../../../test/electron-stand-in/electron.mjs'));

const userData = mkdtempSync(path.join(tmpdir(), 'prijsalarm-binding-'));
process.env.PRIJSALARM_STAND_IN_USER_DATA = userData;
afterAll(() => rmSync(userData, { recursive: true, force: true }));

async function boot(singleInstance: boolean) {
  standIn.reset();
  standIn.singleInstance = singleInstance;
  vi.resetModules();
  await import('./bootstrap');
  // Let whenReady's start() and the app's first state settle.
  await new Promise((resolve) => setTimeout(resolve, 50));
}

const events = (name: string) => standIn.events.filter((event) => event.event === name);

describe('the electron binding layer', () => {
  it('a second instance quits at once and opens nothing', async () => {
    await boot(false);
    expect(events('quit')).toHaveLength(1);
    expect(events('window')).toHaveLength(0);
  });

  it('opens the sign-in window with the checklist preferences; a second start focuses it', async () => {
    await boot(true);
    const [window] = events('window');
    expect(window?.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      preload: expect.stringMatching(/preload[\\/]index\.cjs$/),
    });
    expect(events('load-file')).toEqual([
      {
        event: 'load-file',
        file: expect.stringMatching(/renderer[\\/]index\.html$/),
        hash: 'signin',
      },
    ]);
    standIn.appHandlers.get('second-instance')?.();
    expect(events('window')).toHaveLength(1);
    expect(events('focus')).toHaveLength(1);
  });

  it('registers every contract channel and refuses a malformed call or a foreign sender', async () => {
    await boot(true);
    expect([...standIn.ipcHandlers.keys()].sort()).toEqual([...IPC_CHANNELS].sort());
    const own = {
      senderFrame: {
        url: `${pathToFileURL(path.join(import.meta.dirname, '../renderer/index.html')).href}#signin`,
      },
      sender: { id: 1 },
    };
    const signIn = standIn.ipcHandlers.get('auth:sign-in')!;
    expect(await signIn(own, { email: 'x' })).toMatchObject({ ok: false });
    const getState = standIn.ipcHandlers.get('state:get')!;
    expect(await getState(own, undefined)).toMatchObject({ ok: true });
    const foreign = { senderFrame: { url: 'https://evil.example/' }, sender: { id: 9 } };
    expect(await getState(foreign, undefined)).toMatchObject({ ok: false });
  });

  it('keeps navigation and window.open on our pages; links leave only through the allow-list', async () => {
    await boot(true);
    const contents = createWebContents();
    standIn.appHandlers.get('web-contents-created')?.({}, contents);
    const navigate = contents.handlers.get('will-navigate')!;
    const stayed = { preventDefault: vi.fn() };
    // Our built page: the renderer folder next to the bundle (here, next to bootstrap.ts).
    const ownPage = pathToFileURL(path.join(import.meta.dirname, '../renderer/index.html'));
    navigate(stayed, `${ownPage.href}#settings`);
    expect(stayed.preventDefault).not.toHaveBeenCalled();
    // Another local file is not ours, even by climbing out of the renderer folder.
    for (const url of ['file:///etc/passwd', `${ownPage.href}/../../../../../etc/passwd`]) {
      const local = { preventDefault: vi.fn() };
      navigate(local, url);
      expect(local.preventDefault).toHaveBeenCalled();
    }
    const evil = { preventDefault: vi.fn() };
    navigate(evil, 'https://evil.example/phish');
    expect(evil.preventDefault).toHaveBeenCalled();
    expect(contents.windowOpen('https://www.marktplaats.nl/v/fietsen/m2100000001-x')).toEqual({
      action: 'deny',
    });
    expect(contents.windowOpen('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(events('open-external')).toEqual([
      { event: 'open-external', url: 'https://www.marktplaats.nl/v/fietsen/m2100000001-x' },
    ]);
  });
});
