/**
 * How long stored rows are kept: notifications (with their deliveries) per plan of their owner,
 * price observations, webhook calls and the listings the engine set aside. The defaults ship with
 * the product; an admin changes them (the `retention` setting). No zod here: every web page loads
 * this module at start (the schema is ./schema).
 */
import type { PerPlan, Plan } from '../domain';
import { WEBHOOK_RULES } from '../webhooks/rules';

/**
 * The kinds of stored rows the pruner deletes and the admin's figures count, in the order the
 * admin sees them. Deliveries go with their notification; a stored listing goes once no
 * notification refers to it.
 */
export const RETENTION_KINDS = [
  'notifications',
  'deliveries',
  'listingSnapshots',
  'listingPrices',
  'webhookCalls',
  'setAsideListings',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** Days each kind of row is kept; a row older than that is pruned. */
export interface RetentionSetting {
  /** A notification and its deliveries, by the plan of the notification's owner (a guest: FREE). */
  notifications: PerPlan<number>;
  /** Price observations (the price history PRO shows). */
  priceHistory: number;
  /** The log of calls to webhooks. */
  webhookCalls: number;
  /** Listings the engine set aside, shown to the admin. */
  setAside: number;
}

/**
 * The bounds an admin may set. At least a week: longer than anything still open on a
 * notification (a daily digest, a webhook's retry window), so pruning never takes a row that
 * still has to be sent. At most ten years.
 */
export const RETENTION_DAYS_MIN = 7;
export const RETENTION_DAYS_MAX = 3650;

/**
 * What the product ships with. Price history as long as PRO keeps its notifications (the plan's
 * texts promise no other length); webhook calls as long as their log is shown.
 */
export const DEFAULT_RETENTION: RetentionSetting = {
  notifications: { FREE: 30, REGISTERED: 90, PRO: 365 },
  priceHistory: 365,
  webhookCalls: WEBHOOK_RULES.callLogDays,
  setAside: 30,
};

/** Days a notification of an owner on `plan` is kept (a guest's, `null`: FREE). */
export function notificationRetentionDays(retention: RetentionSetting, plan: Plan | null): number {
  return retention.notifications[plan ?? 'FREE'];
}

/** The moment before which a row kept `days` is old, seen at `now`. */
export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}
