/** A notification's deliveries per channel as the owner reads them (spec §3, notification centre). */
import type { DeliveryChannel, DeliveryDto, DeliveryStatus } from '../api/types';
import { DELIVERY_TEXTS } from '../content/accountScreens';

const CHANNEL_ORDER: readonly DeliveryChannel[] = ['email', 'telegram', 'push'];

export interface DeliveryLine {
  channel: DeliveryChannel;
  channelLabel: string;
  status: DeliveryStatus;
  statusLabel: string;
  /** Why it is being retried or failed; null when sent or waiting. */
  reason: string | null;
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
    .map((delivery) => ({
      channel: delivery.channel,
      channelLabel: deliveryChannelLabel(delivery.channel),
      status: delivery.status,
      statusLabel: deliveryStatusLabel(delivery.status),
      reason:
        (delivery.status === 'failed' || delivery.status === 'retrying') && delivery.lastError
          ? delivery.lastError
          : null,
    }));
}
