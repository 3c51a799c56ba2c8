/**
 * The e-mail channel: ONE mail per recipient per check with every new ad of that check, grouped by
 * the alert(s) it matched. The first job of a group claims and sends all open
 * siblings; the others find theirs sent (or claimed) and do nothing.
 *
 * SMTP replies decide what a failure means (RFC 5321 §4.2.1): 5xx is permanent (failed, with the
 * server's reason), 4xx and network errors are transient (retrying with backoff).
 */
import { STRINGS } from '@prijsalarm/core';
import type { AppContext } from '../context';
import { parseRecipient } from '../engine/recipient';
import type { MailListing, NewListingsGroup } from '../mail/templates';
import type { Alert, Notification } from '../models';
import { manageUrlOf } from '../security/alert-links';
import { alertUnsubscribeUrl, MAX_UNSUBSCRIBE_ALERTS } from '../security/alert-unsubscribe';
import { claimDeliveries, recordOutcome, type SendOutcome } from './ledger';
import { byListing, openSiblings, type LoadedDelivery } from './siblings';

type EmailContext = Pick<
  AppContext,
  'models' | 'config' | 'queue' | 'logger' | 'mailer' | 'tokens'
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
    const user = await ctx.models.User.findByPk(userId);
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
    previousPriceCents:
      notification.kind === 'price_drop' ? (notification.previousPriceCents ?? null) : null,
  };
}

/** Ads grouped by the exact set of alerts they matched, groups in the order first seen. */
export function groupByAlerts(deliveries: readonly LoadedDelivery[]): {
  groups: NewListingsGroup[];
  alerts: Alert[];
} {
  const groups = new Map<string, NewListingsGroup>();
  const alerts = new Map<string, Alert>();
  for (const { notification, alerts: matched } of byListing(deliveries)) {
    for (const alert of matched) alerts.set(alert.id, alert);
    const key = matched.map((alert) => alert.id).join(',');
    const group = groups.get(key) ?? {
      searchTerms: matched.map((alert) => alert.searchTerm),
      listings: [],
    };
    group.listings.push(mailListing(notification));
    groups.set(key, group);
  }
  return { groups: [...groups.values()], alerts: [...alerts.values()] };
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

export async function deliverEmail(ctx: EmailContext, lead: LoadedDelivery): Promise<void> {
  const group = await claimDeliveries(ctx, await openSiblings(ctx, lead, { sameListing: false }));
  if (group.length === 0) return;
  const log = ctx.logger.child({
    channel: 'email',
    checkId: lead.checkId,
    deliveries: group.length,
  });

  const recipient = await recipientOfDelivery(ctx, lead);
  if (!recipient) {
    await recordOutcome(ctx, group, { kind: 'failed', reason: STRINGS.delivery.noRecipient });
    return;
  }

  const { groups, alerts } = groupByAlerts(group);
  let outcome: SendOutcome;
  try {
    await ctx.mailer.send(
      'newListings',
      recipient.email,
      {
        name: recipient.name,
        groups,
        alerts: alerts.map((alert) => ({
          searchTerm: alert.searchTerm,
          manageUrl: manageUrlOf(ctx, alert),
        })),
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
