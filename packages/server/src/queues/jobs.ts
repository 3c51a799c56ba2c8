/**
 * The alert engine's jobs and their data: ids only, the worker reads the rest from the database.
 */
export type AlertEngineJobs = {
  /** Fetch one due search and record its new listings. */
  'check-search': { searchKey: string };
  /** Send one Delivery row (e-mail, Telegram or push). */
  deliver: { deliveryId: string };
  /** Housekeeping: expire alerts past their end date. */
  'expire-alerts': Record<string, never>;
};

export const ALERT_ENGINE_JOB_NAMES = [
  'check-search',
  'deliver',
  'expire-alerts',
] as const satisfies readonly (keyof AlertEngineJobs)[];
