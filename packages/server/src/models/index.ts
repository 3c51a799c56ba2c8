/**
 * Every model, initialised on one Sequelize instance. The classes are module singletons: a process
 * has one database, and `initModels` (re)binds them to the instance it is given.
 * To add a model: a class file here with `static initModel`, a line in `initModels`, its
 * associations below, and a migration in <repo>/db/migrations.
 */
import type { Sequelize } from 'sequelize';
import { Alert } from './Alert';
import { AlertDeletion } from './AlertDeletion';
import { AlertSearch } from './AlertSearch';
import { AuditEvent } from './AuditEvent';
import { BillingAccount } from './BillingAccount';
import { Category } from './Category';
import { ChatAgent } from './ChatAgent';
import { ChatMessage } from './ChatMessage';
import { ChatSession } from './ChatSession';
import { Delivery } from './Delivery';
import { ListingPrice } from './ListingPrice';
import { ListingSnapshot } from './ListingSnapshot';
import { Notification, withSnapshot } from './Notification';
import { OneTimeToken } from './OneTimeToken';
import { Payment } from './Payment';
import { PushSubscription } from './PushSubscription';
import { RetentionTotal } from './RetentionTotal';
import { Search } from './Search';
import { SearchSeenListing } from './SearchSeenListing';
import { SetAsideListing } from './SetAsideListing';
import { Session } from './Session';
import { Setting } from './Setting';
import { TelegramLinkCode } from './TelegramLinkCode';
import { User } from './User';
import { Webhook } from './Webhook';
import { WebhookCall } from './WebhookCall';

export {
  Alert,
  AlertDeletion,
  AlertSearch,
  ListingPrice,
  ListingSnapshot,
  Search,
  SearchSeenListing,
  AuditEvent,
  BillingAccount,
  Category,
  ChatAgent,
  ChatMessage,
  ChatSession,
  Delivery,
  Notification,
  OneTimeToken,
  Payment,
  Session,
  Setting,
  TelegramLinkCode,
  User,
  Webhook,
  WebhookCall,
  PushSubscription,
  SetAsideListing,
  RetentionTotal,
};
export { withSnapshot };
export { DELIVERY_METHODS, SELLER_TYPES } from './Alert';
export type { AlertStatus, DeliveryMethod, SellerType } from './Alert';
export { CATEGORY_TYPES } from './Category';
export { CHAT_SESSION_STORED_STATUSES } from './ChatSession';
export type { ChatSessionStoredStatus } from './ChatSession';
export type { CategoryType } from './Category';
export { DELIVERY_CHANNELS, DELIVERY_STATUSES } from './Delivery';
export type { DeliveryChannel, DeliveryId, DeliveryStatus } from './Delivery';
export { ONE_TIME_TOKEN_PURPOSES } from './OneTimeToken';
export { SEQUENCE_TYPES } from './Payment';
export type { SequenceType } from './Payment';
export { SUBSCRIPTION_STATUSES } from './BillingAccount';
export type { SubscriptionStatus } from './BillingAccount';
export type { OneTimeTokenPurpose } from './OneTimeToken';
export { WEBHOOK_CALL_KINDS } from './WebhookCall';
export type { WebhookCallKind } from './WebhookCall';

export interface Models {
  User: typeof User;
  Session: typeof Session;
  OneTimeToken: typeof OneTimeToken;
  Category: typeof Category;
  Alert: typeof Alert;
  Notification: typeof Notification;
  Delivery: typeof Delivery;
  Setting: typeof Setting;
  AuditEvent: typeof AuditEvent;
  TelegramLinkCode: typeof TelegramLinkCode;
  Search: typeof Search;
  AlertSearch: typeof AlertSearch;
  SearchSeenListing: typeof SearchSeenListing;
  ListingPrice: typeof ListingPrice;
  ListingSnapshot: typeof ListingSnapshot;
  Payment: typeof Payment;
  BillingAccount: typeof BillingAccount;
  ChatSession: typeof ChatSession;
  ChatMessage: typeof ChatMessage;
  ChatAgent: typeof ChatAgent;
  Webhook: typeof Webhook;
  WebhookCall: typeof WebhookCall;
  AlertDeletion: typeof AlertDeletion;
  PushSubscription: typeof PushSubscription;
  SetAsideListing: typeof SetAsideListing;
  RetentionTotal: typeof RetentionTotal;
}

export function initModels(sequelize: Sequelize): Models {
  const models: Models = {
    User: User.initModel(sequelize),
    Session: Session.initModel(sequelize),
    OneTimeToken: OneTimeToken.initModel(sequelize),
    Category: Category.initModel(sequelize),
    Alert: Alert.initModel(sequelize),
    Notification: Notification.initModel(sequelize),
    Delivery: Delivery.initModel(sequelize),
    Setting: Setting.initModel(sequelize),
    AuditEvent: AuditEvent.initModel(sequelize),
    TelegramLinkCode: TelegramLinkCode.initModel(sequelize),
    Search: Search.initModel(sequelize),
    AlertSearch: AlertSearch.initModel(sequelize),
    SearchSeenListing: SearchSeenListing.initModel(sequelize),
    ListingPrice: ListingPrice.initModel(sequelize),
    ListingSnapshot: ListingSnapshot.initModel(sequelize),
    Payment: Payment.initModel(sequelize),
    BillingAccount: BillingAccount.initModel(sequelize),
    ChatSession: ChatSession.initModel(sequelize),
    ChatMessage: ChatMessage.initModel(sequelize),
    ChatAgent: ChatAgent.initModel(sequelize),
    Webhook: Webhook.initModel(sequelize),
    WebhookCall: WebhookCall.initModel(sequelize),
    AlertDeletion: AlertDeletion.initModel(sequelize),
    PushSubscription: PushSubscription.initModel(sequelize),
    SetAsideListing: SetAsideListing.initModel(sequelize),
    RetentionTotal: RetentionTotal.initModel(sequelize),
  };

  // The database enforces the cascades (see the migrations); these describe them for includes.
  const cascade = { onDelete: 'CASCADE', onUpdate: 'CASCADE' } as const;
  User.hasMany(Session, { foreignKey: 'userId', as: 'sessions', ...cascade });
  Session.belongsTo(User, { foreignKey: 'userId', as: 'user' });
  User.hasMany(OneTimeToken, { foreignKey: 'userId', as: 'oneTimeTokens', ...cascade });
  OneTimeToken.belongsTo(User, { foreignKey: 'userId', as: 'user' });
  Alert.hasMany(OneTimeToken, { foreignKey: 'alertId', as: 'oneTimeTokens', ...cascade });
  OneTimeToken.belongsTo(Alert, { foreignKey: 'alertId', as: 'alert' });
  User.hasMany(Alert, { foreignKey: 'userId', as: 'alerts', ...cascade });
  Alert.belongsTo(User, { foreignKey: 'userId', as: 'user' });
  Alert.hasMany(Notification, { foreignKey: 'alertId', as: 'notifications', ...cascade });
  Notification.belongsTo(Alert, { foreignKey: 'alertId', as: 'alert' });
  User.hasMany(Notification, { foreignKey: 'userId', as: 'notifications', ...cascade });
  Notification.belongsTo(User, { foreignKey: 'userId', as: 'user' });
  Notification.hasMany(Delivery, { foreignKey: 'notificationId', as: 'deliveries', ...cascade });
  Delivery.belongsTo(Notification, { foreignKey: 'notificationId', as: 'notification' });
  // One stored listing, shared by every notification of it (kept while one refers to it).
  Notification.belongsTo(ListingSnapshot, { foreignKey: 'listingSnapshotId', as: 'snapshot' });
  // The alert engine's searches (engine/README.md).
  Alert.hasMany(AlertSearch, { foreignKey: 'alertId', as: 'alertSearches', ...cascade });
  AlertSearch.belongsTo(Alert, { foreignKey: 'alertId', as: 'alert' });
  Search.hasMany(AlertSearch, { foreignKey: 'searchKey', as: 'alertSearches', ...cascade });
  AlertSearch.belongsTo(Search, { foreignKey: 'searchKey', as: 'searchRow' });
  Search.hasMany(SearchSeenListing, { foreignKey: 'searchKey', as: 'seenListings', ...cascade });
  Category.hasMany(Category, { foreignKey: 'parentId', as: 'children', ...cascade });
  Category.belongsTo(Category, { foreignKey: 'parentId', as: 'parent' });
  User.hasMany(AuditEvent, { foreignKey: 'actorUserId', as: 'auditEvents', onDelete: 'SET NULL' });
  AuditEvent.belongsTo(User, { foreignKey: 'actorUserId', as: 'actor' });
  // Payments: kept with userId NULL when the account goes.
  User.hasMany(Payment, { foreignKey: 'userId', as: 'payments', onDelete: 'SET NULL' });
  Payment.belongsTo(User, { foreignKey: 'userId', as: 'user' });
  User.hasOne(BillingAccount, { foreignKey: 'userId', as: 'billing', ...cascade });
  // Support chat.
  User.hasMany(ChatSession, { foreignKey: 'userId', as: 'chatSessions', ...cascade });
  ChatSession.belongsTo(User, { foreignKey: 'userId', as: 'user' });
  ChatSession.hasMany(ChatMessage, { foreignKey: 'sessionId', as: 'messages', ...cascade });
  ChatMessage.belongsTo(ChatSession, { foreignKey: 'sessionId', as: 'session' });
  // Webhooks.
  User.hasMany(Webhook, { foreignKey: 'userId', as: 'webhooks', ...cascade });
  Webhook.hasMany(WebhookCall, { foreignKey: 'webhookId', as: 'calls', ...cascade });
  // The browsers with push notifications on: they go with the account.
  User.hasMany(PushSubscription, { foreignKey: 'userId', as: 'pushSubscriptions', ...cascade });

  return models;
}
