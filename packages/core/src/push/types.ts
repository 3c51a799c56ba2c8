/** The JSON shapes of /push (API contract). */

export interface PushPublicKeyResponse {
  /** The server's VAPID public key (base64url): pushManager.subscribe's applicationServerKey. */
  publicKey: string;
}

export interface PushSubscriptionDto {
  id: string;
  /** The device's name, e.g. "Chrome op Android". */
  label: string;
  /** The endpoint's address, to recognise this device's own subscription. */
  endpoint: string;
  createdAt: string;
  /** When the last notification was accepted by the push service; null before the first. */
  lastDeliveredAt: string | null;
}

export interface PushSubscriptionListResponse {
  subscriptions: PushSubscriptionDto[];
  /** Devices the user may have. */
  limit: number;
}

export interface CreatePushSubscriptionResponse {
  id: string;
  subscription: PushSubscriptionDto;
}

export interface PushTestResponse {
  /** Whether the push service accepted the test notification. */
  sent: boolean;
  /** The device was gone (unsubscribed or expired) and has been removed from the list. */
  removed: boolean;
  message: string;
}
