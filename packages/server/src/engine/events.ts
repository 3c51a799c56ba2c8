/**
 * The engine's in-process event bus: the recorder says what it recorded, the live push
 * (/ws/events) and anything else listening reacts. Handlers run synchronously in emit order; a
 * throwing or rejecting handler is logged and never reaches the emitter (a broken listener must not
 * undo a committed recording). Scale-out fan-out (Redis pub/sub) plugs in behind this interface.
 */
import type { Logger } from '../logger';

export interface EngineEventMap {
  /** A Notification row was committed (its deliveries are pending and queued). */
  'notification.created': { notificationId: string; userId: string | null; alertId: string };
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
