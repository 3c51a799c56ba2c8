import {
  buildCapabilities,
  DEFAULT_SETTINGS,
  hydrateCapabilities,
  PUSH_RULES,
  PUSH_TEXTS,
  type Plan,
} from '@prijsalarm/core';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { authorizeNewPushDevice, authorizePush, pushPolicy } from './push';

function caps(plan: Plan | null) {
  return hydrateCapabilities(
    buildCapabilities({
      settings: DEFAULT_SETTINGS,
      user:
        plan === null
          ? null
          : { plan, role: 'USER', telegramConnected: false, telegramUsername: null },
      counts: { alerts: 0, telegramAlerts: 0 },
    }),
  );
}

describe('pushPolicy', () => {
  it.each<[Plan | null, boolean]>([
    [null, false],
    ['FREE', false],
    ['REGISTERED', true],
    ['PRO', true],
  ])('plan %s may turn push on: %s', (plan, allowed) => {
    expect(pushPolicy.canUse(caps(plan))).toBe(allowed);
    if (allowed) expect(() => authorizePush(caps(plan))).not.toThrow();
    else expect(() => authorizePush(caps(plan))).toThrow(HttpError);
  });

  it(`allows ${PUSH_RULES.maxPerUser} devices and refuses one more with the limit's text`, () => {
    const registered = caps('REGISTERED');
    expect(() => authorizeNewPushDevice(registered, PUSH_RULES.maxPerUser - 1)).not.toThrow();
    expect(() => authorizeNewPushDevice(registered, PUSH_RULES.maxPerUser)).toThrow(
      PUSH_TEXTS.errors.limitReached,
    );
  });

  it('a device is its owner’s only', () => {
    expect(pushPolicy.isOwner({ userId: 'a' }, 'a')).toBe(true);
    expect(pushPolicy.isOwner({ userId: 'a' }, 'b')).toBe(false);
  });
});
