/**
 * A local stand-in for api.telegram.org that speaks the real Bot API wire protocol: `GET|POST
 * {apiRoot}/bot<token>/<method>` with parameters in the query string, JSON,
 * x-www-form-urlencoded or multipart/form-data, answered `{ ok: true, result }` or `{ ok: false,
 * error_code, description, parameters? }` with the error code as HTTP status. telegraf points at
 * it with `new Telegraf(token, { telegram: { apiRoot } })`.
 *
 * Methods: getMe, sendMessage, sendPhoto, getUpdates (long polling with offset/limit/timeout),
 * setWebhook, deleteWebhook, getWebhookInfo, answerCallbackQuery. `parse_mode: 'HTML'` is parsed
 * like the real API (./html), so a test sees what the user would see.
 *
 * Deliberate differences: a webhook may be plain http on any port (the real API wants https on
 * 443/80/88/8443), and the flood limits are not simulated; tests inject 429s instead.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EntityParseError, parseTelegramHtml, type MessageEntity } from './html';

export { parseTelegramHtml, type MessageEntity, type ParsedText } from './html';
export { createAutoClock, createManualClock, type ManualClock, type TestClock } from './clock';

/** The Bot API's text limits, counted after entity parsing. */
export const MESSAGE_TEXT_LIMIT = 4096;
export const CAPTION_LIMIT = 1024;

export interface TelegramDoubleOptions {
  /** The bot token the double accepts; any other token gets 401 Unauthorized. */
  token: string;
  /** 0 (default): any free port. */
  port?: number;
  host?: string;
  botUsername?: string;
  botFirstName?: string;
  /** Clock for message timestamps (`at`) and Telegram `date`s. Default Date.now. */
  now?: () => number;
  /** Wait before re-POSTing an update the webhook did not answer with 2xx. Default 100 ms. */
  webhookRetryDelayMs?: number;
  /** POSTs per update before the double gives it up. Default 5. */
  webhookMaxAttempts?: number;
}

export interface TelegramUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  username?: string;
}

export interface TelegramChat {
  id: number;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  first_name?: string;
  username?: string;
  title?: string;
}

export interface TelegramMessage {
  message_id: number;
  from?: TelegramUser;
  chat: TelegramChat;
  date: number;
  text?: string;
  entities?: MessageEntity[];
  caption?: string;
  caption_entities?: MessageEntity[];
  photo?: { file_id: string; file_unique_id: string; width: number; height: number }[];
}

export interface TelegramUpdate {
  update_id: number;
  message?: TelegramMessage;
}

/** One Bot API call as received, with what was answered. */
export interface ApiCall {
  method: string;
  httpMethod: string;
  /** 'query' when every parameter came in the query string. */
  encoding: 'json' | 'urlencoded' | 'multipart' | 'query';
  params: Record<string, unknown>;
  status: number;
  description: string | null;
  /** The double's clock when the call arrived. */
  at: number;
}

/** A message the bot delivered (sendMessage or sendPhoto that succeeded). */
export interface SentMessage {
  messageId: number;
  chatId: string;
  method: 'sendMessage' | 'sendPhoto';
  /** The double's clock when the call arrived. */
  at: number;
  /** `text` or `caption` exactly as sent (HTML source when parseMode is HTML). */
  raw: string;
  parseMode: string | null;
  /** What the user sees: the text after entity parsing. */
  text: string;
  entities: MessageEntity[];
  /** sendPhoto: the URL or file_id, or `upload:<filename>` for a multipart upload. */
  photo: string | null;
  params: Record<string, unknown>;
}

export interface UserMessageInput {
  chatId: number;
  text: string;
  username?: string;
  firstName?: string;
  /** Default 'private' (chat id = user id). */
  chatType?: 'private' | 'group' | 'supergroup';
  /** Default: the chat id (as in a private chat). */
  userId?: number;
}

export interface FailureSpec {
  errorCode: number;
  description: string;
  /** How many matching calls fail. Default 1. */
  times?: number;
  /** Methods it applies to. Default: every send* method. */
  methods?: string[];
  /** Seconds, sent as `parameters.retry_after`. */
  retryAfter?: number;
}

export interface WebhookDelivery {
  updateId: number;
  url: string;
  /** HTTP status answered, null when the POST failed at the network level. */
  status: number | null;
  secretToken: string | null;
  at: number;
}

export interface TelegramDouble {
  /** What to pass as telegraf's `telegram.apiRoot` (and TELEGRAM_API_ROOT). */
  apiRoot: string;
  token: string;
  botId: number;
  botUsername: string;
  /**
   * A user writes to the bot (e.g. '/start ABC123'). Queued for getUpdates, or POSTed to the
   * registered webhook (resolves after that POST was answered or given up). Unblocks the bot in
   * that chat, as pressing Start does.
   */
  sendUserMessage(input: UserMessageInput): Promise<TelegramUpdate>;
  /** The next `times` send calls answer 429 'Too Many Requests: retry after N'. */
  inject429(options: { retryAfter: number; times?: number; methods?: string[] }): void;
  /** Any Bot API failure, e.g. { errorCode: 500, description: 'Internal Server Error' }. */
  injectFailure(spec: FailureSpec): void;
  /** The next `times` matching calls (default: send* methods) are answered `ms` late. */
  injectDelay(options: { ms: number; times?: number; methods?: string[] }): void;
  /**
   * Calls held by `injectDelay` right now: the request has arrived (the sender is waiting for the
   * answer) and will be carried out when the delay ends, even if the sender is gone by then.
   * `remotePort` is the sender's local port, to find the process that sent it.
   */
  readonly delayed: ReadonlyArray<{ method: string; remotePort: number; since: number }>;
  /** The messages delivered to one chat, oldest first. */
  messagesTo(chatId: number | string): SentMessage[];
  readonly messages: readonly SentMessage[];
  readonly calls: readonly ApiCall[];
  callsTo(method: string): ApiCall[];
  /** 403 'Forbidden: bot was blocked by the user' for sends to this chat. */
  blockBot(chatId: number | string): void;
  unblockBot(chatId: number | string): void;
  /** 400 'Bad Request: chat not found' for sends to this chat. */
  removeChat(chatId: number | string): void;
  /** sendPhoto with this URL answers 400 'Bad Request: failed to get HTTP URL content'. */
  makePhotoUnreachable(url: string): void;
  readonly webhook: { url: string; secretToken: string | null } | null;
  readonly webhookDeliveries: readonly WebhookDelivery[];
  /** Updates not yet confirmed (getUpdates offset) or delivered (webhook). */
  pendingUpdates(): number;
  /** Drops messages, calls, failures, chats' states, updates and the webhook. */
  reset(): void;
  stop(): Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    readonly retryAfter?: number,
  ) {
    super(description);
  }
}

const badRequest = (description: string) => new ApiError(400, `Bad Request: ${description}`);

interface PendingPoll {
  res: ServerResponse;
  limit: number;
  allowed: string[] | null;
  timer: NodeJS.Timeout;
}

interface ActiveFailure extends FailureSpec {
  remaining: number;
}

interface ParsedRequest {
  params: Record<string, unknown>;
  encoding: ApiCall['encoding'];
}

/** A handler's "I answer later" (a long poll waiting for updates). */
const LONG_POLL = Symbol('long poll');

const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,256}$/;

function chatKey(chatId: number | string): string {
  return String(chatId);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Query string, JSON, urlencoded and multipart, merged the way the Bot API accepts them. */
async function parseRequest(req: IncomingMessage, url: URL): Promise<ParsedRequest> {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const body = await readBody(req);
  const contentType = (req.headers['content-type'] ?? '').toLowerCase();
  if (body.length === 0) return { params, encoding: 'query' };
  if (contentType.startsWith('application/json')) {
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      throw badRequest("can't parse JSON object");
    }
    if (json && typeof json === 'object') Object.assign(params, json);
    return { params, encoding: 'json' };
  }
  if (contentType.startsWith('multipart/form-data')) {
    const form = await new Response(body, {
      headers: { 'content-type': req.headers['content-type'] as string },
    }).formData();
    for (const [key, value] of form.entries()) {
      params[key] =
        typeof value === 'string'
          ? value
          : { upload: value.name, size: value.size, type: value.type };
    }
    return { params, encoding: 'multipart' };
  }
  Object.assign(params, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
  return { params, encoding: 'urlencoded' };
}

function integer(value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? Math.trunc(parsed) : fallback;
}

function boolean(value: unknown): boolean {
  return value === true || value === 'true' || value === '1' || value === 1;
}

function stringList(value: unknown): string[] | null {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed.map(String) : null;
    } catch {
      return null;
    }
  }
  return null;
}

function botIdOf(token: string): number {
  const match = /^(\d+):[A-Za-z0-9_-]+$/.exec(token);
  if (!match) throw new Error(`A bot token looks like 123456:ABC-def_ghi, not ${token}`);
  return Number(match[1]);
}

export async function startTelegramDouble(options: TelegramDoubleOptions): Promise<TelegramDouble> {
  const { token } = options;
  const botId = botIdOf(token);
  const botUsername = options.botUsername ?? 'PrijsalarmTestBot';
  const now = options.now ?? Date.now;
  const webhookRetryDelayMs = options.webhookRetryDelayMs ?? 100;
  const webhookMaxAttempts = options.webhookMaxAttempts ?? 5;
  const botUser: TelegramUser & Record<string, unknown> = {
    id: botId,
    is_bot: true,
    first_name: options.botFirstName ?? 'Prijsalarm',
    username: botUsername,
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
  };

  const messages: SentMessage[] = [];
  const calls: ApiCall[] = [];
  const failures: ActiveFailure[] = [];
  const delays: { ms: number; remaining: number; methods?: string[] }[] = [];
  const delayed = new Set<{ method: string; remotePort: number; since: number }>();
  const blocked = new Set<string>();
  const removed = new Set<string>();
  const unreachablePhotos = new Set<string>();
  const chats = new Map<string, TelegramChat>();
  const webhookDeliveries: WebhookDelivery[] = [];
  let updates: TelegramUpdate[] = [];
  let nextUpdateId = 700_000_000;
  let nextMessageId = 1;
  let webhook: { url: string; secretToken: string | null; allowed: string[] | null } | null = null;
  let poll: PendingPoll | null = null;
  let webhookLoop: Promise<void> | null = null;
  let stopped = false;
  /** Bumped by reset(): a call still in flight from before then leaves no trace. */
  let generation = 0;

  const seconds = () => Math.floor(now() / 1000);

  function chatFor(key: string): TelegramChat {
    const known = chats.get(key);
    if (known) return known;
    const id = Number(key);
    return { id: Number.isFinite(id) ? id : 0, type: 'private', first_name: 'Gebruiker' };
  }

  /** The first injected failure or delay that applies to `method`, used up by one. */
  function take<T extends { remaining: number; methods?: string[] }>(
    list: T[],
    method: string,
  ): T | null {
    const found = list.find((candidate) =>
      candidate.methods ? candidate.methods.includes(method) : method.startsWith('send'),
    );
    if (!found) return null;
    found.remaining -= 1;
    if (found.remaining <= 0) list.splice(list.indexOf(found), 1);
    return found;
  }

  function targetChat(params: Record<string, unknown>): string {
    const chatId = params.chat_id;
    if (chatId === undefined || chatId === null || chatId === '')
      throw badRequest('chat_id is empty');
    const key = chatKey(chatId as string | number);
    if (removed.has(key)) throw badRequest('chat not found');
    if (blocked.has(key)) throw new ApiError(403, 'Forbidden: bot was blocked by the user');
    return key;
  }

  function parseText(
    raw: string,
    parseMode: string | null,
    limit: number,
    tooLong: string,
  ): { text: string; entities: MessageEntity[] } {
    let parsed: { text: string; entities: MessageEntity[] } = { text: raw, entities: [] };
    if (parseMode?.toLowerCase() === 'html') {
      try {
        parsed = parseTelegramHtml(raw);
      } catch (error) {
        if (error instanceof EntityParseError) throw new ApiError(400, error.message);
        throw error;
      }
    } else if (parseMode) {
      throw badRequest(`unsupported parse_mode "${parseMode}" in this double`);
    }
    if (parsed.text.length > limit) throw badRequest(tooLong);
    return parsed;
  }

  function deliver(
    method: SentMessage['method'],
    key: string,
    at: number,
    params: Record<string, unknown>,
    content: { raw: string; parseMode: string | null; text: string; entities: MessageEntity[] },
    photo: string | null,
  ): TelegramMessage {
    const messageId = nextMessageId++;
    messages.push({ messageId, chatId: key, method, at, photo, params, ...content });
    const message: TelegramMessage = {
      message_id: messageId,
      from: botUser,
      chat: chatFor(key),
      date: seconds(),
    };
    if (method === 'sendMessage') {
      message.text = content.text;
      if (content.entities.length) message.entities = content.entities;
    } else {
      const fileId = `AgACAgQAAx${messageId}`;
      message.photo = [
        { file_id: `${fileId}-s`, file_unique_id: `AQAD${messageId}s`, width: 90, height: 67 },
        { file_id: fileId, file_unique_id: `AQAD${messageId}`, width: 800, height: 600 },
      ];
      if (content.text) message.caption = content.text;
      if (content.entities.length) message.caption_entities = content.entities;
    }
    return message;
  }

  function updatesFor(limit: number, allowed: string[] | null): TelegramUpdate[] {
    if (allowed && allowed.length > 0) {
      // Updates of a type not asked for are dropped, as by the real API.
      updates = updates.filter((update) =>
        Object.keys(update).some((key) => key !== 'update_id' && allowed.includes(key)),
      );
    }
    return updates.slice(0, limit);
  }

  function answer(res: ServerResponse, status: number, body: unknown) {
    if (res.writableEnded || res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  function wakePoll() {
    if (!poll) return;
    const waiting = poll;
    const ready = updatesFor(waiting.limit, waiting.allowed);
    if (ready.length === 0) return;
    poll = null;
    clearTimeout(waiting.timer);
    answer(waiting.res, 200, { ok: true, result: ready });
  }

  function endPoll(status: number, body: unknown) {
    if (!poll) return;
    const waiting = poll;
    poll = null;
    clearTimeout(waiting.timer);
    answer(waiting.res, status, body);
  }

  async function postToWebhook(update: TelegramUpdate): Promise<boolean> {
    if (!webhook) return false;
    const { url, secretToken } = webhook;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (secretToken) headers['x-telegram-bot-api-secret-token'] = secretToken;
    let status: number | null = null;
    try {
      const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(update) });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      // Unreachable webhook: recorded with status null.
    }
    webhookDeliveries.push({ updateId: update.update_id, url, status, secretToken, at: now() });
    return status !== null && status >= 200 && status < 300;
  }

  /** One update at a time, in order, as Telegram does; a refused update is retried, then dropped. */
  function runWebhookLoop(): Promise<void> {
    webhookLoop ??= deliverToWebhook().finally(() => {
      webhookLoop = null;
    });
    return webhookLoop;
  }

  async function deliverToWebhook(): Promise<void> {
    while (!stopped && webhook && updates.length > 0) {
      const update = updates[0] as TelegramUpdate;
      let delivered = false;
      for (let attempt = 1; attempt <= webhookMaxAttempts && !stopped && webhook; attempt++) {
        delivered = await postToWebhook(update);
        if (delivered) break;
        if (attempt < webhookMaxAttempts) {
          await new Promise((resolve) => setTimeout(resolve, webhookRetryDelayMs));
        }
      }
      if (updates[0] === update && (delivered || webhook)) updates.shift();
    }
  }

  function removeWebhook(params: Record<string, unknown>): true {
    webhook = null;
    if (boolean(params.drop_pending_updates)) updates = [];
    return true;
  }

  type Handler = (
    params: Record<string, unknown>,
    context: { at: number; res: ServerResponse },
  ) => unknown;

  const methods: Record<string, Handler> = {
    getMe: () => botUser,

    sendMessage(params, { at }) {
      const key = targetChat(params);
      const raw = params.text === undefined || params.text === null ? '' : String(params.text);
      const parseMode = params.parse_mode ? String(params.parse_mode) : null;
      const parsed = parseText(raw, parseMode, MESSAGE_TEXT_LIMIT, 'message is too long');
      if (parsed.text.trim() === '') throw badRequest('message text is empty');
      return deliver('sendMessage', key, at, params, { raw, parseMode, ...parsed }, null);
    },

    sendPhoto(params, { at }) {
      const key = targetChat(params);
      const photoParam = params.photo;
      let photo: string;
      if (typeof photoParam === 'string' && photoParam !== '') {
        if (/^https?:\/\//i.test(photoParam)) {
          if (unreachablePhotos.has(photoParam)) throw badRequest('failed to get HTTP URL content');
        } else if (!/^AgAC[\w-]+$/.test(photoParam)) {
          throw badRequest('wrong file identifier/HTTP URL specified');
        }
        photo = photoParam;
      } else if (photoParam && typeof photoParam === 'object' && 'upload' in photoParam) {
        photo = `upload:${String((photoParam as { upload: string }).upload)}`;
      } else {
        throw badRequest('there is no photo in the request');
      }
      const raw =
        params.caption === undefined || params.caption === null ? '' : String(params.caption);
      const parseMode = params.parse_mode ? String(params.parse_mode) : null;
      const parsed = parseText(raw, parseMode, CAPTION_LIMIT, 'message caption is too long');
      return deliver('sendPhoto', key, at, params, { raw, parseMode, ...parsed }, photo);
    },

    getUpdates(params, { res }) {
      if (webhook) {
        throw new ApiError(
          409,
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        );
      }
      const offset = integer(params.offset, 0);
      const limit = Math.min(100, Math.max(1, integer(params.limit, 100)));
      const timeoutSeconds = Math.max(0, integer(params.timeout, 0));
      const allowed = stringList(params.allowed_updates);
      if (offset > 0) updates = updates.filter((update) => update.update_id >= offset);
      else if (offset < 0) updates = updates.slice(offset);
      endPoll(409, {
        ok: false,
        error_code: 409,
        description:
          'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
      });
      const ready = updatesFor(limit, allowed);
      if (ready.length > 0 || timeoutSeconds === 0) return ready;
      const waiting: PendingPoll = {
        res,
        limit,
        allowed,
        timer: setTimeout(() => {
          if (poll === waiting) poll = null;
          answer(res, 200, { ok: true, result: [] });
        }, timeoutSeconds * 1000),
      };
      poll = waiting;
      res.on('close', () => {
        if (poll === waiting) {
          poll = null;
          clearTimeout(waiting.timer);
        }
      });
      return LONG_POLL;
    },

    setWebhook(params) {
      const url = params.url === undefined ? '' : String(params.url);
      if (url === '') return removeWebhook(params);
      if (!/^https?:\/\//i.test(url))
        throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
      const secretToken =
        params.secret_token === undefined || params.secret_token === ''
          ? null
          : String(params.secret_token);
      if (secretToken !== null && !SECRET_TOKEN_PATTERN.test(secretToken)) {
        throw badRequest('secret token contains unallowed characters');
      }
      if (boolean(params.drop_pending_updates)) updates = [];
      endPoll(409, {
        ok: false,
        error_code: 409,
        description: 'Conflict: terminated by setWebhook request',
      });
      webhook = { url, secretToken, allowed: stringList(params.allowed_updates) };
      void runWebhookLoop();
      return true;
    },

    deleteWebhook: (params) => removeWebhook(params),

    getWebhookInfo: () => ({
      url: webhook?.url ?? '',
      has_custom_certificate: false,
      pending_update_count: updates.length,
      ...(webhook?.allowed ? { allowed_updates: webhook.allowed } : {}),
    }),

    answerCallbackQuery(params) {
      if (!params.callback_query_id)
        throw badRequest('query is too old and response timeout expired or query ID is invalid');
      return true;
    },
  };
  const methodsByLowerName = new Map(
    Object.entries(methods).map(([name, handler]) => [name.toLowerCase(), { name, handler }]),
  );

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const at = now();
    const url = new URL(req.url ?? '/', 'http://telegram.double');
    const route = /^\/bot([^/]+)\/([A-Za-z]+)\/?$/.exec(url.pathname);
    let method = route?.[2] ?? url.pathname;
    let parsed: ParsedRequest = { params: {}, encoding: 'query' };
    let status = 200;
    let description: string | null = null;
    try {
      parsed = await parseRequest(req, url);
      if (!route) throw new ApiError(404, 'Not Found');
      if (route[1] !== token) throw new ApiError(401, 'Unauthorized');
      const entry = methodsByLowerName.get((route[2] as string).toLowerCase());
      if (!entry) throw new ApiError(404, 'Not Found');
      method = entry.name;
      const delay = take(delays, method);
      if (delay) {
        const born = generation;
        const held = { method, remotePort: req.socket.remotePort ?? 0, since: Date.now() };
        delayed.add(held);
        await new Promise((resolve) => setTimeout(resolve, delay.ms));
        delayed.delete(held);
        if (born !== generation) {
          res.destroy();
          return;
        }
      }
      const failure = take(failures, method);
      if (failure) throw new ApiError(failure.errorCode, failure.description, failure.retryAfter);
      const result = entry.handler(parsed.params, { at, res });
      if (result !== LONG_POLL) answer(res, 200, { ok: true, result });
    } catch (error) {
      const apiError =
        error instanceof ApiError ? error : new ApiError(500, 'Internal Server Error');
      status = apiError.errorCode;
      description = apiError.description;
      answer(res, status, {
        ok: false,
        error_code: apiError.errorCode,
        description: apiError.description,
        ...(apiError.retryAfter !== undefined
          ? { parameters: { retry_after: apiError.retryAfter } }
          : {}),
      });
    }
    calls.push({
      method,
      httpMethod: req.method ?? 'GET',
      encoding: parsed.encoding,
      params: parsed.params,
      status,
      description,
      at,
    });
  }

  const server: Server = createServer((req, res) => {
    void handle(req, res);
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    apiRoot: `http://${host}:${port}`,
    token,
    botId,
    botUsername,

    async sendUserMessage(input) {
      const chatType = input.chatType ?? 'private';
      const userId = input.userId ?? input.chatId;
      const from: TelegramUser = {
        id: userId,
        is_bot: false,
        first_name: input.firstName ?? input.username ?? 'Gebruiker',
        ...(input.username ? { username: input.username } : {}),
      };
      const chat: TelegramChat =
        chatType === 'private'
          ? {
              id: input.chatId,
              type: 'private',
              first_name: from.first_name,
              ...(input.username ? { username: input.username } : {}),
            }
          : { id: input.chatId, type: chatType, title: 'Groep' };
      const key = chatKey(input.chatId);
      chats.set(key, chat);
      blocked.delete(key);
      removed.delete(key);
      const message: TelegramMessage = {
        message_id: nextMessageId++,
        from,
        chat,
        date: seconds(),
        text: input.text,
      };
      const command = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(input.text);
      if (command)
        message.entities = [{ type: 'bot_command', offset: 0, length: command[0].length }];
      const update: TelegramUpdate = { update_id: nextUpdateId++, message };
      updates.push(update);
      // A loop that was just ending may have missed this update: run until it is out.
      while (webhook && !stopped && updates.includes(update)) await runWebhookLoop();
      if (!webhook) wakePoll();
      return update;
    },

    inject429({ retryAfter, times = 1, methods: only }) {
      failures.push({
        errorCode: 429,
        description: `Too Many Requests: retry after ${retryAfter}`,
        retryAfter,
        remaining: times,
        ...(only ? { methods: only } : {}),
      });
    },

    injectFailure(spec) {
      failures.push({ ...spec, remaining: spec.times ?? 1 });
    },

    injectDelay({ ms, times = 1, methods: only }) {
      delays.push({ ms, remaining: times, ...(only ? { methods: only } : {}) });
    },

    get delayed() {
      return [...delayed];
    },

    messagesTo: (chatId) => messages.filter((message) => message.chatId === chatKey(chatId)),
    messages,
    calls,
    callsTo: (method) => calls.filter((call) => call.method === method),
    blockBot: (chatId) => void blocked.add(chatKey(chatId)),
    unblockBot: (chatId) => void blocked.delete(chatKey(chatId)),
    removeChat: (chatId) => void removed.add(chatKey(chatId)),
    makePhotoUnreachable: (url) => void unreachablePhotos.add(url),
    get webhook() {
      return webhook ? { url: webhook.url, secretToken: webhook.secretToken } : null;
    },
    webhookDeliveries,
    pendingUpdates: () => updates.length,

    reset() {
      generation += 1;
      messages.length = 0;
      calls.length = 0;
      failures.length = 0;
      delays.length = 0;
      webhookDeliveries.length = 0;
      blocked.clear();
      removed.clear();
      unreachablePhotos.clear();
      chats.clear();
      updates = [];
      webhook = null;
      endPoll(200, { ok: true, result: [] });
    },

    async stop() {
      stopped = true;
      endPoll(200, { ok: true, result: [] });
      await webhookLoop;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
