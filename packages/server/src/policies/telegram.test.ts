import { describe, expect, it } from 'vitest';
import {
  buildCapabilities,
  DEFAULT_SETTINGS,
  deliveryChannels,
  hydrateCapabilities,
  requiredPlansFor,
  type CapabilityUser,
  type Plan,
} from '@prijsalarm/core';
import type { HttpError } from '../http/errors';
import { authorizeTelegram, telegramPolicy } from './telegram';

function capsOf(plan: Plan, extra: Partial<CapabilityUser> = {}) {
  const user: CapabilityUser = {
    plan,
    role: 'USER',
    telegramConnected: false,
    telegramUsername: null,
    ...extra,
  };
  return hydrateCapabilities(
    buildCapabilities({
      // A server with a bot: without one no plan has Telegram (tested below).
      settings: { ...DEFAULT_SETTINGS, channels: deliveryChannels(true) },
      user,
      counts: { alerts: 0, telegramAlerts: 0 },
    }),
  );
}

describe('telegramPolicy.canUse', () => {
  it.each<Plan>(['REGISTERED', 'PRO'])('lets a %s user use Telegram', (plan) => {
    expect(telegramPolicy.canUse(capsOf(plan))).toBe(true);
    expect(() => authorizeTelegram(capsOf(plan))).not.toThrow();
  });

  it('refuses a FREE user with the plans that have Telegram', () => {
    expect(telegramPolicy.canUse(capsOf('FREE'))).toBe(false);
    let refusal: HttpError | undefined;
    try {
      authorizeTelegram(capsOf('FREE'));
    } catch (error) {
      refusal = error as HttpError;
    }
    expect(refusal?.status).toBe(403);
    expect(refusal?.body.requiredPlans).toEqual(requiredPlansFor('telegram'));
  });

  it('follows an admin’s per-user override, except that FREE never has Telegram', () => {
    expect(telegramPolicy.canUse(capsOf('PRO', { featureOverrides: { telegram: false } }))).toBe(
      false,
    );
    expect(telegramPolicy.canUse(capsOf('FREE', { featureOverrides: { telegram: true } }))).toBe(
      false,
    );
  });
});

it('refuses every plan on a server without a bot, with no plan to upgrade to', () => {
  const caps = hydrateCapabilities(
    buildCapabilities({
      settings: { ...DEFAULT_SETTINGS, channels: deliveryChannels(false) },
      user: { plan: 'PRO', role: 'USER', telegramConnected: false, telegramUsername: null },
      counts: { alerts: 0, telegramAlerts: 0 },
    }),
  );
  expect(telegramPolicy.canUse(caps)).toBe(false);
  expect(() => authorizeTelegram(caps)).toThrow(
    expect.objectContaining({ status: 403, body: expect.objectContaining({ requiredPlans: [] }) }),
  );
});

describe('telegramPolicy.canDisconnect', () => {
  it('lets anyone signed in unlink their chat, whatever their plan', () => {
    expect(telegramPolicy.canDisconnect()).toBe(true);
  });
});
