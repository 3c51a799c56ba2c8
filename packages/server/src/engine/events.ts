/**
 * The engine's in-process event bus: the recorder says what it recorded, the live push
 * (/ws/events) and anything else listening reacts. Handlers run synchronously in emit order; a
 * throwing or rejecting handler is logged and never reaches the emitter (a broken listener must not
 * undo a committed recording). Scale-out fan-out (Redis pub/sub) plugs in behind this interface.
 */
import type { ChatAgentServerMessage, ChatServerMessage } from '@prijsalarm/core';
import type { Logger } from '../logger';

/**
 * A chat frame for the /ws/chat sockets of every web process (sockets/chat.ts): to one session's
 * visitor sockets (except the one that caused it), to every agent, or to every visitor.
 */
export interface ChatFrameEvent {
  to:
    | { kind: 'session'; sessionId: string; exceptConnection?: string }
    | { kind: 'agents' }
    | { kind: 'visitors' };
  frame: ChatServerMessage | ChatAgentServerMessage;
}

export interface EngineEventMap {
  /** A Notification row was committed (its deliveries are pending and queued). */
  'notification.created': { notificationId: string; userId: string | null; alertId: string };
  /** The user read one or all of their notifications: their open pages show the new count. */
  'notifications.read': { userId: string };
  /** A support chat frame, for every web process to hand to its own sockets. */
  'chat.frame': ChatFrameEvent;
  /**
   * A user's plan or alert limit changed (a payment, an admin, a cancellation taking effect): their
   * open pages and apps read their user and capabilities again.
   */
  'account.changed': { userId: string };
}

export type EngineEventName = keyof EngineEventMap;
export type EngineEventHandler<E extends EngineEventName> = (
  payload: EngineEventMap[E],
) => void | Promise<void>;

export interface EngineEvents {
  emit<E extends EngineEventName>(event: E, payload: EngineEventMap[E]): void;
  /** Adds a handler; returns the function that removes it. */
  on<E extends EngineEventName>(event: E, handler: EngineEventHandler<E>): () => void;
}

export function createEngineEvents(logger?: Logger): EngineEvents {
  const handlers = new Map<EngineEventName, Set<EngineEventHandler<EngineEventName>>>();
  const report = (event: EngineEventName, error: unknown) =>
    logger?.error({ err: error, event }, 'engine event handler failed');
  return {
    emit(event, payload) {
      for (const handler of [...(handlers.get(event) ?? [])]) {
        try {
          const result = handler(payload);
          if (result instanceof Promise) result.catch((error: unknown) => report(event, error));
        } catch (error) {
          report(event, error);
        }
      }
    },
    on(event, handler) {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      const entry = handler as EngineEventHandler<EngineEventName>;
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
  };
}
