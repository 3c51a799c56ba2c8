import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import {
  NOTIFICATION_KINDS,
  PLATFORM_IDS,
  type NotificationKind,
  type PlatformId,
} from '@prijsalarm/core';
import { newShortId } from '../lib/short-ids';
import { dateTime, foreignUuid, oneOf, uuidPrimaryKey } from './columns';
import type { Alert } from './Alert';
import type { Delivery } from './Delivery';
import type { ListingSnapshot } from './ListingSnapshot';

/**
 * The include that loads a notification's listing. `exclude` leaves out what a reader never shows
 * (a send reads every row of its group: not the JSON nor the description).
 */
export const withSnapshot = (exclude: ReadonlyArray<'listing' | 'description'> = []) => ({
  association: 'snapshot',
  required: true,
  ...(exclude.length > 0 ? { attributes: { exclude: [...exclude] } } : {}),
});

/**
 * One new listing found for one alert ('new'), or a lower price of a listing the alert saw
 * ('price_drop'); unique per alert, listing and dedupeKey (indexed by the listing's snapshot:
 * (alertId, listingSnapshotId, dedupeKey)). The listing itself is
 * stored once (`ListingSnapshot`); the notification holds what is its own: the price observed when
 * notified, the distance from its alert's place, its kind and deliveries.
 *
 * The listing's fields read through (`title`, `url`, …) from `snapshot`, which a query must
 * include (`withSnapshot`); reading one without it throws rather than showing an empty ad.
 */
export class Notification extends Model<
  InferAttributes<Notification>,
  InferCreationAttributes<Notification>
> {
  declare id: CreationOptional<string>;
  declare alertId: string;
  declare userId: CreationOptional<string | null>;
  declare platform: PlatformId;
  /** The marketplace's item id, e.g. 'm2123456789'. */
  declare listingId: string;
  declare listingSnapshotId: number;
  declare priceCents: CreationOptional<number | null>;
  declare priceType: string;
  /** From the alert's place (its postcode), when it has one. */
  declare distanceMeters: CreationOptional<number | null>;
  declare viewedAt: CreationOptional<Date | null>;
  declare kind: CreationOptional<NotificationKind>;
  /** The price before the drop (a 'price_drop' only). */
  declare previousPriceCents: CreationOptional<number | null>;
  /** 'new', or 'drop:<cents>' for a drop to that price: each is told once. */
  declare dedupeKey: CreationOptional<string>;
  /** Which path found it: the new-ads feed or per-search polling (engine/feed/README.md). */
  declare foundBy: CreationOptional<'feed' | 'reconciliation' | null>;
  declare createdAt: CreationOptional<Date>;

  declare alert?: NonAttribute<Alert>;
  declare deliveries?: NonAttribute<Delivery[]>;
  declare snapshot?: NonAttribute<ListingSnapshot>;

  private loadedSnapshot(): ListingSnapshot {
    if (!this.snapshot) throw new Error('notification read without its listing snapshot');
    return this.snapshot;
  }

  get title(): NonAttribute<string> {
    return this.loadedSnapshot().title;
  }
  get description(): NonAttribute<string | null | undefined> {
    return this.loadedSnapshot().description;
  }
  get url(): NonAttribute<string> {
    return this.loadedSnapshot().url;
  }
  get imageUrls(): NonAttribute<string[]> {
    return this.loadedSnapshot().imageUrls;
  }
  get location(): NonAttribute<string | null> {
    return this.loadedSnapshot().location;
  }
  get sellerName(): NonAttribute<string | null> {
    return this.loadedSnapshot().sellerName;
  }
  get sellerType(): NonAttribute<'private' | 'business' | null> {
    return this.loadedSnapshot().sellerType;
  }
  get isPaid(): NonAttribute<boolean> {
    return this.loadedSnapshot().isPaid;
  }
  get postedAt(): NonAttribute<Date | null> {
    return this.loadedSnapshot().postedAt;
  }
  /** The listing as first found (its snapshot's JSON). */
  get listing(): NonAttribute<Record<string, unknown> | undefined> {
    return this.loadedSnapshot().listing;
  }

  static initModel(sequelize: Sequelize): typeof Notification {
    return Notification.init(
      {
        id: { ...uuidPrimaryKey, defaultValue: () => newShortId('n') },
        alertId: foreignUuid(false),
        userId: foreignUuid(true),
        platform: oneOf(PLATFORM_IDS),
        listingId: { type: DataTypes.STRING(64), allowNull: false },
        listingSnapshotId: { type: DataTypes.INTEGER, allowNull: false },
        priceCents: { type: DataTypes.INTEGER, allowNull: true },
        priceType: { type: DataTypes.STRING(32), allowNull: false },
        distanceMeters: { type: DataTypes.INTEGER, allowNull: true },
        viewedAt: dateTime(),
        kind: oneOf(NOTIFICATION_KINDS, { defaultValue: 'new' }),
        previousPriceCents: { type: DataTypes.INTEGER, allowNull: true },
        dedupeKey: { type: DataTypes.STRING(32), allowNull: false, defaultValue: 'new' },
        foundBy: oneOf(['feed', 'reconciliation'], { allowNull: true }),
        createdAt: dateTime(false),
      },
      // Written once; a view is `viewedAt` (db/migrations/0093-drop-unread-notification-columns.ts).
      { sequelize, tableName: 'notifications', modelName: 'Notification', updatedAt: false },
    );
  }
}
