/**
 * core's guest alert schema (zod), loaded by GuestAlertFormStore as a chunk of its own when the
 * form is first touched: the home page's first load carries no zod (its JavaScript budget).
 */
export { guestCreateAlertSchema } from '@prijsalarm/core';
