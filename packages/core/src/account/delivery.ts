/** A notification's deliveries per channel as the owner reads them in the notification centre. */
import type { DeliveryDto } from '../api/types';
import { DELIVERY_CHANNELS, type DeliveryChannel } from '../channels/channels';
import type { DeliveryStatus } from '../domain';
import { DELIVERY_TEXTS } from './strings';

export interface DeliveryLine {
  channel: DeliveryChannel;
  channelLabel: string;
  status: DeliveryStatus;
  statusLabel: string;
  /** Why it is being retried or failed; null when sent or waiting. */
  reason: string | null;
  /** How the line looks: its status. */
  look: DeliveryStatus;
}

export function deliveryStatusLabel(status: DeliveryStatus): string {
  return DELIVERY_TEXTS.statuses[status];
}

export function deliveryChannelLabel(channel: DeliveryChannel): string {
  return DELIVERY_TEXTS.channels[channel];
}

/**
 * One line per channel, in the channel table's order; a reason only where something went wrong. The live one (to
 * open pages and the desktop app) only once it was shown: waiting for, or without, an open page
 * is no news for the user (the centre and the other channels have it either way).
 */
export function deliveryLines(deliveries: readonly DeliveryDto[]): DeliveryLine[] {
  return [...deliveries]
    .filter((delivery) => delivery.channel !== 'live' || delivery.status === 'sent')
    .sort((a, b) => DELIVERY_CHANNELS.indexOf(a.channel) - DELIVERY_CHANNELS.indexOf(b.channel))
    .map((delivery) => {
      if (delivery.channel === 'live') {
        return {
          channel: delivery.channel,
          channelLabel: deliveryChannelLabel(delivery.channel),
          status: delivery.status,
          statusLabel: DELIVERY_TEXTS.liveShown,
          reason: null,
          look: delivery.status,
        };
      }
      return {
        channel: delivery.channel,
        channelLabel: deliveryChannelLabel(delivery.channel),
        status: delivery.status,
        statusLabel: deliveryStatusLabel(delivery.status),
        reason:
          (delivery.status === 'failed' || delivery.status === 'retrying') && delivery.lastError
            ? delivery.lastError
            : null,
        look: delivery.status,
      };
    });
}
