/**
 * What the tray app's windows may ask of main, one handler per IPC channel (shared/ipc.ts), each
 * argument already checked by the router (ipcRouter.ts). A handler that needs a signed-in user
 * refuses with a Dutch message the window shows; the work itself is the app's (app.ts).
 */
import {
  DESKTOP_TEXTS,
  type ApiClient,
  type NotificationDto,
  type UserDto,
} from '@prijsalarm/core';
import type { DesktopState } from '../shared/ipc';
import type { Settings, SettingsStore } from '../shared/settings';
import type { ChatConnection } from './chatConnection';
import { UserFacingError, type IpcHandlers } from './ipcRouter';
import type { SignInResult } from './session';

/** The parts of the app the handlers use; read through functions, as the session can change. */
export interface IpcHost {
  state(): DesktopState;
  user(): UserDto | null;
  api(): ApiClient;
  recent(): NotificationDto[];
  readonly settings: SettingsStore;
  signIn(email: string, password: string, rememberMe: boolean): Promise<SignInResult>;
  signOut(): Promise<void>;
  saveSettings(update: Partial<Settings>): Settings;
  openNotification(id: string): Promise<void>;
  openNotificationCentre(): void;
  chatSockets(): ChatConnection;
  closeChatSocket(socketId: number): void;
}

export function createIpcHandlers(host: IpcHost): IpcHandlers {
  const requireUser = () => {
    const user = host.user();
    if (!user) throw new UserFacingError(DESKTOP_TEXTS.tray.statusSignedOut);
    return user;
  };
  return {
    'state:get': () => host.state(),
    'auth:sign-in': async ({ email, password, rememberMe }) => {
      const result = await host.signIn(email, password, rememberMe);
      if (!result.ok) throw new UserFacingError(result.message);
      return host.state();
    },
    'auth:sign-out': async () => {
      await host.signOut();
      return host.state();
    },
    'settings:get': async () => ({
      settings: host.settings.get(),
      alerts: host.user()
        ? (await host.api().alerts.myAlerts()).alerts.map(({ id, searchTerm }) => ({
            id,
            searchTerm,
          }))
        : [],
    }),
    'settings:save': (update) => host.saveSettings(update),
    'notifications:list': () => {
      requireUser();
      return host.recent();
    },
    'notifications:open': async ({ id }) => {
      requireUser();
      await host.openNotification(id);
      return null;
    },
    'notifications:open-centre': () => {
      host.openNotificationCentre();
      return null;
    },
    'chat:start': async () => {
      const user = requireUser();
      return host.api().chat.initialize({
        userInfo: { email: user.email, name: user.name, plan: user.plan },
      });
    },
    'chat:check': async (input) => {
      requireUser();
      return host.api().chat.checkMessages(input);
    },
    'chat:send': async (input) => {
      requireUser();
      return host.api().chat.send(input);
    },
    'chat:resolve': async (input) => {
      requireUser();
      return host.api().chat.resolve(input);
    },
    'chat:mark-read': async (input) => {
      requireUser();
      return host.api().chat.markRead(input);
    },
    'chat:unread-count': async () => {
      requireUser();
      return host.api().chat.unreadCount();
    },
    'chat:online-status': () => host.api().chat.onlineStatus(),
    'chat:socket-open': () => {
      requireUser();
      return { socketId: host.chatSockets().open() };
    },
    'chat:socket-send': ({ socketId, frame }) => {
      requireUser();
      if (!host.chatSockets().send(socketId, frame)) {
        throw new UserFacingError(DESKTOP_TEXTS.chatWindow.unavailable);
      }
      return null;
    },
    'chat:socket-close': ({ socketId }) => {
      host.closeChatSocket(socketId);
      return null;
    },
    // The binding layer closes the sender's window; nothing to do in the logic.
    'window:close': () => null,
  } satisfies IpcHandlers;
}
