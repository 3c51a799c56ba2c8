/**
 * Ends Pro where it ran out: a cancel at the end of the paid period, a failed renewal after its
 * grace. Runs in the scheduler role (one per installation), once a minute.
 */
import type { AppContext } from '../context';
import { paymentsAvailable, settleLapsedSubscriptions } from '../commands/payments';
import { repeat, type Repeating } from '../lib/repeat';

export const PAYMENT_SWEEP_INTERVAL_MS = 60_000;

export function startPaymentSweep(
  ctx: AppContext,
  intervalMs = PAYMENT_SWEEP_INTERVAL_MS,
): Repeating {
  // Without Mollie nobody can have paid, so there is nothing to end (and no timer to keep).
  if (!paymentsAvailable(ctx)) return { stop: async () => undefined };
  return repeat(() => settleLapsedSubscriptions(ctx), {
    everyMs: intervalMs,
    startNow: false,
    onError: (error) => ctx.logger.error({ err: error }, 'payment sweep failed'),
  });
}
