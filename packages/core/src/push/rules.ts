/**
 * Web Push: the rules the server enforces and the screens explain. Which plans may use it is core's
 * feature list (`push` in plans/features.ts: REGISTERED and PRO).
 */
export const PUSH_RULES = {
  /** Devices (subscriptions) per user. */
  maxPerUser: 10,
  endpointMaxLength: 2048,
  labelMaxLength: 60,
  /** How long a push service keeps a test notification for a phone that is offline. */
  testTtlSeconds: 300,
  /**
   * The largest JSON a message carries: Mozilla's bridge to Android takes 2744 bytes of body,
   * less than the 4096 the protocol promises (encryption adds 103 bytes, base64 a third).
   */
  maxPayloadBytes: 2600,
  /**
   * How long a push service keeps an ad's notification for a phone that is offline: an ad older
   * than this is likely gone to a quicker buyer, and the notification centre still lists it.
   */
  alertTtlSeconds: 6 * 60 * 60,
  /** The ads a summary notification names in its body; the rest is the count in its title. */
  summaryTitles: 3,
  /** A body cut to fit, or after a push service answered 413, keeps this many characters. */
  shortBodyLength: 120,
} as const;

/**
 * The push services browsers subscribe at, by host name: the host itself or any subdomain of it.
 * Google FCM (Chrome, Edge and Opera on Android), Mozilla autopush (Firefox), Apple (Safari, and
 * web apps on the iPhone's home screen), Microsoft WNS (Edge on Windows).
 */
export const PUSH_SERVICE_DOMAINS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/** Whether `hostname` (a URL's, lowercase) is one of the known push services. */
export function isKnownPushServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return PUSH_SERVICE_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/**
 * Whether an endpoint's host may be sent to: a known push service on the default port, or one of
 * `extraHosts` (host or host:port, as the operator configured them).
 */
export function isAllowedPushHost(url: URL, extraHosts: readonly string[]): boolean {
  if (extraHosts.includes(url.host.toLowerCase())) return true;
  return url.port === '' && isKnownPushServiceHost(url.hostname);
}

/** The JSON a push message carries (decrypted by the service worker): what the notification shows. */
export interface PushMessage {
  title: string;
  body: string;
  /** Opened by a tap: a path of this site or the ad on the marketplace. */
  url: string;
  /** A newer notification with the same tag replaces the older one on the device. */
  tag?: string;
  /** A picture beside the text (the ad's photo), where the platform shows one. */
  image?: string;
  /** Posted (no body, no cookies) when the notification is tapped: marks its ads read. */
  openedUrl?: string;
}

/** The JSON's length in UTF-8 bytes (each escape of encodeURIComponent is one byte). */
const byteLength = (message: PushMessage) =>
  encodeURIComponent(JSON.stringify(message)).replace(/%[0-9A-F]{2}/g, '_').length;

const cut = (text: string, length: number) =>
  text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;

/**
 * `message` made small enough to send: without its picture and with a short body when it is over
 * `maxBytes` (or always, `force`, after a push service refused it as too large). The title and the
 * link stay, so a tap still opens the ad.
 */
export function trimPushMessage(
  message: PushMessage,
  { maxBytes = PUSH_RULES.maxPayloadBytes, force = false } = {},
): PushMessage {
  if (!force && byteLength(message) <= maxBytes) return message;
  const { image: _image, ...rest } = message;
  const trimmed: PushMessage = { ...rest, body: cut(message.body, PUSH_RULES.shortBodyLength) };
  if (byteLength(trimmed) <= maxBytes) return trimmed;
  return { ...trimmed, title: cut(message.title, 60), body: cut(message.body, 40) };
}
