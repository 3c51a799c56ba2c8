/**
 * The e-mail channel: ONE mail per recipient per check with every new ad of that check, grouped by
 * the alert(s) it matched (core's table: 'grouped'), and one digest mail of the held ones.
 *
 * SMTP replies decide what a failure means (RFC 5321, reply codes): 5xx is permanent (failed, with
 * the server's reason), 4xx and network errors are transient (retrying with backoff).
 */
import { DELIVERY_ERROR_TEXTS, MAIL_TEXTS } from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { parseRecipient } from '../../engine/recipient';
import type { MailListing, NewListingsData, NewListingsGroup } from '../../mail/templates';
import type { Alert, Notification } from '../../models';
import { manageUrlOf } from '../../security/alert-links';
import { alertUnsubscribeUrl, MAX_UNSUBSCRIBE_ALERTS } from '../../security/alert-unsubscribe';
import { nowOf } from '../clock';
import { newestFirst } from '../digest';
import type { SendOutcome } from '../ledger';
import { byAlertSet, byListing, type LoadedDelivery } from '../siblings';
import type { DeliveryContext, SendingChannel } from './channel';

interface MailRecipient {
  email: string;
  name: string | null;
}

async function recipientOfDelivery(
  ctx: Pick<AppContext, 'models'>,
  delivery: LoadedDelivery,
): Promise<MailRecipient | null> {
  const parsed = delivery.recipient ? parseRecipient(delivery.recipient) : null;
  const alert = delivery.notification.alert;
  if (parsed?.kind === 'guest') return { email: parsed.email, name: null };
  const userId = parsed?.kind === 'user' ? parsed.userId : alert.userId;
  if (userId) {
    // Loaded with the alert (siblings.ts) when it is the alert's owner.
    const user =
      alert.user && alert.user.id === userId ? alert.user : await ctx.models.User.findByPk(userId);
    return user ? { email: user.email, name: user.firstName ?? user.name ?? null } : null;
  }
  return alert.email ? { email: alert.email, name: null } : null;
}

function mailListing(notification: Notification): MailListing {
  return {
    platform: notification.platform,
    title: notification.title,
    priceCents: notification.priceCents ?? null,
    priceType: notification.priceType,
    url: notification.url,
    imageUrls: Array.isArray(notification.imageUrls) ? notification.imageUrls : [],
    cityName: notification.location ?? null,
    distanceMeters: notification.distanceMeters ?? null,
    postedAt: notification.postedAt ?? null,
    foundAt: notification.createdAt,
    previousPriceCents:
      notification.kind === 'price_drop' ? (notification.previousPriceCents ?? null) : null,
  };
}

/** Ads grouped by the exact set of alerts they matched, groups in the order first seen. */
export function groupByAlerts(deliveries: readonly LoadedDelivery[]): {
  groups: NewListingsGroup[];
  alerts: Alert[];
} {
  const sets = byAlertSet(byListing(deliveries));
  const alerts = new Map<string, Alert>();
  for (const set of sets) for (const alert of set.alerts) alerts.set(alert.id, alert);
  return {
    groups: sets.map((set) => ({
      searchTerms: set.alerts.map((alert) => alert.searchTerm),
      listings: set.notifications.map(mailListing),
    })),
    alerts: [...alerts.values()],
  };
}

interface SmtpError {
  responseCode?: number;
  response?: string;
  code?: string;
  message?: string;
}

/** What an SMTP failure means for the delivery. */
export function classifySmtpError(error: unknown): SendOutcome {
  const smtp = (error ?? {}) as SmtpError;
  const detail =
    smtp.response?.trim() || [smtp.code, smtp.message].filter(Boolean).join(': ') || String(error);
  if (
    typeof smtp.responseCode === 'number' &&
    smtp.responseCode >= 500 &&
    smtp.responseCode < 600
  ) {
    return { kind: 'failed', reason: DELIVERY_ERROR_TEXTS.emailRejected(detail) };
  }
  return { kind: 'retry', reason: DELIVERY_ERROR_TEXTS.temporaryFailure(detail), detail };
}

export const emailChannel = {
  id: 'email',
  send: (ctx, lead, group) => sendAlertMail(ctx, lead, group, null),
  sendDigest: (ctx, lead, group) => sendDigestMail(ctx, lead, group),
} satisfies SendingChannel;

/** The digest of an alert's schedule: every held, due row of the recipient in one mail. */
function sendDigestMail(
  ctx: DeliveryContext,
  lead: LoadedDelivery,
  group: readonly LoadedDelivery[],
): Promise<SendOutcome> {
  const { shown, total, more } = newestFirst(group);
  const recipient = lead.recipient ? parseRecipient(lead.recipient) : null;
  const guest = recipient?.kind === 'guest' || !lead.notification.alert.userId;
  return sendAlertMail(ctx, lead, group, {
    shown,
    digest: {
      total,
      more,
      moreText: guest ? MAIL_TEXTS.digest.moreGuest(more) : MAIL_TEXTS.digest.more(more),
      moreUrl: guest
        ? manageUrlOf(ctx, lead.notification.alert)
        : `${ctx.config.publicUrl}/notifications`,
    },
  });
}

/** One alert mail for the claimed `group` (a digest lists `shown` of them). */
async function sendAlertMail(
  ctx: DeliveryContext,
  lead: LoadedDelivery,
  group: readonly LoadedDelivery[],
  digest: { shown: LoadedDelivery[]; digest: NonNullable<NewListingsData['digest']> } | null,
): Promise<SendOutcome> {
  const recipient = await recipientOfDelivery(ctx, lead);
  if (!recipient) return { kind: 'failed', reason: DELIVERY_ERROR_TEXTS.noRecipient };

  const { groups, alerts } = groupByAlerts(digest ? digest.shown : group);
  try {
    await ctx.mailer.send(
      'newListings',
      recipient.email,
      {
        name: recipient.name,
        now: nowOf(ctx),
        groups,
        alerts: alerts.map((alert) => ({
          searchTerm: alert.searchTerm,
          manageUrl: manageUrlOf(ctx, alert),
        })),
        digest: digest?.digest ?? null,
      },
      {
        listUnsubscribe: alertUnsubscribeUrl(
          ctx.config,
          alerts.slice(0, MAX_UNSUBSCRIBE_ALERTS).map((alert) => alert.id),
        ),
      },
    );
    return { kind: 'sent' };
  } catch (error) {
    const outcome = classifySmtpError(error);
    ctx.logger.warn(
      { err: error, outcome: outcome.kind, channel: 'email', checkId: lead.checkId },
      'alert mail not sent',
    );
    return outcome;
  }
}
