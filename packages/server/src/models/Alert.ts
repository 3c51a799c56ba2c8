import {
  DataTypes,
  Model,
  Op,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
  type WhereOptions,
} from 'sequelize';
import {
  normalizePriceDrop,
  PLANS,
  SEARCH_TERM_MAX_LENGTH,
  type DeliverySchedule,
  type Plan,
  type PlatformId,
  type PriceDropOption,
} from '@prijsalarm/core';
import { newShortId } from '../lib/short-ids';
import { bool, dateTime, foreignUuid, json, oneOf, timestamps, uuidPrimaryKey } from './columns';
import type { User } from './User';
import type { Notification } from './Notification';

export const DELIVERY_METHODS = ['both', 'pickup', 'shipping'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const SELLER_TYPES = ['all', 'private', 'business'] as const;
export type SellerType = (typeof SELLER_TYPES)[number];
export type AlertStatus = 'pending_confirmation' | 'active' | 'paused' | 'expired';

/** The API's `priceDrop` option of a row. */
export function priceDropOf(
  alert: Pick<Alert, 'priceDropEnabled' | 'priceDropPercent'>,
): PriceDropOption {
  return normalizePriceDrop({ enabled: alert.priceDropEnabled, percent: alert.priceDropPercent });
}

/** The row's columns for a `priceDrop` option (absent: off). */
export function priceDropColumnsOf(option: PriceDropOption | null | undefined) {
  const { enabled, percent } = normalizePriceDrop(option);
  return { priceDropEnabled: enabled, priceDropPercent: percent ?? null };
}

/**
 * The columns an alert's server-side search is made of (the engine's `alertSearch` reads these):
 * an edit of one changes what is searched.
 */
export const SEARCH_ATTRIBUTES = [
  'searchTerm',
  'platforms',
  'minPriceCents',
  'maxPriceCents',
  'postalCode',
  'distanceKm',
  'l1CategoryId',
  'l2CategoryId',
  'deliveryMethod',
  'customFilters',
  'priceDropEnabled',
] as const;

/** The columns `Alert.statusAt` reads. */
export const STATUS_ATTRIBUTES = ['confirmedAt', 'isActive', 'expiresAt'] as const;

/** Alerts that are checked: confirmed, active (not paused) and not expired at `at`. */
export function checkableAlertsWhere(at: Date): WhereOptions<Alert> {
  return {
    confirmedAt: { [Op.ne]: null },
    isActive: true,
    [Op.or]: [{ expiresAt: null }, { expiresAt: { [Op.gt]: at } }],
  };
}

/**
 * A saved search. A guest alert has `email` and no `userId`, and waits for its e-mail confirmation
 * (`confirmedAt` null); a user's alert is confirmed at creation. The manage and refresh links are
 * derived from the nonces with security/tokens; only their sha256 hashes are stored for lookup. So
 * is the private RSS feed link.
 */
export class Alert extends Model<InferAttributes<Alert>, InferCreationAttributes<Alert>> {
  declare id: CreationOptional<string>;
  declare userId: CreationOptional<string | null>;
  /** Guest e-mail, lowercased. */
  declare email: CreationOptional<string | null>;
  /**
   * A guest alert's e-mail while it holds the address's one free alert (unique; null otherwise).
   * Set by the guest creation; deleting the alert frees the address.
   */
  declare guestEmailSlot: CreationOptional<string | null>;
  declare searchTerm: string;
  declare platforms: PlatformId[];
  declare minPriceCents: CreationOptional<number | null>;
  declare maxPriceCents: CreationOptional<number | null>;
  declare postalCode: CreationOptional<string | null>;
  /** null = the whole country. */
  declare distanceKm: CreationOptional<number | null>;
  /** Marktplaats category ids (not Category.id). */
  declare l1CategoryId: CreationOptional<number | null>;
  declare l2CategoryId: CreationOptional<number | null>;
  declare customFilters: CreationOptional<Record<string, unknown>>;
  declare deliveryMethod: CreationOptional<DeliveryMethod>;
  declare onlyWithImages: CreationOptional<boolean>;
  declare includePaidAds: CreationOptional<boolean>;
  declare sellerType: CreationOptional<SellerType>;
  declare notifyEmail: CreationOptional<boolean>;
  declare notifyTelegram: CreationOptional<boolean>;
  /** Push notifications to the owner's phones and browsers (REGISTERED, PRO). */
  declare notifyPush: CreationOptional<boolean>;
  /** Price drops: tell lower prices of listings this alert saw; PRO. */
  declare priceDropEnabled: CreationOptional<boolean>;
  /** Only drops of at least this many percent; null: any drop within the max price. */
  declare priceDropPercent: CreationOptional<number | null>;
  /** The API's `schedule` (core normalizeSchedule); null = instant without quiet hours. */
  declare deliverySchedule: CreationOptional<DeliverySchedule | null>;
  /** The owner's pause toggle. */
  declare isActive: CreationOptional<boolean>;
  declare confirmedAt: CreationOptional<Date | null>;
  declare planAtCreation: Plan;
  declare checkIntervalMinutes: number;
  declare validityDays: number;
  declare expiresAt: CreationOptional<Date | null>;
  declare expiryReminderSentAt: CreationOptional<Date | null>;
  declare lastCheckedAt: CreationOptional<Date | null>;
  declare nextCheckAt: CreationOptional<Date | null>;
  declare manageTokenNonce: string;
  declare manageTokenHash: string;
  declare refreshTokenNonce: string;
  declare refreshTokenHash: string;
  /**
   * The private RSS feed link, derived like the manage link. Null on a row made before the feed
   * existed until the server's start derives its hash (commands/alert-feed.ts); no link then.
   */
  declare feedTokenNonce: CreationOptional<string | null>;
  declare feedTokenHash: CreationOptional<string | null>;
  /** Key of the shared server-side search (the engine fills it). */
  declare searchKey: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare user?: NonAttribute<User | null>;
  declare notifications?: NonAttribute<Notification[]>;

  statusAt(now: Date = new Date()): NonAttribute<AlertStatus> {
    if (!this.confirmedAt) return 'pending_confirmation';
    if (this.expiresAt && this.expiresAt.getTime() <= now.getTime()) return 'expired';
    return this.isActive ? 'active' : 'paused';
  }

  static initModel(sequelize: Sequelize): typeof Alert {
    return Alert.init(
      {
        id: { ...uuidPrimaryKey, defaultValue: () => newShortId('a') },
        userId: foreignUuid(true),
        email: {
          type: DataTypes.STRING(255),
          allowNull: true,
          set(value: string | null) {
            this.setDataValue('email', value === null ? null : value.trim().toLowerCase());
          },
        },
        guestEmailSlot: { type: DataTypes.STRING(255), allowNull: true },
        searchTerm: { type: DataTypes.STRING(SEARCH_TERM_MAX_LENGTH), allowNull: false },
        platforms: json(() => ['marktplaats']),
        minPriceCents: { type: DataTypes.INTEGER, allowNull: true },
        maxPriceCents: { type: DataTypes.INTEGER, allowNull: true },
        postalCode: { type: DataTypes.STRING(7), allowNull: true },
        distanceKm: { type: DataTypes.INTEGER, allowNull: true },
        l1CategoryId: { type: DataTypes.INTEGER, allowNull: true },
        l2CategoryId: { type: DataTypes.INTEGER, allowNull: true },
        customFilters: json(() => ({})),
        deliveryMethod: oneOf(DELIVERY_METHODS, { defaultValue: 'both' }),
        onlyWithImages: bool(false),
        includePaidAds: bool(false),
        sellerType: oneOf(SELLER_TYPES, { defaultValue: 'all' }),
        notifyEmail: bool(true),
        notifyTelegram: bool(false),
        notifyPush: bool(false),
        priceDropEnabled: bool(false),
        priceDropPercent: { type: DataTypes.INTEGER, allowNull: true },
        deliverySchedule: json(),
        isActive: bool(true),
        confirmedAt: dateTime(),
        planAtCreation: oneOf(PLANS),
        checkIntervalMinutes: { type: DataTypes.INTEGER, allowNull: false },
        validityDays: { type: DataTypes.INTEGER, allowNull: false },
        expiresAt: dateTime(),
        expiryReminderSentAt: dateTime(),
        lastCheckedAt: dateTime(),
        nextCheckAt: dateTime(),
        manageTokenNonce: { type: DataTypes.STRING(64), allowNull: false },
        manageTokenHash: { type: DataTypes.STRING(64), allowNull: false },
        refreshTokenNonce: { type: DataTypes.STRING(64), allowNull: false },
        refreshTokenHash: { type: DataTypes.STRING(64), allowNull: false },
        feedTokenNonce: { type: DataTypes.STRING(64), allowNull: true },
        feedTokenHash: { type: DataTypes.STRING(64), allowNull: true },
        searchKey: { type: DataTypes.STRING(64), allowNull: true },
        ...timestamps,
      },
      { sequelize, tableName: 'alerts', modelName: 'Alert' },
    );
  }
}
