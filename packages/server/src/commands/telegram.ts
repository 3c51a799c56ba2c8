/**
 * Linking a Telegram chat to an account, both ways round:
 *
 * (a) web → bot: GET /telegram/status shows a code (its hash on the user, with an expiry) and the
 *     deep link https://t.me/<bot>?start=<code>; Telegram sends the bot `/start <code>` from the
 *     user's chat (or the user pastes the code there) and `linkChatByWebCode` links that chat.
 *     Asking for the status again shows the same code: the user may look before Telegram has
 *     delivered the /start of the link they just opened.
 * (b) bot → web: a bare `/start` gets a code from the bot (`issueChatLinkCode`, stored hashed with
 *     its chat); the user types it on the website and POST /telegram/verify links it
 *     (`linkChatByChatCode`).
 *
 * Codes are single use and expire after TELEGRAM_LINK_CODE_TTL_MINUTES. One chat belongs to one
 * account: linking it to another account unlinks it from the first.
 */
import {
  ACCESS_TEXTS,
  DELIVERY_ERROR_TEXTS,
  TELEGRAM_LINK_CODE_TTL_MINUTES,
  TELEGRAM_TEXTS,
  type TelegramStatusResponse,
} from '@prijsalarm/core';
import { Op, type Transaction } from 'sequelize';
import type { AppContext } from '../context';
import {
  createLinkCode,
  hashLinkCode,
  linkCodeExpiry,
  normalizeLinkCode,
  telegramDeepLink,
  TelegramSendError,
  webLinkCode,
  type IssuedLinkCode,
  type StartCommand,
} from '../delivery/telegram';
import { unlinkTelegramChat } from '../delivery/channels/telegram';
import { HttpError } from '../http/errors';
import type { User } from '../models';
import { authorizeTelegram, telegramPolicy } from '../policies/telegram';
import { hydratedCapabilitiesFor } from './capabilities';

type LinkContext = Pick<AppContext, 'models' | 'sequelize' | 'logger'>;

export interface TelegramChat {
  chatId: string;
  username: string | null;
}

/**
 * The user's web code: the one issued earlier while it has not expired (nor been used: linking
 * clears it), else a new one. A code lives until it is used or expires, so looking at the status
 * again never breaks a link the user already opened.
 */
export async function webLinkCodeOf(
  ctx: Pick<AppContext, 'models' | 'tokens'>,
  user: User,
  now = new Date(),
): Promise<IssuedLinkCode> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const storedHash = user.telegramLinkCodeHash;
    const storedExpiry = user.telegramLinkCodeExpiresAt;
    if (storedHash && storedExpiry && storedExpiry > now) {
      const stored = webLinkCode(ctx.tokens, user.id, storedExpiry);
      if (stored.codeHash === storedHash) return stored;
    }
    const fresh = webLinkCode(ctx.tokens, user.id, linkCodeExpiry(now));
    // Only over the code read above: of two requests at once, one issues and both show it.
    const [changed] = await ctx.models.User.update(
      { telegramLinkCodeHash: fresh.codeHash, telegramLinkCodeExpiresAt: fresh.expiresAt },
      { where: { id: user.id, telegramLinkCodeHash: storedHash } },
    );
    if (changed === 1) return fresh;
    await user.reload();
  }
  throw new Error('telegram link code changed twice while being read');
}

async function linkChat(
  ctx: LinkContext,
  userId: string,
  chat: TelegramChat,
  transaction: Transaction,
): Promise<void> {
  const { User } = ctx.models;
  await User.update(
    { telegramChatId: null, telegramUsername: null },
    { where: { telegramChatId: chat.chatId, id: { [Op.ne]: userId } }, transaction },
  );
  await User.update(
    {
      telegramChatId: chat.chatId,
      telegramUsername: chat.username,
      telegramLinkCodeHash: null,
      telegramLinkCodeExpiresAt: null,
    },
    { where: { id: userId }, transaction },
  );
}

/** (a) The user whose unexpired web code this is gets the chat; null when no such code. */
export async function linkChatByWebCode(
  ctx: LinkContext,
  code: string,
  chat: TelegramChat,
  now = new Date(),
): Promise<User | null> {
  const canonical = normalizeLinkCode(code);
  if (!canonical) return null;
  const { User } = ctx.models;
  const codeHash = hashLinkCode(canonical);
  return ctx.sequelize.transaction(async (transaction) => {
    const user = await User.findOne({
      where: { telegramLinkCodeHash: codeHash, telegramLinkCodeExpiresAt: { [Op.gt]: now } },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!user) return null;
    await linkChat(ctx, user.id, chat, transaction);
    return user;
  });
}

/** (b) A code for the chat to type on the website; earlier codes of that chat stop working. */
export async function issueChatLinkCode(ctx: LinkContext, chat: TelegramChat, now = new Date()) {
  const { TelegramLinkCode } = ctx.models;
  const issued = createLinkCode(now);
  await TelegramLinkCode.destroy({
    where: { [Op.or]: [{ chatId: chat.chatId }, { expiresAt: { [Op.lte]: now } }] },
  });
  await TelegramLinkCode.create({
    codeHash: issued.codeHash,
    chatId: chat.chatId,
    username: chat.username,
    expiresAt: issued.expiresAt,
  });
  return issued;
}

/** (b) Links the chat that got this code from the bot to `user`; null when no such code. */
export async function linkChatByChatCode(
  ctx: LinkContext,
  user: User,
  code: string,
  now = new Date(),
): Promise<TelegramChat | null> {
  const canonical = normalizeLinkCode(code);
  if (!canonical) return null;
  const { TelegramLinkCode } = ctx.models;
  return ctx.sequelize.transaction(async (transaction) => {
    const row = await TelegramLinkCode.findOne({
      where: { codeHash: hashLinkCode(canonical), expiresAt: { [Op.gt]: now } },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!row) return null;
    // Single use: whoever deletes it links.
    const deleted = await TelegramLinkCode.destroy({ where: { id: row.id }, transaction });
    if (deleted !== 1) return null;
    const chat = { chatId: row.chatId, username: row.username ?? null };
    await linkChat(ctx, user.id, chat, transaction);
    return chat;
  });
}

/** Forgets the user's chat and any pending web code. */
export async function unlinkTelegram(ctx: Pick<AppContext, 'models'>, userId: string) {
  await ctx.models.User.update(
    {
      telegramChatId: null,
      telegramUsername: null,
      telegramLinkCodeHash: null,
      telegramLinkCodeExpiresAt: null,
    },
    { where: { id: userId } },
  );
}

/**
 * The bot's answer to `/start [code]` (or a pasted code) in a private chat: links by a web code,
 * or hands out a code for the website on a bare /start.
 */
export async function answerStartCommand(ctx: LinkContext, command: StartCommand): Promise<string> {
  const chat = { chatId: String(command.chatId), username: command.username };
  if (command.code === null) {
    const issued = await issueChatLinkCode(ctx, chat);
    return TELEGRAM_TEXTS.chatLinkCode(issued.code, TELEGRAM_LINK_CODE_TTL_MINUTES);
  }
  const user = await linkChatByWebCode(ctx, command.code, chat);
  if (!user) return TELEGRAM_TEXTS.linkCodeInvalid;
  ctx.logger.info({ userId: user.id }, 'telegram chat linked (deep link)');
  return TELEGRAM_TEXTS.linked;
}

/* ---------- The website's Telegram settings (/telegram routes) ---------- */

/** The caller, fresh from the database, when their plan has Telegram; else the plan's 403. */
export async function telegramUser(ctx: AppContext, userId: string): Promise<User> {
  const user = await ctx.models.User.findByPk(userId);
  if (!user) throw HttpError.unauthenticated();
  authorizeTelegram(await hydratedCapabilitiesFor(ctx, user));
  return user;
}

/** Best effort: the chat learns what happened; the answer does not wait on Telegram's mood. */
function tellChat(ctx: AppContext, chatId: string, text: string): void {
  ctx.telegram?.sendText(chatId, text).catch((error: unknown) => {
    ctx.logger.warn({ err: error }, 'telegram notice not sent');
  });
}

/** Connected (with the chat's username), or the link code and its deep link (flow a). */
export async function telegramStatus(ctx: AppContext, user: User): Promise<TelegramStatusResponse> {
  if (user.telegramChatId) {
    return {
      connected: true,
      username: user.telegramUsername ?? null,
      linkCode: null,
      deepLink: null,
    };
  }
  // Without a bot nobody could use a code.
  if (!ctx.telegram) return { connected: false, username: null, linkCode: null, deepLink: null };
  const { code } = await webLinkCodeOf(ctx, user);
  const botUsername = await ctx.telegram.botUsername();
  return {
    connected: false,
    username: null,
    linkCode: code,
    deepLink: botUsername ? telegramDeepLink(botUsername, code) : null,
  };
}

/** Links the chat whose bot gave `code` (flow b), or a 400 on the code field. */
export async function verifyTelegramCode(
  ctx: AppContext,
  user: User,
  code: string,
): Promise<TelegramChat> {
  const chat = await linkChatByChatCode(ctx, user, code);
  if (!chat) {
    throw HttpError.badRequest(TELEGRAM_TEXTS.codeInvalid, {
      fields: { code: TELEGRAM_TEXTS.codeInvalid },
    });
  }
  ctx.logger.info({ userId: user.id }, 'telegram chat linked (code typed on the website)');
  tellChat(ctx, chat.chatId, TELEGRAM_TEXTS.linked);
  return chat;
}

export async function disconnectTelegram(ctx: AppContext, userId: string): Promise<void> {
  const user = await ctx.models.User.findByPk(userId);
  if (!user || !telegramPolicy.canDisconnect()) throw HttpError.unauthenticated();
  const chatId = user.telegramChatId;
  await unlinkTelegram(ctx, user.id);
  if (chatId) tellChat(ctx, chatId, TELEGRAM_TEXTS.disconnected);
}

/** Sends the test message; a chat that blocked the bot is unlinked. */
export async function sendTelegramTest(ctx: AppContext, user: User): Promise<void> {
  const chatId = user.telegramChatId;
  if (!chatId) throw HttpError.badRequest(ACCESS_TEXTS.telegramNotConnected);
  if (!ctx.telegram) throw new HttpError(503, DELIVERY_ERROR_TEXTS.telegramNotConfigured);
  try {
    await ctx.telegram.sendText(chatId, TELEGRAM_TEXTS.testMessage);
  } catch (error) {
    const failure = error instanceof TelegramSendError ? error.failure : null;
    if (failure?.kind === 'permanent' && failure.unlinkChat) {
      await unlinkTelegramChat(ctx, user.id, chatId);
      throw HttpError.badRequest(TELEGRAM_TEXTS.chatUnreachable);
    }
    ctx.logger.warn({ err: error }, 'telegram test message not sent');
    throw new HttpError(502, TELEGRAM_TEXTS.testFailed);
  }
}
