/**
 * /telegram: linking the signed-in user's Telegram chat and a test message (commands/telegram.ts).
 * Telegram needs a plan that has it (policies/telegram.ts) — except disconnecting, which anyone
 * may do, e.g. after a downgrade.
 *
 * - GET  /status      { connected, username, linkCode, deepLink }; when not connected the link
 *                      code (the same until it is used or expires) and the deep link
 *                      https://t.me/<bot>?start=<code> (flow a)
 * - POST /verify      { code } the bot gave after a bare /start (flow b) → { connected, username }
 * - POST /disconnect  → { connected: false }
 * - POST /test        sends TELEGRAM_TEXTS.testMessage → { message }
 */
import { API_CONTRACT, TELEGRAM_TEXTS, telegramVerifySchema } from '@prijsalarm/core';
import type { AppContext } from '../../context';
import {
  disconnectTelegram,
  sendTelegramTest,
  telegramStatus,
  telegramUser,
  verifyTelegramCode,
} from '../../commands/telegram';
import { currentAuth, requireUser } from '../../http/auth';
import { route, type BoundRoute } from '../../http/contract-route';
import { rateLimit } from '../../http/rate-limit';

export default function telegramRoutes(ctx: AppContext): BoundRoute[] {
  const { telegram } = API_CONTRACT;
  return [
    route(telegram.status, { before: [requireUser] }, async (req) =>
      telegramStatus(ctx, await telegramUser(ctx, currentAuth(req).user.id)),
    ),

    route(
      telegram.verify,
      {
        before: [
          requireUser,
          // Codes are 50 bits and expire in minutes; this keeps guessing pointless all the same.
          rateLimit('telegram-verify-user', {
            points: 10,
            duration: 15 * 60,
            key: (req) => req.auth?.user.id,
          }),
        ],
        schemas: { body: telegramVerifySchema },
      },
      async (req) => {
        const user = await telegramUser(ctx, currentAuth(req).user.id);
        const chat = await verifyTelegramCode(ctx, user, req.input.body.code);
        return { connected: true as const, username: chat.username };
      },
    ),

    route(telegram.disconnect, { before: [requireUser] }, async (req) => {
      await disconnectTelegram(ctx, currentAuth(req).user.id);
      return { connected: false as const };
    }),

    route(
      telegram.test,
      {
        before: [
          requireUser,
          rateLimit('telegram-test-user', {
            points: 5,
            duration: 60,
            key: (req) => req.auth?.user.id,
          }),
        ],
      },
      async (req) => {
        await sendTelegramTest(ctx, await telegramUser(ctx, currentAuth(req).user.id));
        return { message: TELEGRAM_TEXTS.testSent };
      },
    ),
  ];
}
