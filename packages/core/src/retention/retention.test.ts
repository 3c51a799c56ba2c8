import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, settingUpdateSchema, settingsFromEntries } from '../plans';
import { VALIDATION_TEXTS } from '../validation/strings';
import { validateInput } from '../validation';
import {
  DEFAULT_RETENTION,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
  RETENTION_TEXTS,
  notificationRetentionDays,
  retentionCutoff,
  retentionSettingSchema,
} from '.';

const good = {
  notifications: { FREE: 30, REGISTERED: 90, PRO: 365 },
  priceHistory: 365,
  webhookCalls: 30,
  setAside: 30,
};
const errors = RETENTION_TEXTS.errors;

describe('the shipped retention', () => {
  it('keeps notifications 30 days for FREE (guests), 90 for REGISTERED, 365 for PRO', () => {
    expect(notificationRetentionDays(DEFAULT_RETENTION, 'FREE')).toBe(30);
    expect(notificationRetentionDays(DEFAULT_RETENTION, null)).toBe(30);
    expect(notificationRetentionDays(DEFAULT_RETENTION, 'REGISTERED')).toBe(90);
    expect(notificationRetentionDays(DEFAULT_RETENTION, 'PRO')).toBe(365);
  });

  it('keeps price history as long as PRO keeps its notifications, webhook calls and set-aside ads 30 days', () => {
    expect(DEFAULT_RETENTION.priceHistory).toBe(DEFAULT_RETENTION.notifications.PRO);
    expect(DEFAULT_RETENTION.webhookCalls).toBe(30);
    expect(DEFAULT_RETENTION.setAside).toBe(30);
  });

  it('is the default of the admin setting, and passes its own schema', () => {
    expect(DEFAULT_SETTINGS.retention).toEqual(DEFAULT_RETENTION);
    expect(retentionSettingSchema.safeParse(DEFAULT_RETENTION).success).toBe(true);
  });
});

describe('retentionSettingSchema', () => {
  it.each<[string, unknown]>([
    ['the defaults', good],
    ['the shortest', { ...good, setAside: RETENTION_DAYS_MIN }],
    ['the longest', { ...good, priceHistory: RETENTION_DAYS_MAX }],
    ['other plans', { ...good, notifications: { FREE: 7, REGISTERED: 7, PRO: 3650 } }],
  ])('accepts %s', (_name, value) => {
    expect(retentionSettingSchema.safeParse(value).success).toBe(true);
  });

  it.each<[string, unknown, string, string]>([
    ['a day below the minimum', { ...good, webhookCalls: 6 }, 'webhookCalls', errors.tooShort],
    ['zero days', { ...good, setAside: 0 }, 'setAside', errors.tooShort],
    ['negative days', { ...good, priceHistory: -30 }, 'priceHistory', errors.tooShort],
    ['beyond ten years', { ...good, priceHistory: 3651 }, 'priceHistory', errors.tooLong],
    ['half a day', { ...good, setAside: 30.5 }, 'setAside', errors.wholeDays],
    ['a word', { ...good, webhookCalls: 'dertig' }, 'webhookCalls', errors.wholeDays],
    [
      "a plan's days as text",
      { ...good, notifications: { ...good.notifications, PRO: '365' } },
      'notifications.PRO',
      errors.wholeDays,
    ],
    [
      'a plan left out',
      { ...good, notifications: { FREE: 30, PRO: 365 } },
      'notifications.REGISTERED',
      VALIDATION_TEXTS.required,
    ],
  ])('refuses %s, in Dutch', (_name, value, field, message) => {
    const result = validateInput(retentionSettingSchema, value);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.fields[field]).toBe(message);
  });

  it('refuses a kind it does not know', () => {
    expect(retentionSettingSchema.safeParse({ ...good, chats: 30 }).success).toBe(false);
  });

  it('is the admin update of the `retention` key, and a stored row of it applies', () => {
    expect(settingUpdateSchema.safeParse({ key: 'retention', value: good }).success).toBe(true);
    expect(
      settingUpdateSchema.safeParse({ key: 'retention', value: { ...good, setAside: 1 } }).success,
    ).toBe(false);
    const stored = { ...good, priceHistory: 730 };
    expect(settingsFromEntries([{ key: 'retention', value: stored }]).retention).toEqual(stored);
  });
});

describe('retentionCutoff', () => {
  it('is the given number of whole days before now', () => {
    const now = new Date('2026-03-31T12:00:00.000Z');
    expect(retentionCutoff(now, 30).toISOString()).toBe('2026-03-01T12:00:00.000Z');
  });
});

describe('the screens say how far back they reach', () => {
  it.each([
    [RETENTION_TEXTS.screens.notifications(90), '90 dagen bewaard'],
    [RETENTION_TEXTS.screens.export(30), 'laatste 30 dagen'],
    [RETENTION_TEXTS.screens.feed(365), '365 dagen bewaard'],
    [RETENTION_TEXTS.screens.priceHistory(365), '365 dagen bewaard'],
  ])('%s', (text, expected) => {
    expect(text).toContain(expected);
  });
});
