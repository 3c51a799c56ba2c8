/**
 * The shared chat in the desktop window: every call goes through the bridge to main, which holds
 * the session cookies and calls the server as the signed-in user. The desktop has no guests.
 */
import { ApiError } from '@prijsalarm/core';
import { memoryChatStorage, type ChatApi, type ChatHost } from '@prijsalarm/chat-ui';
import type { DesktopBridge, DesktopState, IpcResult } from '../../../shared/ipc';

/** The value, or the ApiError the web's client would have thrown (the store reads its status). */
async function value<T>(call: Promise<IpcResult<T>>, path: string): Promise<T> {
  const result = await call;
  if (result.ok) return result.value;
  throw new ApiError({
    kind: result.status ? 'http' : 'network',
    status: result.status ?? 0,
    method: 'POST',
    path,
    message: result.error,
  });
}

const noGuests = () => Promise.reject(new Error('The desktop app chats as the signed-in user.'));

export function desktopChatApi(bridge: DesktopBridge): ChatApi {
  return {
    initialize: (request) =>
      'userInfo' in request ? value(bridge.chatStart(), 'chat:start') : noGuests(),
    checkMessages: ({ sessionId, lastMessageId }) =>
      value(bridge.chatCheck({ sessionId, lastMessageId }), 'chat:check'),
    send: ({ sessionId, message }) => value(bridge.chatSend({ sessionId, message }), 'chat:send'),
    markRead: ({ sessionId }) => value(bridge.chatMarkRead({ sessionId }), 'chat:mark-read'),
    resolve: ({ sessionId }) => value(bridge.chatResolve({ sessionId }), 'chat:resolve'),
    unreadCount: () => value(bridge.chatUnreadCount(), 'chat:unread-count'),
    onlineStatus: () => value(bridge.chatOnlineStatus(), 'chat:online-status'),
    validateEmail: noGuests,
    guestUnreadCount: noGuests,
  };
}

export function desktopChatHost(
  bridge: DesktopBridge,
  user: NonNullable<DesktopState['user']>,
): ChatHost {
  return {
    api: desktopChatApi(bridge),
    // In memory: the server keeps the conversation, and nothing of one user stays for the next.
    storage: memoryChatStorage(),
    now: () => Date.now(),
    // Main fills in who the user is; the name is the server's.
    user: () => ({ email: user.email, name: null, plan: user.plan }),
  };
}
