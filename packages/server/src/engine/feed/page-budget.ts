/**
 * How many ad pages the feed may read for a Pro alert's exact posting time (timestamp scraping,
 * spec §6): a token bucket per platform at a share of the feed's request rate. The feed's visits
 * come first — at 4 ads/s a page per Pro match would take most of MARKETPLACE_RATE and every
 * delivery would wait —, so a match over the budget is delivered at once without the exact time
 * (the notification shows the ad's day label). Pages that decide a match (seller type) are never
 * counted here: they are always read.
 */
/**
 * The feed's ad pages (read by the match job in a worker) get this share of the feed's rate on a
 * client of their own: behind the worker's checks they would wait minutes in its limiter's queue.
 */
export const FEED_PAGE_SHARE = 0.2;

/** Ad pages read only for a Pro alert's exact posting time: this share of the feed's rate. */
export const POSTING_TIME_SHARE = 0.03;

export interface PageBudget {
  /** Takes one page from the budget: false when it is spent. */
  take(): boolean;
}

export function createPageBudget(options: {
  /** Pages a second, on average. */
  perSecond: number;
  /** Pages that may be read at once after a quiet spell. */
  burst?: number;
  now?: () => number;
}): PageBudget {
  const now = options.now ?? Date.now;
  const burst = options.burst ?? 5;
  let tokens = burst;
  let at = now();
  return {
    take() {
      const t = now();
      tokens = Math.min(burst, tokens + ((t - at) / 1000) * options.perSecond);
      at = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
