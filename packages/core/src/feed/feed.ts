/**
 * An alert's private RSS feed: the latest matches of one alert behind a secret,
 * revocable link, for feed readers and automations. The server writes the XML
 * (presenters/alert-feed.ts) from these rules and ./strings.
 */

/** The feed holds this many of the alert's latest matches, newest first. */
export const ALERT_FEED_ITEM_LIMIT = 50;

/** Feed readers poll; five minutes of caching is well under an alert's check interval. */
export const ALERT_FEED_MAX_AGE_SECONDS = 300;

export const ALERT_FEED_CONTENT_TYPE = 'application/rss+xml; charset=utf-8';

/** How much of an ad's own text an item carries (readers show the start; the ad has the rest). */
export const ALERT_FEED_DESCRIPTION_LENGTH = 500;
