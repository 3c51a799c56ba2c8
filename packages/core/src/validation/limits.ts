/**
 * The bounds the product leaves open (its stated numbers live in ../constants). Chosen to bound
 * storage and abuse, not to restrict honest users.
 */

/** Passwords: long enough to resist guessing, short enough to bound hashing cost. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** RFC 5321 path limit; a longer address cannot be delivered anyway. */
export const EMAIL_MAX_LENGTH = 254;
export const PERSON_NAME_MAX_LENGTH = 100;

export const CONTACT_SUBJECT_MAX_LENGTH = 200;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

export const EXCLUDE_WORD_MAX_LENGTH = 50;
export const EXCLUDE_WORDS_MAX_COUNT = 20;

/** Car filters: a sane odometer ceiling and the years a listed car can have been built. */
export const CAR_MILEAGE_MAX_KM = 2_000_000;
export const CAR_YEAR_MIN = 1900;
export const CAR_YEAR_MAX = 2100;

/** Notification lists may ask at most this many per page. */
export const NOTIFICATION_PAGE_SIZE_MAX = 100;
/** GET /notifications/stats/overview counts per day over this many days, today included. */
export const NOTIFICATION_STATS_DAYS = 30;
/** GET /admin/trends: new users, alerts, sent notifications and revenue per day, today included. */
export const ADMIN_TRENDS_DAYS = 30;
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_SEARCH_MAX_LENGTH = 200;
/** GET /admin/set-aside-listings lists at most this many, newest first. */
export const SET_ASIDE_LIST_LIMIT = 50;

export const TELEGRAM_CODE_MAX_LENGTH = 64;

/** PUT /enhanced/settings/preferences: a small bag of UI choices, not a data store. */
export const PREFERENCES_MAX_KEYS = 50;
export const PREFERENCE_KEY_MAX_LENGTH = 64;
export const PREFERENCE_TEXT_MAX_LENGTH = 500;
export const PREFERENCE_LIST_MAX_ITEMS = 50;
/** The whole set, as JSON. */
export const PREFERENCES_MAX_JSON_LENGTH = 8000;
