/**
 * The alert engine's jobs and their data: ids only, the worker reads the rest from the database.
 * An alert past its end date needs no job: its status follows from `expiresAt` and the scheduler
 * stops checking it.
 */
export type AlertEngineJobs = {
  /** Fetch one due search and record its new listings. */
  'check-search': { searchKey: string };
  /** Send one Delivery row on its channel (delivery/deliver.ts). */
  deliver: { deliveryId: number };
  /** Match one stored batch of the feed's new listings (engine/feed/match-listings.ts). */
  'match-listings': { batchId: string };
  /** The rest of a batch: its listings whose ad page decides, read at the page client's pace. */
  'match-listing-pages': { batchId: string };
};

export const ALERT_ENGINE_JOB_NAMES = [
  'check-search',
  'deliver',
  'match-listings',
  'match-listing-pages',
] as const satisfies readonly (keyof AlertEngineJobs)[];
