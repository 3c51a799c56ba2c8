import {
  buildCapabilities,
  DEFAULT_SETTINGS,
  hydrateCapabilities,
  WEBHOOK_RULES,
  type Plan,
} from '@prijsalarm/core';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { authorizeNewWebhook, authorizeWebhooks, webhookPolicy } from './webhook';

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

describe('webhookPolicy', () => {
  it.each<[Plan | null, boolean]>([
    [null, false],
    ['FREE', false],
    ['REGISTERED', true],
    ['PRO', true],
  ])('plan %s may use webhooks: %s', (plan, allowed) => {
    expect(webhookPolicy.canUse(caps(plan))).toBe(allowed);
    if (allowed) expect(() => authorizeWebhooks(caps(plan))).not.toThrow();
    else expect(() => authorizeWebhooks(caps(plan))).toThrow(HttpError);
  });

  it(`allows ${WEBHOOK_RULES.maxPerUser} URLs and refuses one more with the limit's text`, () => {
    const registered = caps('REGISTERED');
    expect(() => authorizeNewWebhook(registered, WEBHOOK_RULES.maxPerUser - 1)).not.toThrow();
    expect(() => authorizeNewWebhook(registered, WEBHOOK_RULES.maxPerUser)).toThrow(
      /hoogstens 3 webhooks/,
    );
  });

  it('an admin override cannot give a FREE user webhooks', () => {
    const free = hydrateCapabilities(
      buildCapabilities({
        settings: DEFAULT_SETTINGS,
        user: {
          plan: 'FREE',
          role: 'USER',
          telegramConnected: false,
          telegramUsername: null,
          featureOverrides: { webhooks: true },
        },
        counts: { alerts: 0, telegramAlerts: 0 },
      }),
    );
    expect(webhookPolicy.canUse(free)).toBe(false);
  });

  it('only the owner', () => {
    expect(webhookPolicy.isOwner({ userId: 'a' }, 'a')).toBe(true);
    expect(webhookPolicy.isOwner({ userId: 'a' }, 'b')).toBe(false);
  });
});
