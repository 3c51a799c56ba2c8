/**
 * The process's one Telegram bot: one TelegramClient and one TelegramPacer, so every send of this
 * process (deliveries, test messages, the bot's replies) shares the Bot API limits (1 message/s per
 * chat, 30/s overall). Null when TELEGRAM_BOT_TOKEN is not set: Telegram is then off.
 */
import type { Config } from '../../config/env';
import type { SharedLimitsStore } from '../../context';
import type { Logger } from '../../logger';
import {
  createTelegramClient,
  TelegramPacer,
  redisSharedPacing,
  type ChatId,
  type ListingMessage,
  type SentListing,
  type SentTelegramMessage,
  type TelegramClient,
} from '.';

export interface TelegramService {
  readonly client: TelegramClient;
  readonly pacer: TelegramPacer;
  /** The bot's username for deep links: getMe once, then remembered; null while unreachable. */
  botUsername(): Promise<string | null>;
  /** Plain text, paced. Rejects with a TelegramSendError. */
  sendText(chatId: ChatId, text: string): Promise<SentTelegramMessage>;
  /**
   * A listing, paced. `beforeSend` runs right before each Bot API call (after the pacer's wait), so
   * a caller can renew its claim on the delivery. Rejects with a TelegramSendError.
   */
  sendListing(
    chatId: ChatId,
    message: ListingMessage,
    beforeSend?: () => Promise<void>,
  ): Promise<SentListing>;
}

export function createTelegramService(
  config: Pick<Config, 'telegramBotToken' | 'telegramApiRoot'>,
  logger: Logger,
  sharedLimits: SharedLimitsStore | null = null,
): TelegramService | null {
  const client = createTelegramClient(config);
  if (!client) return null;
  // With REDIS_URL every process paces against the same counts: the limits are the bot's.
  const pacer = new TelegramPacer({
    shared: sharedLimits ? (limits) => redisSharedPacing(sharedLimits, limits) : null,
  });
  const log = logger.child({ component: 'telegram' });
  let username: Promise<string | null> | null = null;

  return {
    client,
    pacer,
    botUsername() {
      if (client.botUsername) return Promise.resolve(client.botUsername);
      username ??= client.getMe().then(
        (me) => me.username,
        (error: unknown) => {
          log.warn({ err: error }, 'telegram getMe failed');
          username = null; // ask again next time
          return null;
        },
      );
      return username;
    },
    sendText: (chatId, text) => pacer.send(chatId, () => client.sendText(chatId, text)),
    sendListing: (chatId, message, beforeSend) =>
      pacer.send(chatId, async () => {
        await beforeSend?.();
        return client.sendListing(chatId, message);
      }),
  };
}
