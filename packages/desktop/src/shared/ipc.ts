/**
 * The one contract between the renderer windows and the main process: channel names, the zod
 * schema of each call's argument (checked in main, never trusted from the renderer), and the
 * bridge the preload exposes as `window.prijsalarm`. No electron and no Node here.
 */
import { z } from 'zod';
import {
  chatCheckMessagesRequestSchema,
  chatSendRequestSchema,
  chatSessionRequestSchema,
  type ChatCheckMessagesResponse,
  type ChatInitializeResponse,
  type ChatResolveResponse,
  type ChatSendResponse,
  type NotificationDto,
  type Plan,
} from '@prijsalarm/core';
import type { Settings, SettingsUpdate } from './settings';
import { settingsUpdateSchema } from './settings';
import { BRIDGE_CHANNELS } from './channels';

export { BRIDGE_CHANNELS, STATE_EVENT } from './channels';

const none = z.undefined();

export const IPC_CALLS = {
  'state:get': none,
  'auth:sign-in': z
    .object({
      email: z.string().trim().min(1).max(254),
      password: z.string().min(1).max(1024),
      rememberMe: z.boolean(),
    })
    .strict(),
  'auth:sign-out': none,
  'settings:get': none,
  'settings:save': settingsUpdateSchema,
  'notifications:list': none,
  'notifications:open': z.object({ id: z.string().min(1).max(64) }).strict(),
  'notifications:open-centre': none,
  'chat:start': none,
  'chat:check': chatCheckMessagesRequestSchema.omit({ guestInfo: true }).strict(),
  'chat:send': chatSendRequestSchema.omit({ guestInfo: true }).strict(),
  'chat:resolve': chatSessionRequestSchema.omit({ guestInfo: true }).strict(),
  'window:close': none,
} as const;

export type IpcChannel = keyof typeof IPC_CALLS;
export const IPC_CHANNELS = Object.keys(IPC_CALLS) as IpcChannel[];
export type IpcArgument<C extends IpcChannel> = z.input<(typeof IPC_CALLS)[C]>;

export type ConnectionState = 'connected' | 'offline' | 'muted' | 'signed-out';

export interface DesktopState {
  signedIn: boolean;
  user: { email: string; plan: Plan } | null;
  connection: ConnectionState;
  unread: number;
  serverUrl: string;
}

export interface SettingsView {
  settings: Settings;
  /** The user's alerts, for 'which alerts notify' (empty when signed out). */
  alerts: Array<{ id: string; searchTerm: string }>;
}

/** Every call answers this way: a Dutch `error` is fit to show. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: string };

export interface IpcResults {
  'state:get': DesktopState;
  'auth:sign-in': DesktopState;
  'auth:sign-out': DesktopState;
  'settings:get': SettingsView;
  'settings:save': Settings;
  'notifications:list': NotificationDto[];
  'notifications:open': null;
  'notifications:open-centre': null;
  'chat:start': ChatInitializeResponse;
  'chat:check': ChatCheckMessagesResponse;
  'chat:send': ChatSendResponse;
  'chat:resolve': ChatResolveResponse;
  'window:close': null;
}

/** `window.prijsalarm`: named methods only, no generic ipcRenderer (Electron's checklist). */
export interface DesktopBridge {
  getState(): Promise<IpcResult<DesktopState>>;
  signIn(input: IpcArgument<'auth:sign-in'>): Promise<IpcResult<DesktopState>>;
  signOut(): Promise<IpcResult<DesktopState>>;
  getSettings(): Promise<IpcResult<SettingsView>>;
  saveSettings(update: SettingsUpdate): Promise<IpcResult<Settings>>;
  listNotifications(): Promise<IpcResult<NotificationDto[]>>;
  openNotification(input: IpcArgument<'notifications:open'>): Promise<IpcResult<null>>;
  openNotificationCentre(): Promise<IpcResult<null>>;
  chatStart(): Promise<IpcResult<ChatInitializeResponse>>;
  chatCheck(input: IpcArgument<'chat:check'>): Promise<IpcResult<ChatCheckMessagesResponse>>;
  chatSend(input: IpcArgument<'chat:send'>): Promise<IpcResult<ChatSendResponse>>;
  chatResolve(input: IpcArgument<'chat:resolve'>): Promise<IpcResult<ChatResolveResponse>>;
  closeWindow(): Promise<IpcResult<null>>;
  /** Calls `listener` with every new state; returns the unsubscribe. */
  onState(listener: (state: DesktopState) => void): () => void;
}

/** Each bridge method's channel: every one must be a channel of the contract. */
const _bridgeChannelsCheck: Record<
  Exclude<keyof DesktopBridge, 'onState'>,
  IpcChannel
> = BRIDGE_CHANNELS;
void _bridgeChannelsCheck;

/** The windows the renderer bundle draws, chosen by the URL hash. */
export const WINDOW_KINDS = ['signin', 'settings', 'notifications', 'chat'] as const;
export type WindowKind = (typeof WINDOW_KINDS)[number];
