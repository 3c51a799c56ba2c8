/** A notification's deliveries per channel as the owner reads them (spec §3, notification centre). */
import type { DeliveryChannel, DeliveryDto, DeliveryStatus } from '../api/types';
import { DELIVERY_TEXTS } from '../content/accountScreens';

const CHANNEL_ORDER: readonly DeliveryChannel[] = ['email', 'telegram', 'push', 'webhook'];

export interface DeliveryLine {
  channel: DeliveryChannel;
  channelLabel: string;
  status: DeliveryStatus;
  statusLabel: string;
  /** Why it is being retried or failed; null when sent or waiting. */
  reason: string | null;
  /** How the line looks: its status, or 'neutral' where nothing went wrong for the user. */
  look: DeliveryStatus | 'neutral';
}

export function deliveryStatusLabel(status: DeliveryStatus): string {
  return DELIVERY_TEXTS.statuses[status];
}

export function deliveryChannelLabel(channel: DeliveryChannel): string {
  return DELIVERY_TEXTS.channels[channel];
}

/** One line per channel, e-mail first; a reason only where something went wrong. */
export function deliveryLines(deliveries: readonly DeliveryDto[]): DeliveryLine[] {
  return [...deliveries]
    .sort((a, b) => CHANNEL_ORDER.indexOf(a.channel) - CHANNEL_ORDER.indexOf(b.channel))
    .map((delivery) => {
      // Push is a live extra for open pages: with none open it simply wasn't shown live, which
      // is no failure for the user (the centre and the other channels still have it).
      if (delivery.channel === 'push' && delivery.status === 'failed') {
        return {
          channel: delivery.channel,
          channelLabel: deliveryChannelLabel(delivery.channel),
          status: delivery.status,
          statusLabel: DELIVERY_TEXTS.pushNotShownLive,
          reason: null,
          look: 'neutral',
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
