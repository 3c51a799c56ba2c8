/**
 * The Telegram channel: one message per ad. When two alerts of one user matched the same ad in one
 * check, one message names both and settles both deliveries. Sends go through the process's one
 * pacer (1/s per chat, 30/s overall, 429 retry_after waited out); what Telegram answers decides the
 * delivery: a chat that is gone (blocked, deleted) fails it and unlinks the user's Telegram, so
 * the user's other open Telegram deliveries fail at once as "not linked" without another call.
 */
import { STRINGS } from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { parseRecipient } from '../../engine/recipient';
import type { Alert, Notification } from '../../models';
import { nowOf } from '../clock';
import { dueNow, newestFirst } from '../digest';
import { claimDeliveries, recordOutcome, renewClaim, type SendOutcome } from '../ledger';
import { byAlertSet, byListing, openSiblings, type LoadedDelivery } from '../siblings';
import {
  formatListingMessage,
  TelegramSendError,
  classifyTelegramError,
  type ListingForMessage,
  type ListingMessage,
  type TelegramFailure,
} from '.';
import { formatDigestMessage } from './digest-format';

type TelegramContext = Pick<
  AppContext,
  'models' | 'config' | 'queue' | 'logger' | 'telegram' | 'clock'
>;

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
        reason: STRINGS.delivery.telegramRateLimited(Math.ceil(failure.retryAfterMs / 1000)),
        detail: failure.description,
        retryAt: new Date(now.getTime() + failure.retryAfterMs),
        countsAsAttempt: false,
      };
    case 'transient':
      return {
        kind: 'retry',
        reason: STRINGS.delivery.temporaryFailure(failure.description),
        detail: failure.description,
      };
    case 'permanent':
      return {
        kind: 'failed',
        reason: failure.unlinkChat
          ? STRINGS.delivery.telegramChatUnreachable
          : STRINGS.delivery.telegramRejected(failure.description),
      };
  }
}

export async function deliverTelegram(ctx: TelegramContext, lead: LoadedDelivery): Promise<void> {
  const now = nowOf(ctx);
  const siblings = dueNow(await openSiblings(ctx, lead, { sameListing: true }), now);
  const group = await claimDeliveries(ctx, siblings, now);
  const [ad] = byListing(group);
  if (!ad) return;
  const message = formatListingMessage(
    listingForMessage(ad.notification),
    ad.alerts.map((alert) => alert.searchTerm),
  );
  await sendTelegramMessage(ctx, lead, group, message);
}

/**
 * The digest of an alert's schedule: every held, due row of the user in one message (one ad: the
 * usual message), newest first within Telegram's length limit.
 */
export async function deliverTelegramDigest(
  ctx: TelegramContext,
  lead: LoadedDelivery,
): Promise<void> {
  const now = nowOf(ctx);
  const held = await openSiblings(ctx, lead, { sameListing: false, heldUntil: now });
  const group = await claimDeliveries(ctx, held, now);
  const ads = byListing(newestFirst(group, Number.MAX_SAFE_INTEGER).shown);
  const [first] = ads;
  if (!first) return;
  const names = (alerts: readonly Alert[]) => alerts.map((alert) => alert.searchTerm);
  const message =
    ads.length === 1
      ? formatListingMessage(listingForMessage(first.notification), names(first.alerts))
      : formatDigestMessage(
          byAlertSet(ads).map((entry) => ({
            alertNames: names(entry.alerts),
            listings: entry.notifications.map(listingForMessage),
          })),
        );
  await sendTelegramMessage(ctx, lead, group, message);
}

/** Sends one message for the claimed `group` to the user's chat and records the outcome. */
async function sendTelegramMessage(
  ctx: TelegramContext,
  lead: LoadedDelivery,
  group: LoadedDelivery[],
  message: ListingMessage,
): Promise<void> {
  if (group.length === 0) return;
  const log = ctx.logger.child({ channel: 'telegram', deliveryId: lead.id });

  if (!ctx.telegram) {
    await recordOutcome(ctx, group, {
      kind: 'failed',
      reason: STRINGS.delivery.telegramNotConfigured,
    });
    return;
  }
  const parsed = lead.recipient ? parseRecipient(lead.recipient) : null;
  const userId = parsed?.kind === 'user' ? parsed.userId : lead.notification.alert.userId;
  const user = userId ? await ctx.models.User.findByPk(userId) : null;
  const chatId = user?.telegramChatId ?? null;
  if (!user || !chatId) {
    await recordOutcome(ctx, group, { kind: 'failed', reason: STRINGS.delivery.telegramNotLinked });
    return;
  }
  const ids = group.map((delivery) => delivery.id);

  let outcome: SendOutcome;
  try {
    // The pacer may hold this send behind others to the same chat: keep the claim alive meanwhile.
    await ctx.telegram.sendListing(chatId, message, () => renewClaim(ctx, ids));
    outcome = { kind: 'sent' };
  } catch (error) {
    const failure =
      error instanceof TelegramSendError ? error.failure : classifyTelegramError(error);
    outcome = outcomeOfTelegramFailure(failure);
    if (failure.kind === 'permanent' && failure.unlinkChat) {
      if (await unlinkTelegramChat(ctx, user.id, chatId)) {
        log.info({ userId: user.id }, 'telegram chat unreachable: link removed');
      }
    }
    log.warn({ err: error, failure: failure.kind }, 'telegram message not sent');
  }
  await recordOutcome(ctx, group, outcome);
}
