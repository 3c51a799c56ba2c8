/**
 * The Telegram channel: one message per ad (core's table: 'perAd'). When two alerts of one user
 * matched the same ad, one message names both and settles both deliveries; a digest of the held
 * ones is one message too. Sends go through the process's one
 * pacer (1/s per chat, 30/s overall, 429 retry_after waited out); what Telegram answers decides the
 * delivery: a chat that is gone (blocked, deleted) fails it and unlinks the user's Telegram, so
 * the user's other open Telegram deliveries fail at once as "not linked" without another call.
 */
import { DELIVERY_ERROR_TEXTS } from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { parseRecipient } from '../../engine/recipient';
import type { Alert, Notification } from '../../models';
import { newestFirst } from '../digest';
import { renewClaim, type SendOutcome } from '../ledger';
import { byAlertSet, byListing, type LoadedDelivery } from '../siblings';
import {
  formatListingMessage,
  TelegramSendError,
  classifyTelegramError,
  type ListingForMessage,
  type ListingMessage,
  type TelegramFailure,
} from '../telegram';
import { formatDigestMessage } from '../telegram/digest-format';
import type { DeliveryContext, SendingChannel } from './channel';

export function listingForMessage(notification: Notification): ListingForMessage {
  return {
    platform: notification.platform,
    title: notification.title,
    priceCents: notification.priceCents ?? null,
    priceType: notification.priceType,
    imageUrls: Array.isArray(notification.imageUrls) ? notification.imageUrls : [],
    url: notification.url,
    location: {
      cityName: notification.location ?? null,
      distanceMeters: notification.distanceMeters ?? null,
    },
    previousPriceCents:
      notification.kind === 'price_drop' ? (notification.previousPriceCents ?? null) : null,
  };
}

/**
 * Forgets the user's Telegram link, but only while it still points at the chat that failed: a
 * user who meanwhile linked another chat keeps that one.
 */
export async function unlinkTelegramChat(
  ctx: Pick<AppContext, 'models'>,
  userId: string,
  chatId: string,
): Promise<boolean> {
  const [changed] = await ctx.models.User.update(
    { telegramChatId: null, telegramUsername: null },
    { where: { id: userId, telegramChatId: chatId } },
  );
  return changed > 0;
}

/** What a Telegram failure means for the delivery. */
export function outcomeOfTelegramFailure(failure: TelegramFailure, now = new Date()): SendOutcome {
  switch (failure.kind) {
    case 'rate-limited':
      return {
        kind: 'retry',
        reason: DELIVERY_ERROR_TEXTS.telegramRateLimited(Math.ceil(failure.retryAfterMs / 1000)),
        detail: failure.description,
        retryAt: new Date(now.getTime() + failure.retryAfterMs),
        countsAsAttempt: false,
      };
    case 'transient':
      return {
        kind: 'retry',
        reason: DELIVERY_ERROR_TEXTS.temporaryFailure(failure.description),
        detail: failure.description,
      };
    case 'permanent':
      return {
        kind: 'failed',
        reason: failure.unlinkChat
          ? DELIVERY_ERROR_TEXTS.telegramChatUnreachable
          : DELIVERY_ERROR_TEXTS.telegramRejected(failure.description),
      };
  }
}

const alertNames = (alerts: readonly Alert[]) => alerts.map((alert) => alert.searchTerm);

/** The ad the claimed rows carry (one ad: the rows are gathered per ad), with all its alerts. */
function listingMessage(group: readonly LoadedDelivery[]): ListingMessage {
  const [ad] = byListing(group);
  return formatListingMessage(listingForMessage(ad!.notification), alertNames(ad!.alerts));
}

/**
 * The digest of an alert's schedule: every held, due row of the user in one message (one ad: the
 * usual message), newest first within Telegram's length limit.
 */
function digestMessage(group: readonly LoadedDelivery[]): ListingMessage {
  const ads = byListing(newestFirst(group, Number.MAX_SAFE_INTEGER).shown);
  const [first] = ads;
  if (ads.length === 1) {
    return formatListingMessage(listingForMessage(first!.notification), alertNames(first!.alerts));
  }
  return formatDigestMessage(
    byAlertSet(ads).map((entry) => ({
      alertNames: alertNames(entry.alerts),
      listings: entry.notifications.map(listingForMessage),
    })),
  );
}

export const telegramChannel = {
  id: 'telegram',
  send: (ctx, lead, group) => sendTelegramMessage(ctx, lead, group, listingMessage(group)),
  sendDigest: (ctx, lead, group) => sendTelegramMessage(ctx, lead, group, digestMessage(group)),
} satisfies SendingChannel;

/** Sends one message for the claimed `group` to the user's chat. */
async function sendTelegramMessage(
  ctx: DeliveryContext,
  lead: LoadedDelivery,
  group: readonly LoadedDelivery[],
  message: ListingMessage,
): Promise<SendOutcome> {
  if (!ctx.telegram) return { kind: 'failed', reason: DELIVERY_ERROR_TEXTS.telegramNotConfigured };
  const parsed = lead.recipient ? parseRecipient(lead.recipient) : null;
  const userId = parsed?.kind === 'user' ? parsed.userId : lead.notification.alert.userId;
  const user = userId ? await ctx.models.User.findByPk(userId) : null;
  const chatId = user?.telegramChatId ?? null;
  if (!user || !chatId) return { kind: 'failed', reason: DELIVERY_ERROR_TEXTS.telegramNotLinked };
  const ids = group.map((delivery) => delivery.id);

  try {
    // The pacer may hold this send behind others to the same chat: keep the claim alive meanwhile.
    await ctx.telegram.sendListing(chatId, message, () => renewClaim(ctx, ids));
    return { kind: 'sent' };
  } catch (error) {
    const log = ctx.logger.child({ channel: 'telegram', deliveryId: lead.id });
    const failure =
      error instanceof TelegramSendError ? error.failure : classifyTelegramError(error);
    if (failure.kind === 'permanent' && failure.unlinkChat) {
      if (await unlinkTelegramChat(ctx, user.id, chatId)) {
        log.info({ userId: user.id }, 'telegram chat unreachable: link removed');
      }
    }
    log.warn({ err: error, failure: failure.kind }, 'telegram message not sent');
    return outcomeOfTelegramFailure(failure);
  }
}
