/**
 * The push channel: Web Push to every phone and browser the user turned notifications on in.
 * A check's new ads go out as one notification (core's table: 'grouped'): one ad is named with
 * its price and place and a tap opens it and marks it read; a burst (or a digest) is summed up in one notification
 * that opens the notification centre, so a burst does not fill the lock screen. The alert is the
 * notification's topic and tag, so a newer message replaces one the user has not seen yet.
 *
 * What each push service answers is web-push.ts's: a device that is gone (404/410) is deleted
 * there. The delivery is sent when one device took it; it is retried through the ledger when none
 * did and a service asked to wait (429) or was in trouble (5xx).
 */
import { createHash } from 'node:crypto';
import {
  PAGE_PATHS,
  PRICE_DROP_TEXTS,
  PUSH_RULES,
  PUSH_TEXTS,
  type PushMessage,
} from '@prijsalarm/core';
import type { Config } from '../../config/env';
import { formatPlace, formatPrice, oneLine } from '../../lib/listing-text';
import type { Notification } from '../../models';
import { sendPush, type PushOutcome } from '../../push/web-push';
import { pushOpenedUrl } from '../../security/push-opened';
import { nowOf } from '../clock';
import { newestFirst } from '../digest';
import type { SendOutcome } from '../ledger';
import { byListing, type LoadedDelivery } from '../siblings';
import type { DeliveryContext, SendingChannel } from './channel';

const texts = PUSH_TEXTS.alert;

/** 'Gazelle herenfiets · € 120 · Utrecht · 5 km': what the ad is, what it costs, where. */
function listingLine(notification: Notification): string {
  return [
    oneLine(notification.title),
    formatPrice(notification.priceCents ?? null, notification.priceType),
    formatPlace(notification.location ?? null, notification.distanceMeters ?? null),
  ]
    .filter(Boolean)
    .join(' · ');
}

const sameListing = (a: Notification, b: Notification) =>
  a.platform === b.platform && a.listingId === b.listingId;

const isDrop = (notification: Notification) =>
  notification.kind === 'price_drop' && notification.previousPriceCents != null;

function imageOf(notification: Notification): string | undefined {
  const images = Array.isArray(notification.imageUrls) ? notification.imageUrls : [];
  return images.find((url) => url.startsWith('https://'));
}

/** A push service's topic: at most 32 URL-safe characters, the same for every message of an alert. */
const topicOf = (alertId: string) =>
  createHash('sha256').update(alertId).digest('base64url').slice(0, 32);

/**
 * The one notification for the claimed rows: one ad, or a summary of several. A tap on one ad
 * opens it and marks it read (its notifications for every alert of the user that found it); a
 * summary opens the notification centre, where the user reads them.
 */
export function pushMessageOf(
  group: readonly LoadedDelivery[],
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>,
): PushMessage {
  const ads = byListing(newestFirst(group, Number.MAX_SAFE_INTEGER).shown);
  const alertId = group[0]!.notification.alert.id;
  const tag = `alert-${alertId}`;
  if (ads.length === 1) {
    const { notification, alerts } = ads[0]!;
    const image = imageOf(notification);
    return {
      title: isDrop(notification)
        ? PRICE_DROP_TEXTS.title(
            oneLine(notification.title),
            notification.previousPriceCents!,
            notification.priceCents ?? 0,
          )
        : texts.newListing(alerts.map((alert) => alert.searchTerm)),
      body: listingLine(notification),
      url: notification.url,
      openedUrl: pushOpenedUrl(
        config,
        group
          .filter((row) => sameListing(row.notification, notification))
          .map((row) => row.notification.id),
      ),
      tag,
      ...(image ? { image } : {}),
    };
  }
  const searchTerms = [
    ...new Set(ads.flatMap(({ alerts }) => alerts.map((alert) => alert.searchTerm))),
  ];
  const allDrops = ads.every(({ notification }) => isDrop(notification));
  return {
    title: allDrops
      ? PRICE_DROP_TEXTS.mailSubjectMany(ads.length)
      : texts.summary(ads.length, searchTerms),
    body: ads
      .slice(0, PUSH_RULES.summaryTitles)
      .map(({ notification }) => oneLine(notification.title))
      .join(' · '),
    url: new URL(PAGE_PATHS.notifications, config.publicUrl).toString(),
    tag,
  };
}

/** What the sends to every device mean for the delivery: sent when one device took it. */
export function outcomeOfPushes(outcomes: readonly PushOutcome[], now: Date): SendOutcome {
  if (outcomes.some((outcome) => outcome.kind === 'sent')) return { kind: 'sent' };
  const retries = outcomes.filter((outcome) => outcome.kind === 'retry');
  if (retries.length > 0) {
    const waits = retries.flatMap((outcome) =>
      outcome.retryAfterMs === null ? [] : [outcome.retryAfterMs],
    );
    return {
      kind: 'retry',
      reason: texts.busy,
      detail: `push service answered ${retries.map((outcome) => outcome.statusCode ?? 'no answer').join(', ')}`,
      ...(waits.length > 0 ? { retryAt: new Date(now.getTime() + Math.max(...waits)) } : {}),
    };
  }
  const refused = outcomes.find((outcome) => outcome.kind === 'failed');
  if (refused?.kind === 'failed')
    return { kind: 'failed', reason: texts.refused(refused.statusCode) };
  // Every device was gone (and is deleted now), or none was left.
  return { kind: 'failed', reason: texts.noDevices };
}

async function sendPushMessage(
  ctx: DeliveryContext,
  lead: LoadedDelivery,
  group: readonly LoadedDelivery[],
): Promise<SendOutcome> {
  const userId = lead.notification.alert.userId;
  if (!userId) return { kind: 'failed', reason: texts.noDevices };
  const [user, subscriptions] = await Promise.all([
    ctx.models.User.findByPk(userId, { attributes: ['id', 'plan'] }),
    ctx.models.PushSubscription.findAll({ where: { userId } }),
  ]);
  const message = pushMessageOf(group, ctx.config);
  const options = {
    ttlSeconds: PUSH_RULES.alertTtlSeconds,
    // PRO is told at once, even on a phone saving its battery.
    urgency: user?.plan === 'PRO' ? ('high' as const) : ('normal' as const),
    topic: topicOf(lead.notification.alert.id),
  };
  const outcomes = await Promise.all(
    subscriptions.map((subscription) => sendPush(ctx, subscription, message, options)),
  );
  return outcomeOfPushes(outcomes, nowOf(ctx));
}

export const pushChannel = {
  id: 'push',
  send: sendPushMessage,
  sendDigest: sendPushMessage,
} satisfies SendingChannel;
