/**
 * Every call of the HTTP API, one entry per endpoint. Paths are relative to the API base (`/api`
 * on the server). The server binds its routes to these entries (packages/server/src/routes) and
 * the client (./client) calls them, so a path, a status or a shape is written down once.
 */
import type { AdminPaymentsResponse, SubscriptionOverview } from '../payments/types';
import type {
  ChatCheckMessagesRequest,
  ChatCheckMessagesResponse,
  ChatGuestUnreadCountRequest,
  ChatInitializeRequest,
  ChatInitializeResponse,
  ChatMarkReadRequest,
  ChatMarkReadResponse,
  ChatOnlineStatusResponse,
  ChatResolveRequest,
  ChatResolveResponse,
  ChatSendRequest,
  ChatSendResponse,
  ChatUnreadCountResponse,
  ChatValidateEmailRequest,
  ChatValidateEmailResponse,
  ChatVerifySessionRequest,
  ChatVerifySessionResponse,
} from '../chat/http';
import type { ParseSearchUrlPayload } from '../importUrl/schema';
import type { CreatePushSubscriptionPayload } from '../push/schema';
import type {
  CreatePushSubscriptionResponse,
  PushPublicKeyResponse,
  PushSubscriptionListResponse,
  PushTestResponse,
} from '../push/types';
import type { CreateWebhookPayload } from '../webhooks/schema';
import type {
  CreateWebhookResponse,
  WebhookCallsResponse,
  WebhookListResponse,
  WebhookTestResponse,
} from '../webhooks/types';
import type {
  AdminChatPresenceRequest,
  AdminChatPresenceResponse,
  AdminChatReplyRequest,
  AdminChatReplyResponse,
  AdminChatResolveResponse,
  AdminChatSessionResponse,
  AdminChatSessionsResponse,
} from '../chat/agent';
import type { ErrorReportingConfig } from '../app/errorReporting';
import type { ListingsTodayStats } from '../app/publicStats';
import type { CapabilitiesData, PublicSettings } from '../plans';
import type {
  AdminPlanChangePayload,
  ChangePasswordPayload,
  ContactPayload,
  CreateAlertPayload,
  DeleteAccountPayload,
  GuestCreateAlertPayload,
  LoginPayload,
  NotificationQuery,
  RegisterPayload,
  ResetPasswordConfirmPayload,
  ResetPasswordRequestPayload,
  TelegramVerifyPayload,
  UpdateAlertPayload,
  UpdateProfilePayload,
} from '../validation';
import type { AnyEndpoint } from './endpoint';
import { defineEndpoint, isEndpoint } from './endpoint';
import type {
  AdminAlertsQuery,
  AdminAlertsResponse,
  AdminSetAsideListingsResponse,
  AdminStatsResponse,
  AdminTrendsResponse,
  AdminUpdateSettingRequest,
  AdminUpdateSettingResponse,
  AdminUsersQuery,
  AdminUsersResponse,
  AlertResponse,
  AlertWithMessageResponse,
  AuthResponse,
  CategoryDto,
  CsrfTokenResponse,
  CategoryQuery,
  CreateAlertResponse,
  CreatePaymentRequest,
  CreatePaymentResponse,
  DeleteOrphanedAlertsResponse,
  DownloadedFile,
  EnhancedSettingsResponse,
  FeatureStatusResponse,
  ManageAlertQuery,
  ManageAlertResponse,
  MessageResponse,
  MigrateAlertsResponse,
  MyAlertsResponse,
  NewsletterUnsubscribeQuery,
  NewsletterUnsubscribeResponse,
  NotificationListResponse,
  NotificationResponse,
  NotificationDetailResponse,
  NotificationStatsOverview,
  NotificationsMarkedResponse,
  ParseSearchUrlResponse,
  PaymentStatusResponse,
  PreferencesResponse,
  SessionsResponse,
  TelegramDisconnectResponse,
  TelegramStatusResponse,
  TelegramVerifyResponse,
  UpdateProfileResponse,
  UserResponse,
} from './types';

export const API_CONTRACT = {
  alerts: {
    /** Guests send the home page's form, signed-in users the wizard's payload. */
    create: defineEndpoint<{
      body: CreateAlertPayload | GuestCreateAlertPayload;
      response: CreateAlertResponse;
    }>()('POST', '/alerts', { successStatus: 201 }),
    myAlerts: defineEndpoint<{ response: MyAlertsResponse }>()('GET', '/alerts/my-alerts'),
    /** One alert of the signed-in user, by id, read and changed as its owner (the edit wizard). */
    mine: {
      get: defineEndpoint<{ response: AlertResponse }>()('GET', '/alerts/my-alerts/:id'),
      update: defineEndpoint<{ body: UpdateAlertPayload; response: AlertResponse }>()(
        'PUT',
        '/alerts/my-alerts/:id',
      ),
    },
    /** The create-alert fields of a Marktplaats or 2dehands search link, and what it could not take. */
    parseUrl: defineEndpoint<{ body: ParseSearchUrlPayload; response: ParseSearchUrlResponse }>()(
      'POST',
      '/alerts/parse-url',
    ),
    confirm: defineEndpoint<{ response: AlertWithMessageResponse }>()(
      'GET',
      '/alerts/confirm/:token',
    ),
    manage: {
      get: defineEndpoint<{ query: ManageAlertQuery; response: ManageAlertResponse }>()(
        'GET',
        '/alerts/manage/:token',
      ),
      update: defineEndpoint<{ body: UpdateAlertPayload; response: AlertResponse }>()(
        'PUT',
        '/alerts/manage/:token',
      ),
      delete: defineEndpoint<{ response: MessageResponse }>()('DELETE', '/alerts/manage/:token'),
      toggle: defineEndpoint<{ response: AlertResponse }>()(
        'PATCH',
        '/alerts/manage/:token/toggle',
      ),
      refresh: defineEndpoint<{ response: AlertWithMessageResponse }>()(
        'GET',
        '/alerts/manage/:token/refresh/:refreshToken',
      ),
      /** A new private feed link for the alert; the old one answers 404 from then on. */
      renewFeed: defineEndpoint<{ response: AlertWithMessageResponse }>()(
        'POST',
        '/alerts/manage/:token/feed/renew',
      ),
    },
    /** The alert's latest matches as RSS 2.0 (`application/rss+xml`), for feed readers. */
    feed: defineEndpoint<{ response: DownloadedFile<string> }>()('GET', '/alerts/feed/:token', {
      responseFormat: 'text',
    }),
  },

  categories: {
    list: defineEndpoint<{ query: CategoryQuery; response: CategoryDto[] }>()('GET', '/categories'),
  },

  notifications: {
    list: defineEndpoint<{ query: NotificationQuery; response: NotificationListResponse }>()(
      'GET',
      '/notifications',
    ),
    get: defineEndpoint<{ response: NotificationDetailResponse }>()('GET', '/notifications/:id'),
    markViewed: defineEndpoint<{ response: NotificationResponse }>()(
      'PUT',
      '/notifications/:id/viewed',
    ),
    stats: defineEndpoint<{ response: NotificationStatsOverview }>()(
      'GET',
      '/notifications/stats/overview',
    ),
    markAllViewed: defineEndpoint<{ response: NotificationsMarkedResponse }>()(
      'POST',
      '/notifications/mark-all-viewed',
    ),
    export: defineEndpoint<{ query: NotificationQuery; response: DownloadedFile<string> }>()(
      'GET',
      '/notifications/export',
      { responseFormat: 'text' },
    ),
  },

  auth: {
    register: defineEndpoint<{ body: RegisterPayload; response: MessageResponse }>()(
      'POST',
      '/auth/register',
      { successStatus: 201 },
    ),
    verify: defineEndpoint<{ response: AuthResponse }>()('GET', '/auth/verify/:token'),
    login: defineEndpoint<{ body: LoginPayload; response: AuthResponse }>()('POST', '/auth/login'),
    logout: defineEndpoint<{ response: MessageResponse }>()('POST', '/auth/logout'),
    forceLogout: defineEndpoint<{ response: MessageResponse }>()('POST', '/auth/force-logout'),
    refresh: defineEndpoint<{ response: AuthResponse }>()('POST', '/auth/refresh'),
    me: defineEndpoint<{ response: UserResponse }>()('GET', '/auth/me'),
    profile: defineEndpoint<{ response: UserResponse }>()('GET', '/auth/profile'),
    updateMe: defineEndpoint<{ body: UpdateProfilePayload; response: UpdateProfileResponse }>()(
      'PUT',
      '/auth/me',
    ),
    requestPasswordReset: defineEndpoint<{
      body: ResetPasswordRequestPayload;
      response: MessageResponse;
    }>()('POST', '/auth/reset-password'),
    resetPassword: defineEndpoint<{
      body: ResetPasswordConfirmPayload;
      response: MessageResponse;
    }>()('POST', '/auth/reset-password/:token'),
    changePassword: defineEndpoint<{ body: ChangePasswordPayload; response: MessageResponse }>()(
      'POST',
      '/auth/change-password',
    ),
    deleteAccount: defineEndpoint<{ body: DeleteAccountPayload; response: MessageResponse }>()(
      'DELETE',
      '/auth/account',
    ),
    migrateAlerts: defineEndpoint<{ response: MigrateAlertsResponse }>()(
      'POST',
      '/auth/migrate-alerts',
    ),
    deleteOrphanedAlerts: defineEndpoint<{ response: DeleteOrphanedAlertsResponse }>()(
      'POST',
      '/auth/delete-orphaned-alerts',
    ),
    loginLink: defineEndpoint<{ body: ResetPasswordRequestPayload; response: MessageResponse }>()(
      'POST',
      '/auth/login-link',
    ),
    loginWithLink: defineEndpoint<{ response: AuthResponse }>()('GET', '/auth/login-link/:token'),
    sessions: defineEndpoint<{ response: SessionsResponse }>()('GET', '/auth/sessions'),
    /** Ends one of the caller's sessions (its id from `sessions`). */
    endSession: defineEndpoint<{ response: MessageResponse }>()('DELETE', '/auth/sessions/:id'),
    /** A CSRF token (also set as the pa_csrf cookie), for a client that has none yet. */
    csrf: defineEndpoint<{ response: CsrfTokenResponse }>()('GET', '/auth/csrf'),
    /** Served with the payments; the answer replaces the user. */
    upgradeToPro: defineEndpoint<{ response: UserResponse }>()('POST', '/upgrade-to-pro'),
  },

  settings: {
    public: defineEndpoint<{ response: PublicSettings }>()('GET', '/settings/public'),
    feature: defineEndpoint<{ response: FeatureStatusResponse }>()(
      'GET',
      '/enhanced/settings/feature/:name',
    ),
    userCapabilities: defineEndpoint<{ response: CapabilitiesData }>()('GET', '/user-capabilities'),
    enhancedUserCapabilities: defineEndpoint<{ response: CapabilitiesData }>()(
      'GET',
      '/enhanced/settings/user-capabilities',
    ),
    enhanced: defineEndpoint<{ response: EnhancedSettingsResponse }>()(
      'GET',
      '/enhanced/settings/enhanced',
    ),
    updatePreferences: defineEndpoint<{
      body: Record<string, unknown>;
      response: PreferencesResponse;
    }>()('PUT', '/enhanced/settings/preferences'),
  },

  telegram: {
    status: defineEndpoint<{ response: TelegramStatusResponse }>()('GET', '/telegram/status'),
    verify: defineEndpoint<{ body: TelegramVerifyPayload; response: TelegramVerifyResponse }>()(
      'POST',
      '/telegram/verify',
    ),
    disconnect: defineEndpoint<{ response: TelegramDisconnectResponse }>()(
      'POST',
      '/telegram/disconnect',
    ),
    test: defineEndpoint<{ response: MessageResponse }>()('POST', '/telegram/test'),
  },

  /** The signed-in user's webhook URLs (REGISTERED and PRO). */
  webhooks: {
    list: defineEndpoint<{ response: WebhookListResponse }>()('GET', '/webhooks'),
    /** Answers the signing secret, once. */
    create: defineEndpoint<{ body: CreateWebhookPayload; response: CreateWebhookResponse }>()(
      'POST',
      '/webhooks',
      { successStatus: 201 },
    ),
    delete: defineEndpoint<{ response: MessageResponse }>()('DELETE', '/webhooks/:id'),
    /** Sends a signed test body now and answers what the URL did. */
    test: defineEndpoint<{ response: WebhookTestResponse }>()('POST', '/webhooks/:id/test'),
    deliveries: defineEndpoint<{ response: WebhookCallsResponse }>()(
      'GET',
      '/webhooks/:id/deliveries',
    ),
  },

  admin: {
    stats: defineEndpoint<{ response: AdminStatsResponse }>()('GET', '/admin/stats'),
    trends: defineEndpoint<{ response: AdminTrendsResponse }>()('GET', '/admin/trends'),
    users: defineEndpoint<{ query: AdminUsersQuery; response: AdminUsersResponse }>()(
      'GET',
      '/admin/users',
    ),
    updateUserPlan: defineEndpoint<{ body: AdminPlanChangePayload; response: UserResponse }>()(
      'PUT',
      '/admin/users/:id/plan',
    ),
    alerts: defineEndpoint<{ query: AdminAlertsQuery; response: AdminAlertsResponse }>()(
      'GET',
      '/admin/alerts',
    ),
    deleteAlert: defineEndpoint<{ response: MessageResponse }>()('DELETE', '/admin/alerts/:id'),
    updateSetting: defineEndpoint<{
      body: AdminUpdateSettingRequest;
      response: AdminUpdateSettingResponse;
    }>()('PUT', '/admin/settings'),
    /** The listings the engine set aside (one bad ad never stops its batch), newest first. */
    setAsideListings: defineEndpoint<{ response: AdminSetAsideListingsResponse }>()(
      'GET',
      '/admin/set-aside-listings',
    ),
  },

  payments: {
    create: defineEndpoint<{ body: CreatePaymentRequest; response: CreatePaymentResponse }>()(
      'POST',
      '/payments/create',
    ),
    status: defineEndpoint<{ response: PaymentStatusResponse }>()('GET', '/payments/status/:id'),
    cancelSubscription: defineEndpoint<{ response: MessageResponse }>()(
      'POST',
      '/payments/cancel-subscription',
    ),
    /** Mollie's webhook: a form body `id=tr_…`, no session, no CSRF; always 200. */
    webhook: defineEndpoint<{ body: { id: string }; response: Record<string, never> }>()(
      'POST',
      '/payments/webhook',
    ),
    /** The subscription tab: plan, paid-until, next charge, extra alerts, payments with receipts. */
    subscription: defineEndpoint<{ response: SubscriptionOverview }>()(
      'GET',
      '/payments/subscription',
    ),
    /** Admin: the latest payments, active Pro subscriptions and revenue this month. */
    adminList: defineEndpoint<{ response: AdminPaymentsResponse }>()('GET', '/admin/payments'),
  },

  chat: {
    initialize: defineEndpoint<{ body: ChatInitializeRequest; response: ChatInitializeResponse }>()(
      'POST',
      '/chat/initialize',
    ),
    /** A 403 means the session was closed. */
    checkMessages: defineEndpoint<{
      body: ChatCheckMessagesRequest;
      response: ChatCheckMessagesResponse;
    }>()('POST', '/chat/check-messages'),
    verifySession: defineEndpoint<{
      body: ChatVerifySessionRequest;
      response: ChatVerifySessionResponse;
    }>()('POST', '/chat/verify-session'),
    validateEmail: defineEndpoint<{
      body: ChatValidateEmailRequest;
      response: ChatValidateEmailResponse;
    }>()('POST', '/chat/validate-email'),
    send: defineEndpoint<{ body: ChatSendRequest; response: ChatSendResponse }>()(
      'POST',
      '/chat/send',
    ),
    markRead: defineEndpoint<{ body: ChatMarkReadRequest; response: ChatMarkReadResponse }>()(
      'POST',
      '/chat/mark-read',
    ),
    resolve: defineEndpoint<{ body: ChatResolveRequest; response: ChatResolveResponse }>()(
      'POST',
      '/chat/resolve',
    ),
    unreadCount: defineEndpoint<{ response: ChatUnreadCountResponse }>()(
      'GET',
      '/chat/unread-count',
    ),
    guestUnreadCount: defineEndpoint<{
      body: ChatGuestUnreadCountRequest;
      response: ChatUnreadCountResponse;
    }>()('POST', '/chat/unread-count'),
    onlineStatus: defineEndpoint<{ response: ChatOnlineStatusResponse }>()(
      'GET',
      '/chat/online-status',
    ),
  },

  /** Support's inbox: ADMIN only. */
  adminChat: {
    sessions: defineEndpoint<{ response: AdminChatSessionsResponse }>()(
      'GET',
      '/admin/chat/sessions',
    ),
    session: defineEndpoint<{ response: AdminChatSessionResponse }>()(
      'GET',
      '/admin/chat/sessions/:id',
    ),
    reply: defineEndpoint<{ body: AdminChatReplyRequest; response: AdminChatReplyResponse }>()(
      'POST',
      '/admin/chat/sessions/:id/messages',
      { successStatus: 201 },
    ),
    resolve: defineEndpoint<{ response: AdminChatResolveResponse }>()(
      'POST',
      '/admin/chat/sessions/:id/resolve',
    ),
    presence: defineEndpoint<{
      body: AdminChatPresenceRequest;
      response: AdminChatPresenceResponse;
    }>()('PUT', '/admin/chat/presence'),
  },

  newsletter: {
    unsubscribe: defineEndpoint<{
      query: NewsletterUnsubscribeQuery;
      response: NewsletterUnsubscribeResponse;
    }>()('GET', '/newsletter/unsubscribe'),
    /** RFC 8058 one-click: mail clients post the form body `List-Unsubscribe=One-Click`. */
    unsubscribeOneClick: defineEndpoint<{
      query: NewsletterUnsubscribeQuery;
      response: NewsletterUnsubscribeResponse;
    }>()('POST', '/newsletter/unsubscribe', { dataIn: 'query' }),
  },

  contact: {
    send: defineEndpoint<{ body: ContactPayload; response: MessageResponse }>()('POST', '/contact'),
  },

  errorReporting: {
    /**
     * Where the web app sends error reports, asked only after the visitor consented: at run time,
     * so one build serves every environment (each its own SENTRY_DSN).
     */
    config: defineEndpoint<{ response: ErrorReportingConfig }>()('GET', '/error-reporting/config'),
  },

  stats: {
    /** The home page's live figure: ads the engine checked today. Public, cached a minute. */
    listingsToday: defineEndpoint<{ response: ListingsTodayStats }>()(
      'GET',
      '/stats/listings-today',
    ),
  },

  /** Notifications on the signed-in user's phones and computers (Web Push; REGISTERED and PRO). */
  push: {
    /** The VAPID public key a browser subscribes with. */
    publicKey: defineEndpoint<{ response: PushPublicKeyResponse }>()('GET', '/push/public-key'),
    list: defineEndpoint<{ response: PushSubscriptionListResponse }>()(
      'GET',
      '/push/subscriptions',
    ),
    /** A browser's PushSubscription; the same endpoint again updates its keys and label. */
    create: defineEndpoint<{
      body: CreatePushSubscriptionPayload;
      response: CreatePushSubscriptionResponse;
    }>()('POST', '/push/subscriptions', { successStatus: 201 }),
    delete: defineEndpoint<{ response: MessageResponse }>()('DELETE', '/push/subscriptions/:id'),
    /** Sends a test notification to that device now and answers what its push service did. */
    test: defineEndpoint<{ response: PushTestResponse }>()('POST', '/push/subscriptions/:id/test'),
  },
} as const;

export type ApiContract = typeof API_CONTRACT;

export interface NamedEndpoint {
  /** Dotted name, e.g. 'alerts.manage.get'. */
  name: string;
  endpoint: AnyEndpoint;
}

function flatten(group: object, prefix: string): NamedEndpoint[] {
  return Object.entries(group).flatMap(([key, value]: [string, object]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return isEndpoint(value) ? [{ name, endpoint: value }] : flatten(value, name);
  });
}

/** Every endpoint with its dotted name, for route tables and route tests. */
export const API_ENDPOINTS: readonly NamedEndpoint[] = flatten(API_CONTRACT, '');
