/**
 * The channel names alone, for the preload: it must stay small (sandboxed, fully bundled) and
 * carries no schemas. ./ipc checks that each is one of the contract's channels.
 */

/** Which channel each bridge method calls (the preload and the fake bridge share it). */
export const BRIDGE_CHANNELS = {
  getState: 'state:get',
  signIn: 'auth:sign-in',
  signOut: 'auth:sign-out',
  getSettings: 'settings:get',
  saveSettings: 'settings:save',
  listNotifications: 'notifications:list',
  openNotification: 'notifications:open',
  openNotificationCentre: 'notifications:open-centre',
  chatStart: 'chat:start',
  chatCheck: 'chat:check',
  chatSend: 'chat:send',
  chatResolve: 'chat:resolve',
  chatMarkRead: 'chat:mark-read',
  chatUnreadCount: 'chat:unread-count',
  chatOnlineStatus: 'chat:online-status',
  chatSocketOpen: 'chat:socket-open',
  chatSocketSend: 'chat:socket-send',
  chatSocketClose: 'chat:socket-close',
  closeWindow: 'window:close',
} as const;

/** Main → renderer: the app's state whenever it changes. */
export const STATE_EVENT = 'state:changed';

/** Main → the chat window: its socket's events (open, a server message, close). */
export const CHAT_SOCKET_EVENT = 'chat:socket';
