/**
 * The time delivery goes by: the system clock, or the one a test put on the context
 * (`ctx.clock`) to see quiet hours end and a digest hour come without waiting for them.
 */
import type { AppContext } from '../context';

export function nowOf(ctx: Pick<AppContext, 'clock'>): Date {
  return ctx.clock?.now() ?? new Date();
}
