/**
 * The channel modules, one per row of core's channel table (CHANNELS), registered here: deliver.ts
 * finds a row's module by its channel. A row without a module, or a digest channel without a
 * digest, does not compile.
 */
import type { CHANNELS, DeliveryChannel } from '@prijsalarm/core';
import type { ReceivedChannel, SendingChannel } from './channel';
import { emailChannel } from './email';
import { liveChannel } from './live';
import { pushChannel } from './push';
import { telegramChannel } from './telegram';
import { webhookChannel } from './webhook';

type RowOf<C extends DeliveryChannel> = Extract<(typeof CHANNELS)[number], { id: C }>;

/**
 * A channel whose row says `digest` sends one, so it has `sendDigest`; one recorded on receipt
 * sends nothing from a worker.
 */
type ModuleOf<C extends DeliveryChannel> = (RowOf<C>['recorded'] extends 'received'
  ? ReceivedChannel
  : RowOf<C>['digest'] extends true
    ? SendingChannel & Required<Pick<SendingChannel, 'sendDigest'>>
    : SendingChannel) & { readonly id: C };

export const CHANNEL_MODULES: { readonly [C in DeliveryChannel]: ModuleOf<C> } = {
  email: emailChannel,
  telegram: telegramChannel,
  push: pushChannel,
  live: liveChannel,
  webhook: webhookChannel,
};

export type { ChannelModule, DeliveryContext, ReceivedChannel, SendingChannel } from './channel';
