/**
 * The zod schema of ./postalCode, apart from its plain helpers: a client that only formats or
 * checks as typed (the home page's guest form) loads no zod until it validates, which keeps the
 * home page's first load within its JavaScript budget.
 */
import { z } from 'zod';
import type { PlatformId } from '../domain';
import { dutch } from './messages';
import { canonicalPostalCode, postalCodeMessage } from './postalCode';

/** A complete postal code for one platform, sent in its stored form (`'3511ab'` → `'3511 AB'`). */
export function postalCodeSchema(platform: PlatformId) {
  return z.string(dutch({ invalid: postalCodeMessage([platform]) })).transform((input, ctx) => {
    const code = canonicalPostalCode(platform, input);
    if (code !== null) return code;
    ctx.addIssue({ code: 'custom', message: postalCodeMessage([platform]), input });
    return z.NEVER;
  });
}
