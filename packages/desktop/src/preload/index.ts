/**
 * The one bridge between a window and main: named methods only (no ipcRenderer on the page), each
 * calling its contract channel. The arguments are checked again in main; this side trusts nothing.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_CHANNELS, CHAT_SOCKET_EVENT, STATE_EVENT } from '../shared/channels';
import type { ChatSocketEvent, DesktopBridge, DesktopState } from '../shared/ipc';

type Invoker = (argument?: unknown) => Promise<never>;

const calls = Object.fromEntries(
  Object.entries(BRIDGE_CHANNELS).map(([method, channel]) => [
    method,
    ((argument?: unknown) => ipcRenderer.invoke(channel, argument)) as Invoker,
  ]),
);

const bridge = {
  ...calls,
  onState(listener: (state: DesktopState) => void) {
    const handler = (_event: unknown, state: DesktopState) => listener(state);
    ipcRenderer.on(STATE_EVENT, handler);
    return () => {
      ipcRenderer.removeListener(STATE_EVENT, handler);
    };
  },
  onChatSocket(listener: (event: ChatSocketEvent) => void) {
    const handler = (_event: unknown, event: ChatSocketEvent) => listener(event);
    ipcRenderer.on(CHAT_SOCKET_EVENT, handler);
    return () => {
      ipcRenderer.removeListener(CHAT_SOCKET_EVENT, handler);
    };
  },
} as DesktopBridge;

contextBridge.exposeInMainWorld('prijsalarm', bridge);
