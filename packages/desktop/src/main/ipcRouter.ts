/**
 * Every renderer call goes through here: the sender must be one of our own windows, the channel
 * one of the contract's, and the argument must pass the channel's zod schema. Anything else is
 * refused and logged (Mattermost's ipcValidate), never passed on.
 */
import { DESKTOP_TEXTS, isApiError } from '@prijsalarm/core';
import type { z } from 'zod';
import { IPC_CALLS, type IpcChannel, type IpcResult, type IpcResults } from '../shared/ipc';
import type { Logger } from './logger';

export type IpcHandlers = {
  [C in IpcChannel]: (
    argument: z.output<(typeof IPC_CALLS)[C]>,
  ) => Promise<IpcResults[C]> | IpcResults[C];
};

/** A failure whose message is Dutch and may be shown to the user as it is. */
export class UserFacingError extends Error {}

export interface IpcRouter {
  handle(channel: unknown, argument: unknown, senderUrl: string): Promise<IpcResult<unknown>>;
}

export function createIpcRouter(
  handlers: IpcHandlers,
  options: { logger: Logger; isTrustedSender(url: string): boolean },
): IpcRouter {
  const refused = (why: string, details: Record<string, unknown>): IpcResult<never> => {
    options.logger.warn(`ipc refused: ${why}`, details);
    return { ok: false, error: DESKTOP_TEXTS.ipc.refused };
  };
  return {
    async handle(channel, argument, senderUrl) {
      if (!options.isTrustedSender(senderUrl)) return refused('untrusted sender', { senderUrl });
      if (typeof channel !== 'string' || !Object.hasOwn(IPC_CALLS, channel)) {
        return refused('unknown channel', { channel: String(channel) });
      }
      const name = channel as IpcChannel;
      const parsed = IPC_CALLS[name].safeParse(argument);
      if (!parsed.success) {
        return refused('malformed argument', {
          channel: name,
          issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.code}`),
        });
      }
      try {
        const handler = handlers[name] as (argument: unknown) => Promise<unknown> | unknown;
        return { ok: true, value: await handler(parsed.data) };
      } catch (error) {
        if (error instanceof UserFacingError) return { ok: false, error: error.message };
        options.logger.error('ipc handler failed', { channel: name, error: String(error) });
        if (isApiError(error)) return { ok: false, error: error.message, status: error.status };
        return { ok: false, error: DESKTOP_TEXTS.signIn.failed };
      }
    },
  };
}
