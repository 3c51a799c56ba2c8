/**
 * The delivery channels, in one table: every list of channels (the API's types, the notification
 * centre's order and names, the alert form's switches, the server's Delivery model, the recorder
 * and the server's channel modules) is read from here, so a channel is added with one row.
 * Its order is the order users see the channels in.
 */
import type { FeatureName } from '../plans/features';

export interface ChannelSpec {
  readonly id: string;
  /** Its name where users read how a notification went out (notification centre, manage page). */
  readonly label: string;
  /**
   * What one message carries, and so which rows one send covers:
   * - 'grouped': every new ad of a check for the recipient, each ad once (one e-mail);
   * - 'perAd': one ad, naming every alert of the recipient that matched it;
   * - 'perNotification': one alert's notification, nothing shared with other alerts.
   * 'grouped' and 'perAd' send an ad once per recipient (the recorder's message key).
   */
  readonly message: 'grouped' | 'perAd' | 'perNotification';
  /** Rows its alert's schedule held (digest, quiet hours) go out together as one digest. */
  readonly digest: boolean;
  /** The alert's switch that turns it on; null: on whenever the channel reaches the recipient. */
  readonly alertSwitch: `notify${string}` | null;
  /** The plan feature it needs; null: no plan rule of its own. */
  readonly feature: FeatureName | null;
  /**
   * Whom it reaches: 'address' anyone with an e-mail address (guests too), 'user' every
   * registered user, 'target' a user who set something up for it (a linked chat, a webhook, a device for push).
   */
  readonly reaches: 'address' | 'user' | 'target';
  /**
   * When its delivery row is written: 'matched' with the notification, pending, for a worker to
   * send; 'received' only once the message reached the recipient (live: a web process found an
   * open page) — most users have no page open most of the time, and a row written for each
   * notification regardless was a quarter of what it costs on disk.
   */
  readonly recorded: 'matched' | 'received';
}

export const CHANNELS = [
  {
    id: 'email',
    label: 'E-mail',
    message: 'grouped',
    digest: true,
    alertSwitch: 'notifyEmail',
    feature: null,
    reaches: 'address',
    recorded: 'matched',
  },
  {
    id: 'telegram',
    label: 'Telegram',
    message: 'perAd',
    digest: true,
    alertSwitch: 'notifyTelegram',
    feature: 'telegram',
    reaches: 'target',
    recorded: 'matched',
  },
  {
    // Web Push to the user's phones and browsers: a check's new ads in one notification (one ad
    // named, a burst summed up), so a burst does not fill the lock screen; a digest likewise.
    id: 'push',
    label: 'Pushmelding',
    message: 'grouped',
    digest: true,
    alertSwitch: 'notifyPush',
    feature: 'push',
    reaches: 'target',
    recorded: 'matched',
  },
  {
    // The live connection of open pages and the desktop app (/ws/events); it is never held: the
    // desktop holds its pop-up by the alert's schedule itself.
    id: 'live',
    label: 'Live op je scherm',
    message: 'perNotification',
    digest: false,
    alertSwitch: null,
    feature: null,
    reaches: 'user',
    recorded: 'received',
  },
  {
    id: 'webhook',
    label: 'Webhook',
    message: 'perNotification',
    digest: false,
    alertSwitch: null,
    feature: 'webhooks',
    reaches: 'target',
    recorded: 'matched',
  },
] as const satisfies readonly ChannelSpec[];

type ChannelRow = (typeof CHANNELS)[number];
export type DeliveryChannel = ChannelRow['id'];

/** Every channel's id, in the table's order (a non-empty tuple, as `z.enum` wants it). */
export const DELIVERY_CHANNELS: readonly [DeliveryChannel, ...DeliveryChannel[]] = [
  CHANNELS[0].id,
  ...CHANNELS.slice(1).map((channel) => channel.id),
];

/** The channels an alert turns on with a switch of its own (the alert form's choices). */
export type NotificationChannel = Extract<ChannelRow, { alertSwitch: string }>['id'];
/** The alert's fields that turn a channel on. */
export type AlertChannelSwitch = NonNullable<ChannelRow['alertSwitch']>;

/** The channels a user must set something up for (a linked chat, a webhook). */
export type TargetedChannel = Extract<ChannelRow, { reaches: 'target' }>['id'];

const BY_ID = new Map<string, ChannelRow>(CHANNELS.map((channel) => [channel.id, channel]));

export function channelSpec<C extends DeliveryChannel>(id: C): Extract<ChannelRow, { id: C }> {
  return BY_ID.get(id) as Extract<ChannelRow, { id: C }>;
}

export function isDeliveryChannel(value: unknown): value is DeliveryChannel {
  return typeof value === 'string' && BY_ID.has(value);
}

/** The alert switches of every channel that has one, in the table's order. */
export const ALERT_CHANNEL_SWITCHES = CHANNELS.flatMap((channel) =>
  channel.alertSwitch === null ? [] : [channel.alertSwitch],
) as readonly AlertChannelSwitch[];

/** Each channel's name, by id. */
export const CHANNEL_LABELS = Object.fromEntries(
  CHANNELS.map((channel) => [channel.id, channel.label]),
) as Readonly<Record<DeliveryChannel, string>>;

/** Channels whose message carries an ad once per recipient (one message for all its alerts). */
export function sendsAdOncePerRecipient(channel: DeliveryChannel): boolean {
  return channelSpec(channel).message !== 'perNotification';
}
