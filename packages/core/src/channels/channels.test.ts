/**
 * The channel table is the one list of channels: the API's types, the notification centre's
 * order and names and the alert form's switches are read from it, so a row added or renamed there
 * shows up in each of them (and a second, hand-written list would make these fail).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DeliveryDto } from '../api/types';
import { deliveryLines } from '../account/delivery';
import { DELIVERY_TEXTS } from '../account/strings';
import { isFeatureName } from '../plans/features';
import type { CreateAlertPayload, UpdateAlertPayload } from '../validation/alert';
import {
  applyNotificationToggle,
  canSubmitAuthenticated,
  initialAlertFormState,
  type AlertFormState,
} from '../validation/alertForm';
import {
  ALERT_CHANNEL_SWITCHES,
  CHANNELS,
  channelSpec,
  DELIVERY_CHANNELS,
  isDeliveryChannel,
  sendsAdOncePerRecipient,
  type AlertChannelSwitch,
  type DeliveryChannel,
  type NotificationChannel,
} from './channels';

const ids = CHANNELS.map((channel) => channel.id);

describe('the channel table', () => {
  it('names each channel once, with a Dutch name', () => {
    expect(new Set(ids).size).toBe(ids.length);
    for (const channel of CHANNELS) expect(channel.label.trim()).not.toBe('');
  });

  it('calls the live connection of open pages and the desktop app "live", and Web Push "push"', () => {
    expect(channelSpec('live').label).toBe('Live op je scherm');
    expect(channelSpec('push')).toMatchObject({ alertSwitch: 'notifyPush', feature: 'push' });
    expect(isDeliveryChannel('desktop')).toBe(false);
  });

  it('gates channels only with plan features that exist', () => {
    for (const channel of CHANNELS) {
      if (channel.feature !== null) expect(isFeatureName(channel.feature), channel.id).toBe(true);
    }
  });

  it('is the list of channel ids the API speaks of, in its order', () => {
    expect([...DELIVERY_CHANNELS]).toEqual(ids);
    expectTypeOf<DeliveryDto['channel']>().toEqualTypeOf<DeliveryChannel>();
    expectTypeOf<DeliveryChannel>().toEqualTypeOf<(typeof CHANNELS)[number]['id']>();
  });

  it('names the channels in the notification centre', () => {
    expect(DELIVERY_TEXTS.channels).toEqual(
      Object.fromEntries(CHANNELS.map((channel) => [channel.id, channel.label])),
    );
  });

  it("orders a notification's deliveries as the table does", () => {
    const sent = (channel: DeliveryChannel): DeliveryDto => ({
      channel,
      status: 'sent',
      attempts: 1,
      lastError: null,
      sentAt: null,
    });
    const lines = deliveryLines([...ids].reverse().map(sent));
    expect(lines.map((line) => line.channel)).toEqual(ids);
    expect(lines.map((line) => line.channelLabel)).toEqual(CHANNELS.map((row) => row.label));
  });

  it("gives the alert form a switch for exactly the channels with an alert's switch", () => {
    const switched = CHANNELS.filter((channel) => channel.alertSwitch !== null);
    expect([...ALERT_CHANNEL_SWITCHES]).toEqual(switched.map((channel) => channel.alertSwitch));
    expectTypeOf<NotificationChannel>().toEqualTypeOf<(typeof switched)[number]['id']>();
    // Every switch is a field of the form and of the alert's create and update bodies.
    expectTypeOf<AlertChannelSwitch>().toExtend<keyof AlertFormState>();
    expectTypeOf<AlertChannelSwitch>().toExtend<keyof CreateAlertPayload>();
    expectTypeOf<AlertChannelSwitch>().toExtend<keyof UpdateAlertPayload>();
  });

  it('lets the wizard send an alert with any one channel switched on, and not with none', () => {
    const none = Object.fromEntries(ALERT_CHANNEL_SWITCHES.map((key) => [key, false]));
    const form: AlertFormState = {
      ...initialAlertFormState,
      ...none,
      platform: 'marktplaats',
      searchTerm: 'fiets',
    };
    expect(canSubmitAuthenticated(form, true)).toBe(false);
    for (const channelSwitch of ALERT_CHANNEL_SWITCHES) {
      expect(canSubmitAuthenticated({ ...form, [channelSwitch]: true }, true), channelSwitch).toBe(
        true,
      );
    }
  });

  it('lets e-mail go off while push is on, and turns it back on when push goes off', () => {
    const pushOnly = applyNotificationToggle(
      applyNotificationToggle(initialAlertFormState, 'push', true),
      'email',
      false,
    );
    expect([pushOnly.notifyEmail, pushOnly.notifyPush]).toEqual([false, true]);
    const pushOff = applyNotificationToggle(pushOnly, 'push', false);
    expect([pushOff.notifyEmail, pushOff.notifyPush]).toEqual([true, false]);
    expect(applyNotificationToggle(pushOff, 'email', false)).toBe(pushOff);
  });

  it('sends an ad once per recipient on the channels whose message is per ad or grouped', () => {
    expect(DELIVERY_CHANNELS.filter(sendsAdOncePerRecipient)).toEqual(
      CHANNELS.filter((channel) => channel.message !== 'perNotification').map((row) => row.id),
    );
  });
});
