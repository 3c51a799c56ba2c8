/**
 * The live figure on the home page: how many ads the engine checked today, counted by
 * the server from what the engine saw — never a made-up number. Public and cached for a minute.
 */

/** `GET /stats/listings-today`. */
export interface ListingsTodayStats {
  /** The local calendar day counted (Europe/Amsterdam), 'YYYY-MM-DD'. */
  day: string;
  /** Distinct ads the engine saw on Marktplaats and 2dehands since the day began. */
  listingsChecked: number;
}

/** How long the figure may be cached, by the server and by browsers and shared caches. */
export const PUBLIC_STATS_MAX_AGE_SECONDS = 60;
