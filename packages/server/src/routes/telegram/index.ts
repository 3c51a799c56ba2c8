/**
 * /telegram: linking the signed-in user's Telegram chat (commands/telegram.ts) and a test message.
 * Telegram needs a plan that has it (core's feature rules: FREE cannot use it) — except
 * disconnecting, which anyone may do, e.g. after a downgrade.
 *
 * - GET  /status      { connected, username, linkCode, deepLink }; when not connected a fresh
 *                      code and the deep link https://t.me/<bot>?start=<code> (flow a)
 * - POST /verify      { code } the bot gave after a bare /start (flow b) → { connected, username }
 * - POST /disconnect  → { connected: false }
 * - POST /test        sends STRINGS.telegram.testMessage → { message }
 */
import { Router, type Request } from 'express';
import {
  featureLockedMessage,
  requiredPlansFor,
  STRINGS,
  telegramVerifySchema,
  type MessageResponse,
  type TelegramDisconnectResponse,
  type TelegramStatusResponse,
  type TelegramVerifyResponse,
} from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { hydratedCapabilitiesFor } from '../../commands/capabilities';
import { issueWebLinkCode, linkChatByChatCode, unlinkTelegram } from '../../commands/telegram';
import { telegramDeepLink, TelegramSendError } from '../../delivery/telegram';
import { unlinkTelegramChat } from '../../delivery/telegram-delivery';
import { currentAuth, requireUser } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { validated } from '../../http/validate';
import type { User } from '../../models';

export default function telegramRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(requireUser);

  /** The caller, fresh from the database, when their plan has Telegram; else the plan's 403. */
  const telegramUser = async (req: Request): Promise<User> => {
    const user = await ctx.models.User.findByPk(currentAuth(req).user.id);
    if (!user) throw HttpError.unauthenticated();
    const caps = await hydratedCapabilitiesFor(ctx, user);
    if (!caps.canUseFeature('telegram')) {
      throw HttpError.forbidden(featureLockedMessage('telegram', caps.userPlan), {
        requiredPlans: requiredPlansFor('telegram'),
      });
    }
    return user;
  };

  /** Best effort: the chat learns what happened; the answer does not wait on Telegram's mood. */
  const tellChat = (chatId: string, text: string) => {
    ctx.telegram?.sendText(chatId, text).catch((error: unknown) => {
      ctx.logger.warn({ err: error }, 'telegram notice not sent');
    });
  };

  router.get('/status', async (req, res) => {
    const user = await telegramUser(req);
    let body: TelegramStatusResponse;
    if (user.telegramChatId) {
      body = {
        connected: true,
        username: user.telegramUsername ?? null,
        linkCode: null,
        deepLink: null,
      };
    } else if (!ctx.telegram) {
      // Without a bot nobody could use a code.
      body = { connected: false, username: null, linkCode: null, deepLink: null };
    } else {
      const { code } = await issueWebLinkCode(ctx, user);
      const botUsername = await ctx.telegram.botUsername();
      body = {
        connected: false,
        username: null,
        linkCode: code,
        deepLink: botUsername ? telegramDeepLink(botUsername, code) : null,
      };
    }
    res.json(body);
  });

  router.post(
    '/verify',
    // Codes are 50 bits and expire in minutes; this keeps guessing pointless all the same.
    rateLimit('telegram-verify-user', {
      points: 10,
      duration: 15 * 60,
      key: (req) => req.auth?.user.id,
    }),
    ...validated({ body: telegramVerifySchema }, async (req, res) => {
      const user = await telegramUser(req);
      const chat = await linkChatByChatCode(ctx, user, req.input.body.code);
      if (!chat) {
        throw HttpError.badRequest(STRINGS.telegram.codeInvalid, {
          fields: { code: STRINGS.telegram.codeInvalid },
        });
      }
      ctx.logger.info({ userId: user.id }, 'telegram chat linked (code typed on the website)');
      tellChat(chat.chatId, STRINGS.telegram.linked);
      const body: TelegramVerifyResponse = { connected: true, username: chat.username };
      res.json(body);
    }),
  );

  router.post('/disconnect', async (req, res) => {
    const user = await ctx.models.User.findByPk(currentAuth(req).user.id);
    if (!user) throw HttpError.unauthenticated();
    const chatId = user.telegramChatId;
    await unlinkTelegram(ctx, user.id);
    if (chatId) tellChat(chatId, STRINGS.telegram.disconnected);
    const body: TelegramDisconnectResponse = { connected: false };
    res.json(body);
  });

  router.post(
    '/test',
    rateLimit('telegram-test-user', { points: 5, duration: 60, key: (req) => req.auth?.user.id }),
    async (req, res) => {
      const user = await telegramUser(req);
      const chatId = user.telegramChatId;
      if (!chatId) throw HttpError.badRequest(STRINGS.access.telegramNotConnected);
      if (!ctx.telegram) throw new HttpError(503, STRINGS.delivery.telegramNotConfigured);
      try {
        await ctx.telegram.sendText(chatId, STRINGS.telegram.testMessage);
      } catch (error) {
        const failure = error instanceof TelegramSendError ? error.failure : null;
        if (failure?.kind === 'permanent' && failure.unlinkChat) {
          await unlinkTelegramChat(ctx, user.id, chatId);
          throw HttpError.badRequest(STRINGS.telegram.chatUnreachable);
        }
        ctx.logger.warn({ err: error }, 'telegram test message not sent');
        throw new HttpError(502, STRINGS.telegram.testFailed);
      }
      const body: MessageResponse = { message: STRINGS.telegram.testSent };
      res.json(body);
    },
  );

  return router;
}
