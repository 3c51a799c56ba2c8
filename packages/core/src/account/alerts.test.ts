import { describe, expect, it } from 'vitest';
import type { AlertStatus } from '../api/types';
import {
  alertStatusLabel,
  canExtendAlert,
  canToggleAlert,
  manageTokenFromUrl,
  maxAlertsWarning,
  nextCheckShown,
  alertCardActions,
  refreshTokensFromUrl,
} from './alerts';

describe('alert status and actions', () => {
  it.each<[AlertStatus, string, boolean, boolean]>([
    ['pending_confirmation', 'Wacht op bevestiging', false, false],
    ['active', 'Actief', true, true],
    ['paused', 'Gepauzeerd', true, true],
    ['expired', 'Verlopen', false, true],
  ])('%s reads %s; toggle %s, extend %s', (status, label, toggle, extend) => {
    expect(alertStatusLabel(status)).toBe(label);
    expect(canToggleAlert({ status })).toBe(toggle);
    expect(canExtendAlert({ status })).toBe(extend);
  });

  it.each<[AlertStatus, string | null]>([
    ['active', '2026-03-02T10:10:00.000Z'],
    ['paused', null],
    ['expired', null],
    ['pending_confirmation', null],
  ])('the next check of a %s alert is %s', (status, shown) => {
    expect(nextCheckShown({ status, nextCheckAt: '2026-03-02T10:10:00.000Z' })).toBe(shown);
  });
});

describe('tokens in alert links', () => {
  it.each([
    ['https://prijsalarm.nl/manage/abc.def', 'abc.def'],
    ['http://localhost:3000/manage/t0k%2Ben?x=1#y', 't0k+en'],
    ['/manage/xyz', 'xyz'],
    ['https://prijsalarm.nl/manage/', null],
    ['https://prijsalarm.nl/manage/a/refresh/b', null],
    ['https://prijsalarm.nl/other/abc', null],
  ])('manage URL %s → %s', (url, token) => {
    expect(manageTokenFromUrl(url)).toBe(token);
  });

  it.each([
    ['https://prijsalarm.nl/manage/m1/refresh/r1', { manageToken: 'm1', refreshToken: 'r1' }],
    ['/manage/m1/refresh/r1', { manageToken: 'm1', refreshToken: 'r1' }],
    ['https://prijsalarm.nl/manage/m1', null],
    ['https://prijsalarm.nl/manage/m1/extend/r1', null],
  ])('refresh URL %s → %o', (url, tokens) => {
    expect(refreshTokensFromUrl(url)).toEqual(tokens);
  });
});

describe('max-alerts warning', () => {
  it.each([
    ['a user who may create alerts', true, true, 'REGISTERED', null],
    ['a guest', false, false, null, null],
    ['a Registered user at the limit', true, false, 'REGISTERED', 'Upgrade naar Pro'],
    ['a Free user at the limit', true, false, 'FREE', 'Upgrade naar Pro'],
    ['a Pro user at the limit', true, false, 'PRO', 'Koop extra alerts'],
  ] as const)('%s', (_case, isAuthenticated, canCreateAlerts, userPlan, label) => {
    const warning = maxAlertsWarning({ isAuthenticated, canCreateAlerts, userPlan });
    if (label === null) {
      expect(warning).toBeNull();
    } else {
      expect(warning).toEqual({
        message: 'Je hebt het maximale aantal alerts voor je plan bereikt.',
        upgradeLabel: label,
        upgradePath: '/dashboard/subscription',
      });
    }
  });
});

describe('alertCardActions', () => {
  it.each([
    ['active', 'edit', ['pause', 'extend', 'delete']],
    ['paused', 'resume', ['edit', 'extend', 'delete']],
    ['expired', 'extend', ['edit', 'delete']],
    ['pending_confirmation', 'edit', ['delete']],
  ] as const)('a %s alert: %s first, the rest in the menu', (status, primary, more) => {
    expect(alertCardActions({ status })).toEqual({ primary, more });
  });
});
