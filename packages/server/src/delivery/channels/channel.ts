/**
 * What a channel module is. deliver.ts runs the steps every channel shares — gather the rows one
 * message covers (by core's channel table: grouped, per ad or per notification), claim them,
 * send, record what came of it — and asks the channel only to send: one message for the claimed
 * rows, or a digest of the held ones. A channel whose row is written only once its message was
 * received (live: by the web process that holds the open page) has no `deliver` job at all.
 */
import type { DeliveryChannel } from '@prijsalarm/core';
import type { AppContext } from '../../context';
import type { SendOutcome } from '../ledger';
import type { LoadedDelivery } from '../siblings';

/** What a channel may use of the context. */
export type DeliveryContext = Pick<
  AppContext,
  'models' | 'config' | 'queue' | 'logger' | 'mailer' | 'tokens' | 'clock' | 'telegram' | 'metrics'
>;

/**
 * Sends one message for `group`: the rows deliver.ts claimed for it, never empty, `lead` (the row
 * whose job runs) first. Resolves with what came of it; deliver.ts records that on every row.
 */
export type Send = (
  ctx: DeliveryContext,
  lead: LoadedDelivery,
  group: readonly LoadedDelivery[],
) => Promise<SendOutcome>;

export interface SendingChannel {
  readonly id: DeliveryChannel;
  /** At once: the ad (or the check's ads) the rows carry. */
  readonly send: Send;
  /**
   * The digest of the alert's schedule: every held, due row of the recipient on this channel, in
   * one message. Channels whose row in core's table says `digest`; the others send held rows one
   * by one when they are due.
   */
  readonly sendDigest?: Send;
}

/**
 * A channel recorded on receipt (core's table: `recorded: 'received'`): the process that
 * delivered its message writes the row, sent, and no worker sends it.
 */
export interface ReceivedChannel {
  readonly id: DeliveryChannel;
  readonly recorded: 'received';
}

export type ChannelModule = SendingChannel | ReceivedChannel;
