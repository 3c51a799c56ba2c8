/**
 * The e-mail channel: ONE mail per recipient per check with every new ad of that check, grouped by
 * the alert(s) it matched. The first job of a group claims and sends all open
 * siblings; the others find theirs sent (or claimed) and do nothing.
 *
 * SMTP replies decide what a failure means (RFC 5321 §4.2.1): 5xx is permanent (failed, with the
 * server's reason), 4xx and network errors are transient (retrying with backoff).
 */
import { MAIL_TEXTS, STRINGS } from '@prijsalarm/core';
import type { AppContext } from '../context';
import { parseRecipient } from '../engine/recipient';
import type { MailListing, NewListingsData, NewListingsGroup } from '../mail/templates';
import type { Alert, Notification } from '../models';
import { manageUrlOf } from '../security/alert-links';
import { alertUnsubscribeUrl, MAX_UNSUBSCRIBE_ALERTS } from '../security/alert-unsubscribe';
import { nowOf } from './clock';
import { dueNow, newestFirst } from './digest';
import { claimDeliveries, recordOutcome, type SendOutcome } from './ledger';
import { byAlertSet, byListing, openSiblings, type LoadedDelivery } from './siblings';

type EmailContext = Pick<
  AppContext,
  'models' | 'config' | 'queue' | 'logger' | 'mailer' | 'tokens' | 'clock'
>;

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
    return { kind: 'failed', reason: STRINGS.delivery.emailRejected(detail) };
  }
  return { kind: 'retry', reason: STRINGS.delivery.temporaryFailure(detail), detail };
}

/** `gathered`: the lead's open siblings when the caller has just read them (deliver.ts). */
export async function deliverEmail(
  ctx: EmailContext,
  lead: LoadedDelivery,
  gathered?: LoadedDelivery[],
): Promise<void> {
  const now = nowOf(ctx);
  const siblings = dueNow(gathered ?? (await openSiblings(ctx, lead, { sameListing: false })), now);
  await sendAlertMail(ctx, lead, await claimDeliveries(ctx, siblings, now), null);
}

/** The digest of an alert's schedule: every held, due row of the recipient in one mail. */
export async function deliverEmailDigest(ctx: EmailContext, lead: LoadedDelivery): Promise<void> {
  const now = nowOf(ctx);
  const held = await openSiblings(ctx, lead, { sameListing: false, heldUntil: now });
  const group = await claimDeliveries(ctx, held, now);
  if (group.length === 0) return;
  const { shown, total, more } = newestFirst(group);
  const recipient = lead.recipient ? parseRecipient(lead.recipient) : null;
  const guest = recipient?.kind === 'guest' || !lead.notification.alert.userId;
  await sendAlertMail(ctx, lead, group, {
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

/** One alert mail for the claimed `group` (a digest lists `shown` of them); records the outcome. */
async function sendAlertMail(
  ctx: EmailContext,
  lead: LoadedDelivery,
  group: LoadedDelivery[],
  digest: { shown: LoadedDelivery[]; digest: NonNullable<NewListingsData['digest']> } | null,
): Promise<void> {
  if (group.length === 0) return;
  const log = ctx.logger.child({
    channel: 'email',
    checkId: lead.checkId,
    deliveries: group.length,
    digest: digest !== null,
  });

  const recipient = await recipientOfDelivery(ctx, lead);
  if (!recipient) {
    await recordOutcome(ctx, group, { kind: 'failed', reason: STRINGS.delivery.noRecipient });
    return;
  }

  const { groups, alerts } = groupByAlerts(digest ? digest.shown : group);
  let outcome: SendOutcome;
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
    outcome = { kind: 'sent' };
  } catch (error) {
    outcome = classifySmtpError(error);
    log.warn({ err: error, outcome: outcome.kind }, 'alert mail not sent');
  }
  const recorded = await recordOutcome(ctx, group, outcome);
  log.info({ status: recorded.status, retryAt: recorded.retryAt }, 'alert mail delivery recorded');
}
