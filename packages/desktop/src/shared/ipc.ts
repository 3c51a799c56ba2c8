/**
 * The one contract between the renderer windows and the main process: channel names, the zod
 * schema of each call's argument (checked in main, never trusted from the renderer), and the
 * bridge the preload exposes as `window.prijsalarm`. No electron and no Node here.
 */
import { z } from 'zod';
import {
  chatCheckMessagesRequestSchema,
  chatClientMessageSchema,
  chatSendRequestSchema,
  chatSessionRequestSchema,
  type ChatCheckMessagesResponse,
  type ChatInitializeResponse,
  type ChatMarkReadResponse,
  type ChatOnlineStatusResponse,
  type ChatResolveResponse,
  type ChatSendResponse,
  type ChatServerMessage,
  type ChatUnreadCountResponse,
  type NotificationDto,
  type Plan,
} from '@prijsalarm/core';
import type { Settings, SettingsUpdate } from './settings';
import { settingsUpdateSchema } from './settings';
import { BRIDGE_CHANNELS } from './channels';

export { BRIDGE_CHANNELS, CHAT_SOCKET_EVENT, STATE_EVENT } from './channels';

const none = z.undefined();
const socketId = z.number().int().positive();

/** The frames the chat window may send on its socket: a signed-in user's, never support's. */
export const CHAT_WINDOW_FRAME_TYPES: readonly string[] = [
  'auth',
  'heartbeat',
  'message',
  'typing',
];
export const chatWindowFrameSchema = chatClientMessageSchema.refine(
  (frame) => CHAT_WINDOW_FRAME_TYPES.includes(frame.type),
  { message: 'not a frame of the chat window' },
);

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
  'chat:mark-read': chatSessionRequestSchema.omit({ guestInfo: true }).strict(),
  'chat:unread-count': none,
  'chat:online-status': none,
  'chat:socket-open': none,
  'chat:socket-send': z.object({ socketId, frame: chatWindowFrameSchema }).strict(),
  'chat:socket-close': z.object({ socketId }).strict(),
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

/**
 * Every call answers this way: a Dutch `error` is fit to show; `status` is the server's HTTP
 * status when the server refused (the chat tells a closed session, 403, from a lost network).
 */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: string; status?: number };

/** What the chat window hears about its socket, main → renderer (see main/chatConnection). */
export type ChatSocketEvent =
  | { socketId: number; type: 'open' }
  | { socketId: number; type: 'message'; message: ChatServerMessage }
  | { socketId: number; type: 'close'; code: number };

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
  'chat:mark-read': ChatMarkReadResponse;
  'chat:unread-count': ChatUnreadCountResponse;
  'chat:online-status': ChatOnlineStatusResponse;
  'chat:socket-open': { socketId: number };
  'chat:socket-send': null;
  'chat:socket-close': null;
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
  chatMarkRead(input: IpcArgument<'chat:mark-read'>): Promise<IpcResult<ChatMarkReadResponse>>;
  chatUnreadCount(): Promise<IpcResult<ChatUnreadCountResponse>>;
  chatOnlineStatus(): Promise<IpcResult<ChatOnlineStatusResponse>>;
  chatSocketOpen(): Promise<IpcResult<{ socketId: number }>>;
  chatSocketSend(input: IpcArgument<'chat:socket-send'>): Promise<IpcResult<null>>;
  chatSocketClose(input: IpcArgument<'chat:socket-close'>): Promise<IpcResult<null>>;
  closeWindow(): Promise<IpcResult<null>>;
  /** Calls `listener` with every new state; returns the unsubscribe. */
  onState(listener: (state: DesktopState) => void): () => void;
  /** Calls `listener` with every event of the chat window's socket; returns the unsubscribe. */
  onChatSocket(listener: (event: ChatSocketEvent) => void): () => void;
}

/** Each bridge method's channel: every one must be a channel of the contract. */
const _bridgeChannelsCheck: Record<
  Exclude<keyof DesktopBridge, 'onState' | 'onChatSocket'>,
  IpcChannel
> = BRIDGE_CHANNELS;
void _bridgeChannelsCheck;

/** The windows the renderer bundle draws, chosen by the URL hash. */
export const WINDOW_KINDS = ['signin', 'settings', 'notifications', 'chat'] as const;
export type WindowKind = (typeof WINDOW_KINDS)[number];
