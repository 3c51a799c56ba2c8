/** What goes out of /webhooks: never the secret (only the create answer carries it, once). */
import type { WebhookCallDto, WebhookDto } from '@prijsalarm/core';
import type { Webhook, WebhookCall } from '../models';

export function presentWebhookCall(call: WebhookCall): WebhookCallDto {
  return {
    id: call.id,
    kind: call.kind,
    ok: call.ok,
    statusCode: call.statusCode ?? null,
    error: call.error ?? null,
    excerpt: call.excerpt ?? null,
    durationMs: call.durationMs,
    at: call.createdAt.toISOString(),
  };
}

export function presentWebhook(webhook: Webhook, lastCall: WebhookCall | null): WebhookDto {
  return {
    id: webhook.id,
    url: webhook.url,
    alertIds: Array.isArray(webhook.alertIds) ? [...webhook.alertIds] : null,
    enabled: webhook.enabled,
    disabledReason: webhook.enabled ? null : (webhook.disabledReason ?? null),
    createdAt: webhook.createdAt.toISOString(),
    lastCall: lastCall ? presentWebhookCall(lastCall) : null,
  };
}
