/**
 * Ends Pro where it ran out (issue 10): a cancel at the end of the paid period, a failed renewal
 * after its grace. Runs in the scheduler role (one per installation), once a minute.
 */
import type { AppContext } from '../context';
import { paymentsAvailable, settleLapsedSubscriptions } from '../commands/payments';

export const PAYMENT_SWEEP_INTERVAL_MS = 60_000;

export function startPaymentSweep(
  ctx: AppContext,
  intervalMs = PAYMENT_SWEEP_INTERVAL_MS,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = settleLapsedSubscriptions(ctx)
      .catch((error: unknown) => ctx.logger.error({ err: error }, 'payment sweep failed'))
      .finally(() => (running = null));
  };
  // Without Mollie nobody can have paid, so there is nothing to end (and no timer to keep).
  const timer = paymentsAvailable(ctx) ? setInterval(tick, intervalMs) : null;
  timer?.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
