/**
 * Step 5 of "the way of an alert" (ARCHITECTURE.md): sending what the recorder recorded.
 *
 *   deliver.ts          the `deliver` job (worker role): claim → send on the channel → sent /
 *                       retrying with backoff / failed with its reason (ledger.ts)
 *   email.ts            one mail per recipient per check (template mail/templates/new-listings)
 *   telegram/channel.ts one message per ad through the process's TelegramService (telegram/service.ts)
 *   push.ts             live push to /ws/events sockets (sockets/events.ts)
 *   webhook.ts          signed POSTs to the user's webhook URLs (webhook-client.ts, webhook-payload.ts)
 *   relay.ts            re-queues deliveries left open (scheduler role)
 *   redis-events.ts     ctx.events over Redis pub/sub in scale-out
 */
export * from './deliver';
export * from './email';
export * from './ledger';
export * from './push';
export * from './redis-events';
export * from './relay';
export * from './siblings';
export * from './telegram/channel';
export * from './telegram/service';
