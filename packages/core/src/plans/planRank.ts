import { PLANS } from '../domain';
import type { Plan } from '../domain';

/** PLANS is ordered from least to most: FREE < REGISTERED < PRO. */
function rank(plan: Plan): number {
  return PLANS.indexOf(plan);
}

/** Whether `plan` is `minimum` or a higher plan. */
export function planAtLeast(plan: Plan, minimum: Plan): boolean {
  return rank(plan) >= rank(minimum);
}

/** The plans an upgrade from `plan` can go to, lowest first. */
export function plansAbove(plan: Plan): Plan[] {
  return PLANS.filter((candidate) => rank(candidate) > rank(plan));
}
