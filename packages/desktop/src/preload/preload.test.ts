/**
 * The preload's bridge against the contract: each named method calls its channel with exactly the
 * argument main validates, so a well-formed call from a window is never refused, and the page
 * gets named methods only (no ipcRenderer).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createIpcRouter, type IpcHandlers } from '../main/ipcRouter';
import { silentLogger } from '../main/logger';
import { IPC_CHANNELS, type DesktopBridge } from '../shared/ipc';

const invoked: Array<[string, unknown]> = [];
const exposed: Record<string, unknown> = {};

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: unknown) => {
      exposed[key] = api;
    },
  },
  ipcRenderer: {
    invoke: async (channel: string, argument: unknown) => {
      invoked.push([channel, argument]);
      return { ok: true, value: null };
    },
    on: vi.fn(),
    removeListener: vi.fn(),
  },
}));

let bridge: DesktopBridge;

beforeAll(async () => {
  await import('./index');
  bridge = exposed.prijsalarm as DesktopBridge;
});

describe('the preload bridge', () => {
  it('exposes named methods only, as window.prijsalarm', () => {
    expect(Object.keys(exposed)).toEqual(['prijsalarm']);
    expect(Object.keys(bridge).sort()).toEqual(
      [
        'chatCheck',
        'chatMarkRead',
        'chatOnlineStatus',
        'chatResolve',
        'chatSend',
        'chatSocketClose',
        'chatSocketOpen',
        'chatSocketSend',
        'chatStart',
        'chatUnreadCount',
        'closeWindow',
        'getSettings',
        'getState',
        'listNotifications',
        'onChatSocket',
        'onState',
        'openNotification',
        'openNotificationCentre',
        'saveSettings',
        'signIn',
        'signOut',
      ].sort(),
    );
  });

  it('sends every call in the shape main accepts', async () => {
    invoked.length = 0;
    await bridge.getState();
    await bridge.signIn({ email: 'jan@example.nl', password: 'geheim', rememberMe: true });
    await bridge.signOut();
    await bridge.getSettings();
    await bridge.saveSettings({ sound: false });
    await bridge.listNotifications();
    await bridge.openNotification({ id: 'n1' });
    await bridge.openNotificationCentre();
    await bridge.chatStart();
    await bridge.chatCheck({ sessionId: 's1', lastMessageId: null });
    await bridge.chatSend({ sessionId: 's1', message: 'Hallo' });
    await bridge.chatResolve({ sessionId: 's1' });
    await bridge.chatMarkRead({ sessionId: 's1' });
    await bridge.chatUnreadCount();
    await bridge.chatOnlineStatus();
    await bridge.chatSocketOpen();
    await bridge.chatSocketSend({
      socketId: 1,
      frame: { type: 'message', text: 'Hoi', tempId: 't1' },
    });
    await bridge.chatSocketClose({ socketId: 1 });
    await bridge.closeWindow();
    expect(invoked.map(([channel]) => channel).sort()).toEqual([...IPC_CHANNELS].sort());

    const handlers = Object.fromEntries(
      IPC_CHANNELS.map((channel) => [channel, () => null]),
    ) as unknown as IpcHandlers;
    const router = createIpcRouter(handlers, {
      logger: silentLogger,
      isTrustedSender: () => true,
    });
    for (const [channel, argument] of invoked) {
      expect(await router.handle(channel, argument, ''), channel).toEqual({
        ok: true,
        value: null,
      });
    }
  });
});
