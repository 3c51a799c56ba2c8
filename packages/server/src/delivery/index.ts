/**
 * Step 5 of "the way of an alert" (ARCHITECTURE.md): sending what the recorder recorded.
 *
 *   deliver.ts          the `deliver` job (worker role): the steps every channel shares — gather
 *                       the rows of one message, claim (ledger.ts), send, record
 *   channels/           one module per channel of core's channel table, registered in
 *                       channels/index.ts: email.ts (one mail per recipient per check,
 *                       mail/templates/new-listings), telegram.ts (one message per ad through the
 *                       process's TelegramService, telegram/), live.ts (open /ws/events sockets,
 *                       sockets/events.ts), webhook.ts (signed POSTs, webhook-client.ts)
 *   digest.ts           quiet hours and digests: holding rows, and which are due
 *   relay.ts            re-queues deliveries left open (scheduler role)
 *   redis-events.ts     ctx.events over Redis pub/sub in scale-out
 */
export * from './deliver';
export * from './channels';
export * from './channels/email';
export * from './channels/live';
export * from './channels/telegram';
export * from './channels/webhook';
export * from './ledger';
export * from './redis-events';
export * from './relay';
export * from './siblings';
export * from './telegram/service';
