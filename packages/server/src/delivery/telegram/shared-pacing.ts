/**
 * The Telegram pacing of every process in Redis (REDIS_URL): the Bot API's limits are per bot,
 * not per process, so two workers each keeping to 1/s per chat and 30/s overall would together
 * send twice that. One Lua script decides atomically, on Redis's clock, whether a send may start.
 */
import type { SharedLimitsStore } from '../../context';

/** What TelegramPacer asks of a store shared between processes. */
export interface SharedPacing {
  /** Claims a start for a send to `chat`: 0 when it may start now, else the ms to wait first. */
  reserve(chat: string): Promise<number>;
  /** The send to `chat` ended: the next one waits `perChatIntervalMs` from now. */
  chatDone(chat: string): Promise<void>;
  /** A 429: every process holds back every chat for `ms`. */
  pauseBot(ms: number): Promise<void>;
}

export interface SharedPacingLimits {
  perChatIntervalMs: number;
  globalLimit: { max: number; windowMs: number };
}

/** How often a process waiting for a chat another process is sending to looks again. */
const SENDING_POLL_MS = 50;
/** How long a started send holds its chat at most, should its process die before chatDone. */
const CHAT_HOLD_MS = 30_000;

// KEYS: chat, global window, bot pause. ARGV: global max, window ms, a unique member, chat hold ms.
// The chat stays held from the start until chatDone (or the hold runs out, if the process died).
const RESERVE = `
local pause = redis.call('PTTL', KEYS[3])
if pause > 0 then return pause end
local chat = redis.call('PTTL', KEYS[1])
if chat > 0 then
  -- A send in progress elsewhere ends at an unknown moment: look again soon.
  if redis.call('GET', KEYS[1]) == 'sending' then return math.min(chat, ${SENDING_POLL_MS}) end
  return chat
end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[1]) then
  local oldest = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + window - now)
end
redis.call('ZADD', KEYS[2], now, ARGV[3])
redis.call('PEXPIRE', KEYS[2], window)
redis.call('SET', KEYS[1], 'sending', 'PX', ARGV[4])
return 0
`;

let sequence = 0;

export function redisSharedPacing(
  store: SharedLimitsStore,
  limits: SharedPacingLimits,
): SharedPacing {
  const key = (what: string) => `${store.prefix}:telegram-pacing:${what}`;
  const processId = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  return {
    async reserve(chat) {
      sequence += 1;
      const wait = await store.client.eval(
        RESERVE,
        3,
        key(`chat:${chat}`),
        key('global'),
        key('paused'),
        limits.globalLimit.max,
        limits.globalLimit.windowMs,
        `${processId}-${sequence}`,
        CHAT_HOLD_MS,
      );
      return Number(wait);
    },
    async chatDone(chat) {
      await store.client.set(key(`chat:${chat}`), 'done', 'PX', limits.perChatIntervalMs);
    },
    async pauseBot(ms) {
      await store.client.set(key('paused'), '1', 'PX', Math.max(1, Math.round(ms)));
    },
  };
}
