/**
 * The business constants and limits, named for what they are.
 * Durations are in milliseconds unless the name says otherwise.
 */
import type { PerPlan } from './domain';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const API_TIMEOUT_MS = 10 * SECOND;
export const SETTINGS_CACHE_MS = 5 * MINUTE;
export const CAPABILITIES_CACHE_MS = 5 * MINUTE;
export const CAPABILITIES_STARTUP_WAIT_MS = 5 * SECOND;
export const AUTH_WAIT_TIMEOUT_MS = 10 * SECOND;
export const AUTH_WAIT_POLL_MS = 100;
export const AUTH_RECHECK_INTERVAL_MS = 24 * HOUR;
export const AUTH_401_GRACE_MS = 30 * SECOND;
export const RATE_LIMIT_DEFAULT_RETRY_MS = 2 * SECOND;
export const TOAST_TO_PRICING_REDIRECT_MS = 2 * SECOND;
export const PLAN_ERROR_UPGRADE_REDIRECT_MS = 3 * SECOND;
export const POST_CREATION_REDIRECT_MS = 3 * SECOND;
export const TOAST_DEFAULT_DURATION_MS = 4000;

export const REMEMBER_ME_TOKEN_LIFETIME_HOURS = 720;
export const DEFAULT_TOKEN_LIFETIME_HOURS = 24;

export const NOTIFICATION_PAGE_SIZE = 10;
export const SEARCH_TERM_MAX_LENGTH = 500;
export const MAX_PRICE = 9_999_999;
export const MIN_PRICE = 0;
export const DISTANCE_OPTIONS_KM = [3, 5, 10, 15, 25, 50, 75] as const;
export type DistanceKm = (typeof DISTANCE_OPTIONS_KM)[number];
export const CONFIRMATION_LINK_VALIDITY_HOURS = 24;
/** An alert's owner is mailed this long before it expires, with a one-click refresh link. */
export const EXPIRY_REMINDER_HOURS_BEFORE = 24;
export const FAQ_DEFAULT_ITEMS = 6;
export const CAR_CATEGORY_MARKTPLAATS_ID = 91;
export const CAROUSEL_AUTOPLAY_MS = 5 * SECOND;
export const STICKY_SCROLL_OFFSET_PX = 100;

export const CROSS_TAB_CHANNEL = 'auth_sync';
export const CROSS_TAB_MESSAGE_TYPES = [
  'AUTH_LOGIN',
  'AUTH_LOGOUT',
  'PLAN_CHANGE',
  'SESSION_REFRESH',
] as const;

export const CHAT_GUEST_SESSION_MS = 24 * HOUR;
export const CHAT_POLL_WHEN_DISCONNECTED_MS = 5 * SECOND;
export const CHAT_STATUS_CHECK_MS = 30 * SECOND;
export const CHAT_FALLBACK_POLL_MS = 10 * SECOND;
export const CHAT_HEARTBEAT_MS = 10 * SECOND;
export const CHAT_STALE_THRESHOLD_MS = 30 * SECOND;
export const CHAT_STALE_STRIKES_BEFORE_RECONNECT = 2;
export const CHAT_MAX_RECONNECT_ATTEMPTS = 10;
export const CHAT_BACKOFF_BASE_MS = 1 * SECOND;
export const CHAT_BACKOFF_FACTOR = 1.5;
export const CHAT_BACKOFF_CAP_MS = 30 * SECOND;
/**
 * The chat widget's chunk is fetched this long after a page's load event: long enough that a slow
 * phone has fetched the page's own parts first, so the chat adds nothing to a first load.
 */
export const CHAT_WIDGET_LOAD_DELAY_MS = 3 * SECOND;
export const CHAT_GREETING_DELAY_MS = 5 * SECOND;
export const CHAT_GREETING_HOVER_DELAY_MS = 500;
export const CHAT_GREETING_HIDE_AFTER_MS = 8 * SECOND;
export const CHAT_AUTH_ERROR_COOLDOWN_MS = 60 * SECOND;
export const UNREAD_BADGE_CAP = 9;
export const CHAT_RESPONSE_TIME_TEXT = 'binnen 2 minuten';

export const ERROR_REPORTING_TRACE_SAMPLE_RATE = 0.1;
export const ERROR_REPORTING_SESSION_SAMPLE_RATE = 0.1;
export const ERROR_REPORTING_ON_ERROR_SAMPLE_RATE = 1;

/** A plan's alert limit, check interval and validity. `null` as a limit means unlimited. */
export interface PlanConstants {
  alertLimits: PerPlan<number | null>;
  checkIntervalsMinutes: PerPlan<number>;
  validityDays: PerPlan<number>;
  subscriptionPrices: PerPlan<number>;
}

/** The defaults the product ships with. */
export const DEFAULT_PLAN_CONSTANTS: PlanConstants = {
  alertLimits: { FREE: 1, REGISTERED: 5, PRO: 10 },
  checkIntervalsMinutes: { FREE: 30, REGISTERED: 10, PRO: 3 },
  validityDays: { FREE: 3, REGISTERED: 14, PRO: 30 },
  subscriptionPrices: { FREE: 0, REGISTERED: 0, PRO: 7.95 },
};

/** The alert form's own default for REGISTERED (and one FAQ variant): 3 instead of 5. */
export const ALERT_FORM_REGISTERED_LIMIT_DEFAULT = 3;

/** Used when settings could not be loaded at all. */
export const FALLBACK_PLAN_CONSTANTS: PlanConstants = {
  alertLimits: { FREE: 1, REGISTERED: 3, PRO: null },
  checkIntervalsMinutes: { FREE: 60, REGISTERED: 30, PRO: 15 },
  validityDays: { FREE: 30, REGISTERED: 60, PRO: 90 },
  subscriptionPrices: { FREE: 0, REGISTERED: 4.99, PRO: 9.99 },
};

export const DEFAULT_PRICING = {
  model: 'per_alert',
  currency: 'EUR',
  pricePerAlert: 1,
} as const;

/** Telegram alerts per plan: FREE none, `null` = unlimited. */
export const DEFAULT_TELEGRAM_ALERT_LIMITS: PerPlan<number | null> = {
  FREE: 0,
  REGISTERED: 3,
  PRO: null,
};

/** A Telegram link code (deep link `/start <code>`) is valid this long; only its hash is stored. */
export const TELEGRAM_LINK_CODE_TTL_MINUTES = 15;

/** Cookies and headers shared by the server and every client. */
export const CSRF_COOKIE = 'pa_csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** httpOnly cookies: scripts never see them. */
export const ACCESS_COOKIE = 'pa_access';
export const REFRESH_COOKIE = 'pa_refresh';
/** Readable marker that a refresh cookie exists (the refresh cookie itself is httpOnly): the app knows at start whether to try a refresh. */
export const REFRESH_MARKER_COOKIE = 'pa_session';
/**
 * The visitor's answer to the cookie banner ('all' | 'necessary'), readable, a year: the web app
 * keeps it beside its stored copy so the server can send `/` prerendered without the banner to
 * a visitor who already chose, instead of a banner that vanishes once the script runs.
 */
export const CONSENT_COOKIE = 'pa_consent';
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The home pages the web build prerenders (packages/web/vite.config.ts `prerenderHome`) and the
 * server sends for `/` (http/app.ts `serveWebApp`): for a first visit (with the cookie banner)
 * and for a visitor who answered the banner (without it).
 */
export const PRERENDERED_HOME = { firstVisit: 'home.html', consented: 'home-consented.html' };

/**
 * The id of the `<script type="application/json">` in which the server hands every page it sends
 * the public settings, as `GET /api/settings/public` answers them: the page starts with them,
 * without waiting for that request.
 */
export const PAGE_SETTINGS_ELEMENT_ID = 'pa-settings';

/** 'all': functional cookies plus anonymous error reports; 'necessary': functional only. */
export type CookieConsent = 'all' | 'necessary';

export function isCookieConsent(value: unknown): value is CookieConsent {
  return value === 'all' || value === 'necessary';
}
