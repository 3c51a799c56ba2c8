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
