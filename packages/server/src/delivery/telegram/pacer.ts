/**
 * Pacing to the Bot API's limits: at most one message per second
 * in a chat and about 30 per second for the whole bot. A 429 is honoured: wait `retry_after`
 * seconds, then retry the same message. Everything else is classified so the delivery job knows
 * whether to retry later, or to give up and clear the user's Telegram link.
 *
 * The pacing lives in this process, and with REDIS_URL also in Redis (`shared`, see
 * shared-pacing.ts), so several worker processes together keep to the bot's limits.
 */
import { TelegramError } from 'telegraf';
import type { SharedPacing, SharedPacingLimits } from './shared-pacing';

/** Seconds to wait on a 429 that carries no `retry_after` (telegraf's polling uses the same). */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

export type TelegramFailure =
  /** Flood control: the same message may be sent again after `retryAfterMs`. */
  | { kind: 'rate-limited'; code: 429; description: string; retryAfterMs: number }
  /**
   * Sending again will fail again. `unlinkChat`: the chat is gone for this bot (blocked,
   * deactivated, not found): mark the delivery failed and clear the user's Telegram link.
   */
  | { kind: 'permanent'; code: number; description: string; unlinkChat: boolean }
  /** Telegram's 5xx, a timeout or the network: retry later with backoff. */
  | { kind: 'transient'; code: number | null; description: string };

/** 400s that mean the chat itself is unreachable for the bot, not that the request was wrong. */
const CHAT_GONE =
  /chat not found|user not found|peer_id_invalid|chat was deleted|user is deactivated|bot was kicked/i;

export function classifyTelegramError(error: unknown): TelegramFailure {
  if (error instanceof TelegramError) {
    const { code } = error;
    const description = error.description;
    if (code === 429) {
      const seconds = error.parameters?.retry_after ?? DEFAULT_RETRY_AFTER_SECONDS;
      return { kind: 'rate-limited', code, description, retryAfterMs: seconds * 1000 };
    }
    if (code >= 500) return { kind: 'transient', code, description };
    // 403: blocked by the user, user deactivated, kicked, cannot initiate a conversation.
    if (code === 403) return { kind: 'permanent', code, description, unlinkChat: true };
    return { kind: 'permanent', code, description, unlinkChat: CHAT_GONE.test(description) };
  }
  const description = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { kind: 'transient', code: null, description };
}

/** A send that failed for good (or was handed back because of a long flood wait). */
export class TelegramSendError extends Error {
  override readonly name = 'TelegramSendError';
  constructor(
    readonly failure: TelegramFailure,
    options?: { cause?: unknown },
  ) {
    super(`Telegram ${failure.kind}: ${failure.description}`, options);
  }
}

export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: PacerClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface TelegramPacerOptions {
  /** Time between the end of one send to a chat and the start of the next. Default 1000 ms. */
  perChatIntervalMs?: number;
  /** At most `max` sends start in any `windowMs`. Default 30 per 1000 ms. */
  globalLimit?: { max: number; windowMs: number };
  /**
   * Who waits out a 429: 'bot' (default) pauses every chat, because with per-chat pacing in place
   * a 429 means the bot as a whole is being throttled; 'chat' pauses only that chat.
   */
  rateLimitScope?: 'bot' | 'chat';
  /** 429s waited out and retried per message before giving up. Default 3. */
  maxRateLimitRetries?: number;
  /**
   * A longer `retry_after` is not waited out here (it would hold a worker): the send fails with
   * kind 'rate-limited' and the caller schedules it. Default 60 s.
   */
  maxRetryAfterMs?: number;
  clock?: PacerClock;
  /**
   * Pacing shared with other processes (Redis), made for this pacer's limits; this process's own
   * pacing still applies.
   */
  shared?: ((limits: SharedPacingLimits) => SharedPacing) | null;
}

interface ChatState {
  tail: Promise<void>;
  queued: number;
  /** No send to this chat starts before. */
  nextAt: number;
}

const IDLE_CHATS_KEPT = 1000;

export class TelegramPacer {
  private readonly perChatIntervalMs: number;
  private readonly globalMax: number;
  private readonly globalWindowMs: number;
  private readonly rateLimitScope: 'bot' | 'chat';
  private readonly maxRateLimitRetries: number;
  private readonly maxRetryAfterMs: number;
  private readonly clock: PacerClock;
  private readonly shared: SharedPacing | null;
  private readonly chats = new Map<string, ChatState>();
  /** Start times of the sends in the current global window, oldest first. */
  private readonly recentStarts: number[] = [];
  private botPausedUntil = 0;

  constructor(options: TelegramPacerOptions = {}) {
    this.perChatIntervalMs = options.perChatIntervalMs ?? 1000;
    this.globalMax = options.globalLimit?.max ?? 30;
    this.globalWindowMs = options.globalLimit?.windowMs ?? 1000;
    this.rateLimitScope = options.rateLimitScope ?? 'bot';
    this.maxRateLimitRetries = options.maxRateLimitRetries ?? 3;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.clock = options.clock ?? systemClock;
    this.shared =
      options.shared?.({
        perChatIntervalMs: this.perChatIntervalMs,
        globalLimit: { max: this.globalMax, windowMs: this.globalWindowMs },
      }) ?? null;
  }

  /** Until when a 429 holds every chat back (epoch ms of the pacer's clock; 0: not paused). */
  get pausedUntil(): number {
    return this.botPausedUntil;
  }

  /**
   * Runs `call` (one Bot API send to `chatId`) when the limits allow it. Sends to one chat run
   * one after another, in the order they were asked for. Rejects with a TelegramSendError.
   */
  send<T>(chatId: number | string, call: () => Promise<T>): Promise<T> {
    const key = String(chatId);
    let chat = this.chats.get(key);
    if (!chat) {
      if (this.chats.size >= IDLE_CHATS_KEPT) this.forgetIdleChats();
      chat = { tail: Promise.resolve(), queued: 0, nextAt: 0 };
      this.chats.set(key, chat);
    }
    const state = chat;
    state.queued += 1;
    const result = state.tail.then(() => this.sendInTurn(key, state, call));
    state.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result.finally(() => {
      state.queued -= 1;
    });
  }

  private async sendInTurn<T>(key: string, chat: ChatState, call: () => Promise<T>): Promise<T> {
    for (let rateLimitRetries = 0; ;) {
      await this.waitForTurn(key, chat);
      try {
        const result = await call();
        chat.nextAt = this.clock.now() + this.perChatIntervalMs;
        await this.sharedDo(() => this.shared?.chatDone(key));
        return result;
      } catch (error) {
        const now = this.clock.now();
        chat.nextAt = now + this.perChatIntervalMs;
        await this.sharedDo(() => this.shared?.chatDone(key));
        const failure = classifyTelegramError(error);
        if (failure.kind === 'rate-limited') {
          const until = now + failure.retryAfterMs;
          if (this.rateLimitScope === 'bot') {
            this.botPausedUntil = Math.max(this.botPausedUntil, until);
            await this.sharedDo(() => this.shared?.pauseBot(failure.retryAfterMs));
          } else chat.nextAt = Math.max(chat.nextAt, until);
          if (
            rateLimitRetries < this.maxRateLimitRetries &&
            failure.retryAfterMs <= this.maxRetryAfterMs
          ) {
            rateLimitRetries += 1;
            continue;
          }
        }
        throw new TelegramSendError(failure, { cause: error });
      }
    }
  }

  /**
   * A shared-pacing call that must not fail a send: while Redis does not answer, this process's
   * own pacing is what holds.
   */
  private async sharedDo<T>(action: () => Promise<T> | undefined): Promise<T | undefined> {
    try {
      return await action();
    } catch {
      return undefined;
    }
  }

  private async waitForTurn(key: string, chat: ChatState): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      while (
        this.recentStarts.length > 0 &&
        (this.recentStarts[0] as number) <= now - this.globalWindowMs
      ) {
        this.recentStarts.shift();
      }
      const globalAt =
        this.recentStarts.length < this.globalMax
          ? now
          : (this.recentStarts[0] as number) + this.globalWindowMs;
      const at = Math.max(chat.nextAt, this.botPausedUntil, globalAt);
      if (at <= now) {
        // Taken here before asking Redis, so this process's other sends see it at once.
        this.recentStarts.push(now);
        if (!this.shared) return;
        const sharedWait = (await this.sharedDo(() => this.shared?.reserve(key))) ?? 0;
        if (sharedWait <= 0) return;
        this.recentStarts.splice(this.recentStarts.indexOf(now), 1);
        await this.clock.sleep(sharedWait);
        continue;
      }
      await this.clock.sleep(at - now);
    }
  }

  private forgetIdleChats() {
    const now = this.clock.now();
    for (const [key, chat] of this.chats) {
      if (chat.queued === 0 && chat.nextAt <= now) this.chats.delete(key);
    }
  }
}
