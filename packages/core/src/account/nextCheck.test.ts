import { describe, expect, it } from 'vitest';
import {
  describeCheckInterval,
  describeNextCheck,
  describeValidity,
  formatTimeUntil,
} from './nextCheck';

const NOW = Date.parse('2026-03-02T10:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

describe('describeNextCheck', () => {
  it('says how long until a planned check, in Dutch', () => {
    expect(describeNextCheck({ status: 'active', nextCheckAt: at(2 * 60_000) }, NOW)).toEqual({
      kind: 'scheduled',
      at: at(2 * 60_000),
      text: 'over 2 minuten',
    });
    expect(describeNextCheck({ status: 'active', nextCheckAt: at(12_000) }, NOW).text).toBe(
      'over 12 seconden',
    );
  });

  it('says "nu bezig" only once the planned moment has come', () => {
    expect(describeNextCheck({ status: 'active', nextCheckAt: at(500) }, NOW).text).toBe(
      'over 1 seconde',
    );
    expect(describeNextCheck({ status: 'active', nextCheckAt: at(0) }, NOW)).toEqual({
      kind: 'running',
      text: 'nu bezig',
    });
  });

  it('waits for the confirmation before anything is checked', () => {
    expect(
      describeNextCheck({ status: 'pending_confirmation', nextCheckAt: at(60_000) }, NOW),
    ).toEqual({ kind: 'awaiting_confirmation', text: 'Wacht op bevestiging' });
  });

  it('plans nothing for a paused or expired alert, or one without a planned check', () => {
    for (const status of ['paused', 'expired'] as const) {
      expect(describeNextCheck({ status, nextCheckAt: at(60_000) }, NOW).kind).toBe(
        'not_scheduled',
      );
    }
    expect(describeNextCheck({ status: 'active', nextCheckAt: null }, NOW).text).toBe(
      'Niet gepland',
    );
  });
});

describe('formatTimeUntil', () => {
  it('rounds up, so a check is never announced earlier than it runs', () => {
    expect(formatTimeUntil(NOW + 61_000, NOW)).toBe('over 2 minuten');
    expect(formatTimeUntil(NOW + 3 * 3_600_000, NOW)).toBe('over 3 uur');
    expect(formatTimeUntil(NOW + 3 * 86_400_000, NOW)).toBe('over 3 dagen');
  });
});

describe('describeCheckInterval and describeValidity', () => {
  it("state the alert's stored plan interval", () => {
    expect(describeCheckInterval({ checkIntervalMinutes: 10 })).toBe('elke 10 minuten');
    expect(describeCheckInterval({ checkIntervalMinutes: 1 })).toBe('elke minuut');
  });

  it('says "Wacht op bevestiging" instead of an end date before confirmation', () => {
    const format = (iso: string) => `datum ${iso}`;
    expect(describeValidity({ status: 'pending_confirmation', expiresAt: null }, format)).toBe(
      'Wacht op bevestiging',
    );
    expect(describeValidity({ status: 'active', expiresAt: at(0) }, format)).toBe(`datum ${at(0)}`);
  });
});
