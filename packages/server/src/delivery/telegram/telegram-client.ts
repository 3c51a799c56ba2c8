/**
 * The bot's side of the Telegram Bot API, a thin layer over telegraf. `apiRoot` comes from
 * TELEGRAM_API_ROOT, so the same client talks to api.telegram.org or to the local double
 * (tests/doubles/telegram). Errors are telegraf's `TelegramError`s (or network errors) as thrown;
 * `classifyTelegramError` (./pacer) says what they mean.
 */
import { Telegraf } from 'telegraf';
import type { Message, Opts, Telegram, UserFromGetMe } from 'telegraf/types';
import type { Config } from '../../config/env';
import type { ListingMessage } from './format';
import { classifyTelegramError } from './pacer';

/** A chat id as Telegram gives it (a number) or as the database stores it (a string). */
export type ChatId = number | string;

export interface TelegramClientOptions {
  token: string;
  /** Default 'https://api.telegram.org'. */
  apiRoot?: string;
  /** telegraf's own timeout is 500 s, far too long for a delivery job. Default 15 s. */
  requestTimeoutMs?: number;
}

type CallApiSignal = NonNullable<Parameters<Telegraf['telegram']['callApi']>[2]>['signal'];

export const DEFAULT_TELEGRAM_REQUEST_TIMEOUT_MS = 15_000;

export interface SentTelegramMessage {
  messageId: number;
}

export interface SentListing extends SentTelegramMessage {
  /** 'text' when there was no photo, or Telegram refused the photo and the text went instead. */
  via: 'photo' | 'text';
}

export class TelegramClient {
  readonly bot: Telegraf;
  private readonly requestTimeoutMs: number;

  constructor(options: TelegramClientOptions) {
    this.bot = new Telegraf(options.token, {
      telegram: { apiRoot: options.apiRoot ?? 'https://api.telegram.org' },
    });
    // A reply through the webhook response cannot report failure.
    this.bot.telegram.webhookReply = false;
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_TELEGRAM_REQUEST_TIMEOUT_MS;
  }

  /** The bot's username once `getMe` has answered (needed for deep links). */
  get botUsername(): string | null {
    return this.bot.botInfo?.username ?? null;
  }

  async getMe(): Promise<UserFromGetMe> {
    const me = await this.call('getMe', {});
    this.bot.botInfo = me;
    return me;
  }

  /** Plain text (no parse mode): nothing in it needs escaping. */
  async sendText(chatId: ChatId, text: string): Promise<SentTelegramMessage> {
    const sent = await this.call('sendMessage', { chat_id: chatId, text });
    return { messageId: sent.message_id };
  }

  /**
   * The listing as a photo with its caption, or as a text message when there is no photo or
   * Telegram cannot use it (a 400 about the photo, not about the chat).
   */
  async sendListing(chatId: ChatId, message: ListingMessage): Promise<SentListing> {
    if (message.photoUrl) {
      try {
        const sent = await this.call('sendPhoto', {
          chat_id: chatId,
          photo: message.photoUrl,
          caption: message.caption,
          parse_mode: 'HTML',
        });
        return { messageId: sent.message_id, via: 'photo' };
      } catch (error) {
        const failure = classifyTelegramError(error);
        const photoRefused =
          failure.kind === 'permanent' && failure.code === 400 && !failure.unlinkChat;
        if (!photoRefused) throw error;
      }
    }
    const sent: Message.TextMessage = await this.call('sendMessage', {
      chat_id: chatId,
      text: message.text,
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
    });
    return { messageId: sent.message_id, via: 'text' };
  }

  private call<M extends keyof Telegram>(method: M, payload: Opts<M>) {
    return this.bot.telegram.callApi(method, payload, {
      // telegraf types the signal with its abort-controller polyfill; node-fetch takes Node's own.
      signal: AbortSignal.timeout(this.requestTimeoutMs) as unknown as CallApiSignal,
    });
  }
}

/** The configured client, or null when TELEGRAM_BOT_TOKEN is not set (Telegram is then off). */
export function createTelegramClient(
  config: Pick<Config, 'telegramBotToken' | 'telegramApiRoot'>,
): TelegramClient | null {
  if (!config.telegramBotToken) return null;
  return new TelegramClient({ token: config.telegramBotToken, apiRoot: config.telegramApiRoot });
}
