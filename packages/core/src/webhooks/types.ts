/** The JSON shapes of /webhooks (API contract). */

export interface WebhookCallDto {
  id: string;
  kind: 'notification' | 'test';
  ok: boolean;
  /** The HTTP status the URL answered; null when no answer came. */
  statusCode: number | null;
  /** Why it failed (Dutch); null when it succeeded. */
  error: string | null;
  /** The first characters of the answer (untrusted text: show escaped). */
  excerpt: string | null;
  durationMs: number;
  at: string;
}

export interface WebhookDto {
  id: string;
  url: string;
  /** The alerts it receives; null = all of the user's alerts. */
  alertIds: string[] | null;
  enabled: boolean;
  /** Why it was turned off (Dutch), when it was. */
  disabledReason: string | null;
  createdAt: string;
  lastCall: WebhookCallDto | null;
}

export interface WebhookListResponse {
  webhooks: WebhookDto[];
  /** URLs the user may have. */
  limit: number;
}

export interface CreateWebhookResponse {
  webhook: WebhookDto;
  /** The signing secret: answered here once, never again. */
  secret: string;
}

export interface WebhookTestResponse {
  call: WebhookCallDto;
  message: string;
}

export interface WebhookCallsResponse {
  calls: WebhookCallDto[];
}
