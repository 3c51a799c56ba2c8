import { describe, expect, it } from 'vitest';
import {
  SETTINGS_KEY,
  SETTINGS_VERSION,
  SettingsStore,
  defaultSettings,
  migrateSettings,
  settingsSchema,
  settingsUpdateSchema,
} from './settings';

describe('settings schema', () => {
  it('accepts the defaults: production server, sound on, no quiet hours, nothing muted', () => {
    const settings = defaultSettings();
    expect(settingsSchema.parse(settings)).toEqual(settings);
    expect(settings.serverUrl).toBe('https://prijsalarm.nl');
    expect(defaultSettings(true).serverUrl).toBe('http://localhost:3000');
  });

  it('refuses what the renderer may not set or send wrong', () => {
    expect(settingsUpdateSchema.safeParse({ sound: false }).success).toBe(true);
    expect(settingsUpdateSchema.safeParse({ mutedUntil: 1 }).success).toBe(false);
    expect(settingsUpdateSchema.safeParse({ configVersion: 1 }).success).toBe(false);
    expect(settingsUpdateSchema.safeParse({ serverUrl: 'file:///etc/passwd' }).success).toBe(false);
    expect(settingsUpdateSchema.safeParse({ serverUrl: 'javascript:alert(1)' }).success).toBe(
      false,
    );
    expect(
      settingsUpdateSchema.safeParse({
        quietHours: { enabled: true, from: '25:00', until: '07:00' },
      }).success,
    ).toBe(false);
  });
});

describe('migration', () => {
  it('upgrades version 1 (flat quiet hours, notifySound) to the current version', () => {
    const result = migrateSettings({
      configVersion: 1,
      serverUrl: 'https://beta.prijsalarm.nl/',
      startAtLogin: true,
      notifySound: false,
      quietHoursStart: '23:00',
      quietHoursEnd: '06:30',
    });
    expect(result.changed).toBe(true);
    expect(result.settings).toEqual({
      configVersion: SETTINGS_VERSION,
      serverUrl: 'https://beta.prijsalarm.nl',
      startAtLogin: true,
      sound: false,
      quietHours: { enabled: true, from: '23:00', until: '06:30' },
      silencedAlertIds: [],
      mutedUntil: null,
    });
  });

  it('reads a file without a version as version 1; no quiet hours there means none', () => {
    const { settings } = migrateSettings({ serverUrl: 'http://localhost:3000' });
    expect(settings.quietHours.enabled).toBe(false);
    expect(settings.serverUrl).toBe('http://localhost:3000');
  });

  it('repairs a broken field with its default instead of locking the user out', () => {
    const stored = { ...defaultSettings(), serverUrl: 'not a url', sound: 'yes' };
    const result = migrateSettings(stored);
    expect(result.settings.serverUrl).toBe('https://prijsalarm.nl');
    expect(result.settings.sound).toBe(true);
    expect(result.problems).toEqual(['serverUrl invalid', 'sound invalid']);
    expect(result.changed).toBe(true);
  });

  it('leaves current settings as they are', () => {
    const current = { ...defaultSettings(), sound: false };
    expect(migrateSettings(current)).toEqual({ settings: current, changed: false, problems: [] });
  });

  it('the store migrates on open, writes back, validates updates and tells listeners', () => {
    const data = new Map<string, unknown>([[SETTINGS_KEY, { notifySound: false }]]);
    const store = new SettingsStore({
      get: (key) => data.get(key),
      set: (key, value) => data.set(key, value),
    });
    expect(store.get().sound).toBe(false);
    expect(data.get(SETTINGS_KEY)).toMatchObject({ configVersion: SETTINGS_VERSION });
    const seen: boolean[] = [];
    store.onChange((settings) => seen.push(settings.sound));
    store.update({ sound: true });
    expect(seen).toEqual([true]);
    expect(() => store.update({ serverUrl: 'ftp://x' })).toThrow();
    expect(store.get().sound).toBe(true);
  });
});
