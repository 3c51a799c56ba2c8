/**
 * Webhooks: the rules the server enforces and the screens explain. Which plans have
 * them is core's feature list (`webhooks` in plans/features.ts: REGISTERED and PRO).
 */
export const WEBHOOK_RULES = {
  /** URLs per user. */
  maxPerUser: 3,
  urlMaxLength: 2048,
  /** Alerts one webhook can be limited to. */
  maxAlertIds: 200,
  /** A failed call is tried again with backoff for this long after the notification, then given up. */
  retryWindowHours: 24,
  /** The longest wait between two tries (the backoff doubles up to this). */
  maxRetryDelayMinutes: 60,
  /** Connect, answer and body each get this long. */
  timeoutMs: 5000,
  /** Characters of an answer's body kept to show the user; the rest is never read. */
  excerptLength: 200,
  /** A receiver should refuse a signature whose timestamp is further than this from its clock. */
  signatureToleranceSeconds: 300,
  /** Calls listed per webhook. */
  recentCalls: 20,
  /** Days a call stays in a webhook's log (longer than the retry window, which reads it). */
  callLogDays: 30,
  /** Random bytes of a secret; it is written `whsec_<base64url>`. */
  secretBytes: 32,
} as const;

/** The header that carries the signature: `t=<unix seconds>,v1=<hex hmac-sha256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Prijsalarm-Signature';

/** `kind` of a notification as the body carries it; 'test' for the test button. */
export type WebhookEventKind = 'new' | 'price_drop' | 'test';

/** The documented JSON body of a call (README "Webhooks"). */
export interface WebhookPayload {
  /** The notification's id (the same for every retry: use it to ignore a repeat). */
  id: string;
  kind: WebhookEventKind;
  /** When the notification was made (ISO 8601). */
  createdAt: string;
  alert: { id: string; searchTerm: string };
  listing: {
    id: string;
    platform: string;
    title: string;
    location: string | null;
    imageUrls: string[];
    postedAt: string | null;
  };
  price: {
    /** In euro cents; null when the ad has no fixed price ("Bieden", "Gratis" …). */
    cents: number | null;
    currency: 'EUR';
    type: string;
    /** The price before a drop (kind 'price_drop'); null otherwise. */
    previousCents: number | null;
  };
  /** The ad on the marketplace. */
  url: string;
}

/** Wait before retry number `attempt` (1 = after the first failed call): doubling, capped. */
export function webhookRetryDelayMs(baseMs: number, attempt: number): number {
  const capMs = WEBHOOK_RULES.maxRetryDelayMinutes * 60_000;
  return Math.min(capMs, baseMs * 2 ** Math.min(30, Math.max(0, attempt - 1)));
}

/** Whether a retry at `at` still falls within the retry window of something made at `createdAt`. */
export function withinWebhookRetryWindow(createdAt: Date, at: Date): boolean {
  return at.getTime() - createdAt.getTime() <= WEBHOOK_RULES.retryWindowHours * 3_600_000;
}
