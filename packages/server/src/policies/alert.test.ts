import { describe, expect, it } from 'vitest';
import {
  ALERT_FIELD_TEXTS,
  API_TEXTS,
  buildCapabilities,
  DEFAULT_SETTINGS,
  hydrateCapabilities,
  type Plan,
  type PublicSettings,
} from '@prijsalarm/core';
import { HttpError } from '../http/errors';
import { hashToken } from '../security/tokens';
import { alertPolicy, authorize } from './alert';

function capsOf(plan: Plan | 'guest', alerts = 0) {
  const user =
    plan === 'guest'
      ? null
      : { plan, role: 'USER' as const, telegramConnected: true, telegramUsername: null };
  return hydrateCapabilities(
    buildCapabilities({ settings: DEFAULT_SETTINGS, user, counts: { alerts, telegramAlerts: 0 } }),
  );
}

const withFreeLimit = (limit: number | null): PublicSettings => ({
  ...DEFAULT_SETTINGS,
  alertLimits: { ...DEFAULT_SETTINGS.alertLimits, FREE: limit },
});

describe('alertPolicy.canCreate', () => {
  it('lets a user with room on their plan create a Marktplaats alert', () => {
    expect(alertPolicy.canCreate(capsOf('FREE'), { platforms: ['marktplaats'] }).ok).toBe(true);
  });

  it('refuses a guest, a full plan, and a platform the plan lacks', () => {
    expect(alertPolicy.canCreate(capsOf('guest'), { platforms: ['marktplaats'] })).toMatchObject({
      ok: false,
      error: API_TEXTS.unauthenticated,
    });
    expect(alertPolicy.canCreate(capsOf('FREE', 1), { platforms: ['marktplaats'] })).toMatchObject({
      ok: false,
      error: ALERT_FIELD_TEXTS.maxAlertsReached,
    });
    expect(alertPolicy.canCreate(capsOf('REGISTERED'), { platforms: ['2dehands'] }).ok).toBe(false);
    expect(alertPolicy.canCreate(capsOf('PRO'), { platforms: ['2dehands'] }).ok).toBe(true);
  });
});

describe('alertPolicy.canUpdate', () => {
  const stored = { platforms: ['marktplaats' as const], notifyTelegram: false };

  it('lets the owner’s plan decide which options the alert may take', () => {
    expect(alertPolicy.canUpdate(capsOf('PRO'), { includePaidAds: true }, stored).ok).toBe(true);
    expect(alertPolicy.canUpdate(capsOf('FREE'), { includePaidAds: true }, stored).ok).toBe(false);
  });

  it('lets an alert keep what a former plan allowed, but not take more', () => {
    const kept = { ...stored, includePaidAds: true };
    expect(alertPolicy.canUpdate(capsOf('FREE'), { includePaidAds: true }, kept).ok).toBe(true);
    expect(
      alertPolicy.canUpdate(capsOf('FREE'), { includePaidAds: true, onlyWithImages: true }, kept),
    ).toMatchObject({ ok: false, feature: 'imageFilter' });
  });
});

describe('ownership and links', () => {
  it('an alert belongs to its user, never to another one, and a guest alert to no user', () => {
    expect(alertPolicy.isOwner({ id: 'u1' }, { userId: 'u1' })).toBe(true);
    expect(alertPolicy.isOwner({ id: 'u2' }, { userId: 'u1' })).toBe(false);
    expect(alertPolicy.isOwner({ id: 'u1' }, { userId: null })).toBe(false);
  });

  it('a manage or refresh token opens its own alert only', () => {
    const alert = { manageTokenHash: hashToken('manage'), refreshTokenHash: hashToken('refresh') };
    expect(alertPolicy.canManageWithToken(alert, hashToken('manage'))).toBe(true);
    expect(alertPolicy.canManageWithToken(alert, hashToken('refresh'))).toBe(false);
    expect(alertPolicy.canRefreshWithToken(alert, hashToken('refresh'))).toBe(true);
    expect(alertPolicy.canRefreshWithToken(alert, hashToken('manage'))).toBe(false);
  });

  it('a feed token opens its own feed only, and a row without one opens nothing', () => {
    const alert = { feedTokenHash: hashToken('feed') };
    expect(alertPolicy.canReadFeedWithToken(alert, hashToken('feed'))).toBe(true);
    expect(alertPolicy.canReadFeedWithToken(alert, hashToken('manage'))).toBe(false);
    expect(alertPolicy.canReadFeedWithToken({ feedTokenHash: null }, hashToken('feed'))).toBe(
      false,
    );
  });
});

describe('alertPolicy.guestMayCreate', () => {
  it('follows the FREE alert limit of the settings', () => {
    expect(alertPolicy.guestMayCreate(DEFAULT_SETTINGS, 0)).toBe(true);
    expect(alertPolicy.guestMayCreate(DEFAULT_SETTINGS, DEFAULT_SETTINGS.alertLimits.FREE!)).toBe(
      false,
    );
    expect(alertPolicy.guestMayCreate(withFreeLimit(3), 2)).toBe(true);
    expect(alertPolicy.guestMayCreate(withFreeLimit(3), 3)).toBe(false);
    expect(alertPolicy.guestMayCreate(withFreeLimit(0), 0)).toBe(false);
  });

  it('has no limit when the FREE limit is unlimited', () => {
    expect(alertPolicy.guestMayCreate(withFreeLimit(null), 1000)).toBe(true);
  });
});

describe('authorize', () => {
  it('passes an allowed result and throws the plan’s 403 for a refused one', () => {
    expect(() => authorize({ ok: true })).not.toThrow();
    const refused = () => authorize({ ok: false, error: 'Alleen PRO', requiredPlans: ['PRO'] });
    expect(refused).toThrow(HttpError);
    try {
      refused();
    } catch (error) {
      expect((error as HttpError).status).toBe(403);
      expect((error as HttpError).body).toEqual({ error: 'Alleen PRO', requiredPlans: ['PRO'] });
    }
  });
});
