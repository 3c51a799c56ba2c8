/**
 * Linking a Telegram chat to an account. The server makes a short code (random, or for the web
 * flow derived: `webLinkCode`), stores only its hash with an expiry
 * (TELEGRAM_LINK_CODE_TTL_MINUTES) and shows the deep link `https://t.me/<bot>?start=<code>`;
 * Telegram then sends the bot `/start <code>` from that chat. The user may also paste the code into the chat. Storage stays with the caller: this
 * module makes and reads codes and turns updates into `onStart` calls.
 */
import { randomInt } from 'node:crypto';
import { TELEGRAM_LINK_CODE_TTL_MINUTES, TELEGRAM_TEXTS } from '@prijsalarm/core';
import { message } from 'telegraf/filters';
import type { Update } from 'telegraf/types';
import { hashToken, safeEqual, TOKEN_PURPOSES, type TokenService } from '../../security/tokens';
import type { ChatId, TelegramClient } from './telegram-client';

/** Crockford's base32: no I, L, O or U, so a typed O or I/L can only mean 0 or 1. */
export const LINK_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 10 characters of 32 = 50 bits: short enough to type, plenty for a 15-minute single-use code. */
export const LINK_CODE_LENGTH = 10;

export interface IssuedLinkCode {
  /** Shown to the user and put in the deep link; never stored. */
  code: string;
  /** sha256 hex: store this (User.telegramLinkCodeHash). */
  codeHash: string;
  expiresAt: Date;
}

export function createLinkCode(now: Date = new Date()): IssuedLinkCode {
  let code = '';
  for (let index = 0; index < LINK_CODE_LENGTH; index++) {
    code += LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)];
  }
  return { code, codeHash: hashLinkCode(code), expiresAt: linkCodeExpiry(now) };
}

/**
 * The web flow's code of a user, derived rather than stored: an HMAC of the user and the code's
 * expiry in the code alphabet. Only its hash and expiry are stored, yet the status page can show
 * the same code again until it is used or expires; a new expiry is a new code.
 */
export function webLinkCode(tokens: TokenService, userId: string, expiresAt: Date): IssuedLinkCode {
  const derived = tokens.tokenFor(
    TOKEN_PURPOSES.telegramWebLink,
    `${userId}:${expiresAt.getTime()}`,
  );
  const digest = Buffer.from(derived, 'base64url');
  let code = '';
  // 256 is a multiple of 32, so each byte's low 5 bits pick a character uniformly.
  for (let index = 0; index < LINK_CODE_LENGTH; index++) {
    code += LINK_CODE_ALPHABET[digest[index]! % LINK_CODE_ALPHABET.length];
  }
  return { code, codeHash: hashLinkCode(code), expiresAt };
}

/** When a code issued at `now` stops working. */
export function linkCodeExpiry(now: Date): Date {
  return new Date(now.getTime() + TELEGRAM_LINK_CODE_TTL_MINUTES * 60_000);
}

/**
 * The code in canonical form (upper case, no spaces or dashes, look-alikes mapped), or null when
 * the input cannot be a link code.
 */
export function normalizeLinkCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== LINK_CODE_LENGTH) return null;
  return [...code].every((char) => LINK_CODE_ALPHABET.includes(char)) ? code : null;
}

/** What the caller stores and looks up; the same for any way of writing the code. */
export function hashLinkCode(code: string): string {
  return hashToken(normalizeLinkCode(code) ?? code.trim());
}

export function telegramDeepLink(botUsername: string, code: string): string {
  return `https://t.me/${encodeURIComponent(botUsername.replace(/^@/, ''))}?start=${encodeURIComponent(code)}`;
}

/**
 * Reads `/start`, `/start <payload>`, `/start@<bot> <payload>` or a pasted code. `code` is the
 * canonical code when the payload looks like one, else the payload as given (it will not match),
 * null for a bare /start. Null for any other text.
 */
export function parseStartCommand(
  text: string,
  botUsername?: string | null,
): { code: string | null } | null {
  const command = /^\/start(?:@([A-Za-z0-9_]+))?(?:\s+(\S+))?\s*$/i.exec(text.trim());
  if (command) {
    const addressedTo = command[1];
    if (addressedTo && botUsername && addressedTo.toLowerCase() !== botUsername.toLowerCase()) {
      return null;
    }
    const payload = command[2];
    return { code: payload ? (normalizeLinkCode(payload) ?? payload.slice(0, 64)) : null };
  }
  const pasted = normalizeLinkCode(text.trim());
  return pasted ? { code: pasted } : null;
}

/** Checks the X-Telegram-Bot-Api-Secret-Token header of a webhook POST, in constant time. */
export function isValidWebhookSecret(received: string | string[] | undefined, expected: string) {
  return typeof received === 'string' && expected !== '' && safeEqual(received, expected);
}

export interface StartCommand {
  updateId: number;
  chatId: number;
  userId: number | null;
  username: string | null;
  firstName: string | null;
  /** See parseStartCommand; null for a bare /start. */
  code: string | null;
}

export interface UpdatesListenerOptions {
  client: TelegramClient;
  /**
   * A /start (or a pasted code) in a private chat. What it returns is sent back to the chat as
   * plain text (e.g. TELEGRAM_TEXTS.linked or linkCodeInvalid); null/undefined sends nothing.
   */
  onStart(command: StartCommand): Promise<string | null | void> | string | null | void;
  /** Errors of onStart, of replies and of the polling loop. Default: console.error. */
  onError?(error: unknown): void;
  /** How replies are sent (e.g. through the pacer). Default: client.sendText. */
  reply?(chatId: ChatId, text: string): Promise<unknown>;
}

/** Update ids remembered against Telegram's re-deliveries of an update. */
const SEEN_UPDATES_KEPT = 1000;

/**
 * Turns the bot's incoming messages into `onStart` calls: by long polling getUpdates through
 * telegraf (`start`/`stop`), or by `handleUpdate` from a webhook route.
 */
export class UpdatesListener {
  private readonly client: TelegramClient;
  private readonly onError: (error: unknown) => void;
  private readonly seenUpdates = new Set<number>();
  private polling: Promise<void> | null = null;

  constructor(private readonly options: UpdatesListenerOptions) {
    this.client = options.client;
    this.onError = options.onError ?? ((error) => console.error('telegram updates', error));
    const reply = options.reply ?? ((chatId, text) => this.client.sendText(chatId, text));
    const bot = this.client.bot;
    bot.catch((error) => this.onError(error));
    bot.on(message('text'), async (ctx) => {
      const { update_id: updateId } = ctx.update;
      if (this.seenUpdates.has(updateId)) return;
      this.remember(updateId);
      const parsed = parseStartCommand(ctx.message.text, ctx.botInfo?.username);
      if (!parsed) return;
      if (ctx.chat.type !== 'private') {
        await reply(ctx.chat.id, TELEGRAM_TEXTS.privateChatOnly);
        return;
      }
      const answer = await this.options.onStart({
        updateId,
        chatId: ctx.chat.id,
        userId: ctx.from?.id ?? null,
        username: ctx.from?.username ?? null,
        firstName: ctx.from?.first_name ?? null,
        code: parsed.code,
      });
      if (answer) await reply(ctx.chat.id, answer);
    });
  }

  /**
   * Starts long polling (removes a webhook, as getUpdates and a webhook exclude each other).
   * Resolves once the bot is known (getMe); rejects if it is not, e.g. on a wrong token (401).
   */
  async start(): Promise<void> {
    if (this.polling) throw new Error('The Telegram updates listener is already running');
    let launched!: () => void;
    const ready = new Promise<void>((resolve) => (launched = resolve));
    const loop = this.client.bot.launch({ allowedUpdates: ['message'] }, () => launched());
    this.polling = loop.catch((error: unknown) => this.onError(error));
    try {
      await Promise.race([ready, loop]);
    } catch (error) {
      this.polling = null;
      throw error;
    }
  }

  /** Ends long polling; resolves when the last getUpdates has returned. */
  async stop(): Promise<void> {
    if (!this.polling) return;
    try {
      this.client.bot.stop('listener stopped');
    } catch {
      // The loop had already ended (an error was reported to onError).
    }
    await this.polling;
    this.polling = null;
  }

  /** For a webhook route, after it checked the secret header (isValidWebhookSecret). */
  async handleUpdate(update: Update): Promise<void> {
    await this.client.bot.handleUpdate(update);
  }

  private remember(updateId: number) {
    this.seenUpdates.add(updateId);
    if (this.seenUpdates.size > SEEN_UPDATES_KEPT) {
      const oldest = this.seenUpdates.values().next().value;
      if (oldest !== undefined) this.seenUpdates.delete(oldest);
    }
  }
}
