/**
 * The feed's ad pages (read by the match job in a worker) get this share of the feed's rate on a
 * client of their own: behind the worker's checks they would wait minutes in its limiter's queue.
 */
export const FEED_PAGE_SHARE = 0.2;
