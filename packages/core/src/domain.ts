/** The vocabulary every package shares: plans, roles and the marketplaces (./platforms). */

export const PLANS = ['FREE', 'REGISTERED', 'PRO'] as const;
export type Plan = (typeof PLANS)[number];

export const ROLES = ['USER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export * from './platforms';

export type PerPlan<T> = Record<Plan, T>;

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

/* ---------- Alerts, categories and deliveries ---------- */

export const ALERT_STATUSES = ['pending_confirmation', 'active', 'paused', 'expired'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** Marktplaats' category levels: L1 a main category, L2 one of its subcategories. */
export const CATEGORY_TYPES = ['L1', 'L2'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

/** Where a delivery stands (the channels are core's channel table: channels/channels.ts). */
export const DELIVERY_STATUSES = ['pending', 'sent', 'retrying', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
