/**
^ * The bot's incoming messages (/start links a chat, commands/telegram.ts), by long polling
 * getUpdates. Only one process may poll a bot (Telegram answers a second getUpdates with 409), so
 * this runs in the scheduler role, of which there is one per installation by design. A bot that
 * cannot be reached at start (wrong token, no network) is tried again every RETRY_MS; the
 * scheduler's other work does not wait for it.
 */
import type { AppContext } from '../context';
import { answerStartCommand } from '../commands/telegram';
import { UpdatesListener } from '../delivery/telegram';

export const TELEGRAM_UPDATES_RETRY_MS = 30_000;

export interface TelegramUpdates {
  /** Resolves once polling runs (tests); never rejects. */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

/** Null when Telegram is not configured. */
export function startTelegramUpdates(ctx: AppContext): TelegramUpdates | null {
  const telegram = ctx.telegram;
  if (!telegram) return null;
  const logger = ctx.logger.child({ component: 'telegram-updates' });
  const listener = new UpdatesListener({
    client: telegram.client,
    onStart: (command) => answerStartCommand(ctx, command),
    onError: (error) => logger.error({ err: error }, 'telegram updates error'),
    reply: (chatId, text) => telegram.sendText(chatId, text),
  });

  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const ready = (async () => {
    while (!stopped) {
      try {
        await listener.start();
        logger.info('telegram updates: polling');
        return;
      } catch (error) {
        logger.error({ err: error }, 'telegram updates could not start: trying again later');
        await new Promise<void>((resolve) => {
          wake = resolve;
          retryTimer = setTimeout(resolve, TELEGRAM_UPDATES_RETRY_MS);
          retryTimer.unref();
        });
      }
    }
  })();

  return {
    ready,
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      wake?.();
      await ready;
      await listener.stop();
    },
  };
}
