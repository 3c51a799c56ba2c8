/**
 * The shapes that travel between the server and its clients.
 * Dates are ISO-8601 strings, ids are UUID strings (notifications: short ids, SHORT_ID_PATTERN, or
 * the UUIDs of older ones; categories: integers), prices are euros.
 * Request payloads that the server validates come from `../validation`; the rest live here.
 */
import type { DeliveryChannel } from '../channels/channels';
import type { AlertStatus, CategoryType, DeliveryStatus, Plan, PlatformId, Role } from '../domain';
import type { MarketplaceSearchImport } from '../importUrl/parse';
import type { PaymentProduct } from '../payments/products';
import type { AdminPaymentStats, PaymentDto } from '../payments/types';
import type { CapabilitiesData, PublicSettings, SettingKey, SettingUpdate } from '../plans';
import type { NotificationKind, PriceDropOption, PricePoint } from '../priceDrops/priceDrop';
import type { RetentionKind } from '../retention/retention';
import type { DeliverySchedule } from '../schedule/schedule';
import type { DeliveryMethod, SellerType } from '../validation/filters';

/** Every 4xx/5xx body. `error` is Dutch and shown to the user as is. */
export interface ApiErrorBody {
  error: string;
  /** Field name → Dutch message, for form validation failures. */
  fields?: Record<string, string>;
  requiredPlans?: Plan[];
  /** Seconds, on a 429 (the Retry-After header says the same). */
  retryAfter?: number;
}

export interface MessageResponse {
  message: string;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/* ---------- Users and auth ---------- */

export interface UserDto {
  id: string;
  email: string;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  plan: Plan;
  role: Role;
  createdAt: string;
  newsletterOptIn: boolean;
  emailVerified: boolean;
  telegram: { connected: boolean; username: string | null };
  _count: { alerts: number; notifications: number };
}

/** Answer of login, e-mail verification, refresh and the login-link callback. */
export interface AuthResponse {
  user: UserDto;
  csrfToken: string;
}

export interface UserResponse {
  user: UserDto;
}

export interface UpdateProfileResponse {
  name: string | null;
  email: string;
  user: UserDto;
}

export interface SessionDto {
  id: string;
  createdAt: string;
  lastUsedAt: string | null;
  userAgent: string | null;
  current: boolean;
}

export interface SessionsResponse {
  sessions: SessionDto[];
}

/** GET /auth/csrf: the token the pa_csrf cookie also carries. */
export interface CsrfTokenResponse {
  csrfToken: string;
}

export interface MigrateAlertsResponse {
  migrated: number;
}

export interface DeleteOrphanedAlertsResponse {
  deleted: number;
}

/* ---------- Alerts ---------- */

export interface AlertDto {
  id: string;
  searchTerm: string;
  platforms: PlatformId[];
  minPrice: number | null;
  maxPrice: number | null;
  postalCode: string | null;
  /** Kilometres; null = the whole country. */
  distance: number | null;
  l1CategoryId: number | null;
  l2CategoryId: number | null;
  customFilters: Record<string, unknown>;
  deliveryMethod: DeliveryMethod;
  onlyWithImages: boolean;
  includePaidAds: boolean;
  sellerType: SellerType;
  notifyEmail: boolean;
  notifyTelegram: boolean;
  notifyPush: boolean;
  /** When it is sent: instant, hourly or daily digest, quiet hours. */
  schedule: DeliverySchedule;
  status: AlertStatus;
  isActive: boolean;
  email: string | null;
  checkIntervalMinutes: number;
  validityDays: number;
  expiresAt: string | null;
  lastCheckedAt: string | null;
  nextCheckAt: string | null;
  createdAt: string;
  manageUrl: string;
  /**
   * The alert's private RSS feed, `${PUBLIC_URL}/api/alerts/feed/{feedToken}`; null while the
   * alert has none yet (POST …/feed/renew makes one).
   */
  feedUrl: string | null;
  /** Price drops of listings this alert saw (PRO). */
  priceDrop: PriceDropOption;
  notificationCount: number;
}

/** `manageUrl` is absolute: `${PUBLIC_URL}/manage/{manageToken}`. */
export interface CreateAlertResponse {
  alert: { id: string; manageUrl: string };
}

export interface AlertResponse {
  alert: AlertDto;
}

export interface AlertWithMessageResponse {
  alert: AlertDto;
  message: string;
}

export interface MyAlertsResponse {
  alerts: AlertDto[];
  capabilities: CapabilitiesData;
}

export interface ManageAlertQuery {
  notificationsPage?: number;
  notificationsLimit?: number;
}

export interface ManageAlertResponse {
  alert: AlertDto & { refreshUrl: string };
  notifications: { items: NotificationDto[]; pagination: Pagination };
  /**
   * What the alert's owner may use (the guest profile for a guest's alert), so the page offers the
   * changes the owner's plan allows, whoever holds the link. Without the Telegram username.
   */
  capabilities: CapabilitiesData;
}

/** POST /alerts/parse-url: the create-alert fields a marketplace search link filled in. */
export type ParseSearchUrlResponse = MarketplaceSearchImport;

/* ---------- Categories ---------- */

export interface CategoryDto {
  id: number;
  name: string;
  marktplaatsId: number;
  type: CategoryType;
  parentId: number | null;
  isActive: boolean;
}

export interface CategoryQuery {
  type?: CategoryType;
  parentId?: number;
  isActive?: boolean;
}

/* ---------- Notifications ---------- */

export interface DeliveryDto {
  channel: DeliveryChannel;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
}

export interface ListingDto {
  itemId: string;
  platform: PlatformId;
  title: string;
  description: string | null;
  priceCents: number | null;
  priceType: string;
  url: string;
  imageUrls: string[];
  location: string | null;
  distanceMeters: number | null;
  sellerName: string | null;
  sellerType: 'private' | 'business' | null;
  isPaid: boolean;
  postedAt: string | null;
}

export interface NotificationDto {
  id: string;
  alertId: string;
  alertSearchTerm: string;
  platform: PlatformId;
  listing: ListingDto;
  viewed: boolean;
  viewedAt: string | null;
  createdAt: string;
  deliveries: DeliveryDto[];
  /** 'new': a new listing; 'price_drop': a listing seen before got cheaper. */
  kind: NotificationKind;
  /** The price before the drop (a 'price_drop' only; null otherwise). */
  previousPriceCents: number | null;
  /**
   * The live channel only: when the desktop app may show it as a native notification, by its alert's
   * schedule (digest, quiet hours); absent or null: at once. The list shows it at once either way.
   */
  notifyAt?: string | null;
}

export interface NotificationResponse {
  notification: NotificationDto;
}

/** GET /notifications/{id}: the notification with its listing's price history, oldest first. */
export interface NotificationDetailResponse {
  notification: NotificationDto & { priceHistory: PricePoint[] };
}

export interface NotificationListResponse {
  notifications: NotificationDto[];
  pagination: Pagination;
}

/**
 * Live push (WebSocket at LIVE_EVENTS_PATH, logged-in web pages and desktop apps; the access cookie
 * authenticates it). The server sends a `notification` as each one is recorded and answers a
 * client's `{ type: 'ping' }` with `pong` (browsers cannot send WebSocket pings themselves).
 */
export const LIVE_EVENTS_PATH = '/ws/events';

export type LiveEventMessage =
  | { type: 'notification'; notification: NotificationDto }
  /** The user's plan or alert limit changed: read the user and the capabilities again. */
  | { type: 'account' }
  /** The user's unread count: as the socket opens, and after they read one or all (anywhere). */
  | { type: 'unread'; unread: number }
  | { type: 'pong' };

export type LiveEventClientMessage = { type: 'ping' };

export interface NotificationStatsOverview {
  total: number;
  unread: number;
  /** Every alert of the user, most notifications first (0 included). */
  perAlert: { alertId: string; searchTerm: string; count: number }[];
  /** Every platform, in PLATFORM_IDS order (0 included). */
  perPlatform: { platform: PlatformId; count: number }[];
  /**
   * The last NOTIFICATION_STATS_DAYS days (Europe/Amsterdam), oldest first, days without
   * notifications included with 0. `date` is YYYY-MM-DD.
   */
  perDay: { date: string; count: number }[];
}

/** POST /notifications/mark-all-viewed: how many of the caller's unread ones it marked. */
export interface NotificationsMarkedResponse {
  marked: number;
}

/** A downloaded file (e.g. the CSV export): its raw content and the name the server suggests. */
export interface DownloadedFile<Content extends string | ArrayBuffer = string> {
  content: Content;
  filename: string | null;
  contentType: string | null;
}

/* ---------- Settings ---------- */

export interface FeatureStatusResponse {
  feature: string;
  enabled: boolean;
  requiredPlans: Plan[];
}

export interface EnhancedSettingsResponse {
  settings: PublicSettings;
  capabilities: CapabilitiesData;
  preferences: Record<string, unknown>;
}

export interface PreferencesResponse {
  preferences: Record<string, unknown>;
}

/* ---------- Telegram ---------- */

export interface TelegramStatusResponse {
  connected: boolean;
  username: string | null;
  linkCode: string | null;
  deepLink: string | null;
}

export interface TelegramVerifyResponse {
  connected: true;
  username: string | null;
}

export interface TelegramDisconnectResponse {
  connected: false;
}

/* ---------- Admin ---------- */

export interface AdminStatsResponse {
  users: { total: number; byPlan: Record<Plan, number> };
  alerts: { total: number; active: number };
  notifications: { total: number; last24h: number };
  payments: AdminPaymentStats;
  /**
   * Per kind of stored row: how many the database holds, and how many the retention pruner
   * deleted since it first ran on this installation.
   */
  storage: Record<RetentionKind, { held: number; pruned: number }>;
}

/** One local day (Europe/Amsterdam) of GET /admin/trends. */
export interface AdminTrendDay {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** Accounts registered that day. */
  newUsers: number;
  /** Alerts made that day (by users and guests; deleted ones are gone). */
  alerts: number;
  /** Notifications that went out that day: every mail, Telegram message, push and webhook call. */
  notificationsSent: number;
  /** Paid that day, less what was charged back that day (can be below 0). */
  revenueCents: number;
}

/** The last ADMIN_TRENDS_DAYS local days, oldest first; a day without anything has zeros. */
export interface AdminTrendsResponse {
  days: AdminTrendDay[];
}

/** Where the engine gave up on one listing: storing the feed's batch, matching it, a search. */
export const SET_ASIDE_STAGES = ['feed-store', 'feed-match', 'search-check'] as const;
export type SetAsideStage = (typeof SET_ASIDE_STAGES)[number];

/** A marketplace listing the engine could not store or record, set aside so the rest went on. */
export interface SetAsideListingDto {
  id: string;
  platform: PlatformId;
  listingId: string;
  stage: SetAsideStage;
  /** The database's error, as it gave it. */
  reason: string;
  /** The start of the listing as read; control and bidi characters escaped. */
  snippet: string;
  createdAt: string;
}

/** GET /admin/set-aside-listings: the newest first, at most SET_ASIDE_LIST_LIMIT, and the total. */
export interface AdminSetAsideListingsResponse {
  listings: SetAsideListingDto[];
  total: number;
}

export interface AdminUsersQuery {
  search?: string;
  page?: number;
  limit?: number;
  plan?: Plan;
}

export interface AdminUsersResponse {
  users: UserDto[];
  pagination: Pagination;
}

export interface AdminAlertsQuery {
  search?: string;
  status?: AlertStatus;
  platform?: PlatformId;
  userId?: string;
  page?: number;
  limit?: number;
}

export type AdminAlertDto = AlertDto & { userEmail: string | null };

export interface AdminAlertsResponse {
  alerts: AdminAlertDto[];
  pagination: Pagination;
}

/** The key picks the schema its value must pass (../plans settingUpdateSchema). */
export type AdminUpdateSettingRequest = SettingUpdate;

export interface AdminUpdateSettingResponse {
  key: SettingKey;
  value: unknown;
  settings: PublicSettings;
}

/* ---------- Payments ---------- */
// The payment shapes live in ../payments (the payments module owns them).

export interface CreatePaymentRequest {
  product: PaymentProduct;
  /** Extra alerts only: 1–50. No amount: the server prices it from the settings. */
  quantity?: number;
}

export interface CreatePaymentResponse {
  paymentId: string;
  checkoutUrl: string;
}

/** The payment as its owner sees it (with its receipt once paid), for the return page. */
export interface PaymentStatusResponse extends PaymentDto {
  /** The user's plan now. */
  plan: Plan | null;
  /** Pro: when the subscription charges next; null for extra alerts, or once canceled. */
  nextChargeAt: string | null;
}

/* Chat HTTP shapes are ../chat/http's (the chat module owns them); the contract uses them. */

/* ---------- Newsletter and contact ---------- */

export interface NewsletterUnsubscribeQuery {
  token: string;
}

export interface NewsletterUnsubscribeResponse {
  message: string;
  email: string;
}
