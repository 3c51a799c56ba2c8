/**
 * The app's settings: one zod schema, versioned, with our own upgrade steps (electron-store's
 * `migrations` are documented as buggy). The binding layer keeps them in electron-store; any
 * key-value store with the same two methods works, so the rules are tested in Node.
 */
import { z } from 'zod';

export const SETTINGS_VERSION = 2;
export const PRODUCTION_SERVER_URL = 'https://prijsalarm.nl';
export const DEVELOPMENT_SERVER_URL = 'http://localhost:3000';

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const serverUrlSchema = z
  .string()
  .trim()
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'http(s) only')
  .transform((value) => value.replace(/\/+$/, ''));

export const quietHoursSchema = z.object({
  enabled: z.boolean(),
  /** Local time 'HH:MM'; a window may run past midnight (22:00–07:00). */
  from: timeOfDay,
  until: timeOfDay,
});
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const settingsSchema = z.object({
  configVersion: z.literal(SETTINGS_VERSION),
  serverUrl: serverUrlSchema,
  startAtLogin: z.boolean(),
  sound: z.boolean(),
  quietHours: quietHoursSchema,
  /** Alerts whose new ads do not pop up on the desktop (they still count and are listed). */
  silencedAlertIds: z.array(z.string().min(1).max(64)).max(500),
  /** Epoch ms until which the tray's 'Dempen' holds; null when not muted. */
  mutedUntil: z.number().int().nonnegative().nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** What the renderer may change (the mute is the tray's, the version is ours). */
export const settingsUpdateSchema = settingsSchema
  .omit({ configVersion: true, mutedUntil: true })
  .partial()
  .strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

export function defaultSettings(development = false): Settings {
  return {
    configVersion: SETTINGS_VERSION,
    serverUrl: development ? DEVELOPMENT_SERVER_URL : PRODUCTION_SERVER_URL,
    startAtLogin: false,
    sound: true,
    quietHours: { enabled: false, from: '22:00', until: '07:00' },
    silencedAlertIds: [],
    mutedUntil: null,
  };
}

/** Version 1 (the first release): a flat quiet-hours pair and a `notifySound` flag. */
const settingsV1Schema = z.object({
  configVersion: z.literal(1).optional(),
  serverUrl: z.string().optional(),
  startAtLogin: z.boolean().optional(),
  notifySound: z.boolean().optional(),
  quietHoursStart: z.string().nullable().optional(),
  quietHoursEnd: z.string().nullable().optional(),
});

function upgradeFromV1(raw: z.infer<typeof settingsV1Schema>, defaults: Settings): unknown {
  const from = raw.quietHoursStart ?? null;
  const until = raw.quietHoursEnd ?? null;
  return {
    ...defaults,
    serverUrl: raw.serverUrl ?? defaults.serverUrl,
    startAtLogin: raw.startAtLogin ?? defaults.startAtLogin,
    sound: raw.notifySound ?? defaults.sound,
    quietHours:
      from && until ? { enabled: true, from, until } : { ...defaults.quietHours, enabled: false },
  };
}

export interface MigrationResult {
  settings: Settings;
  /** The stored data differed (old version or repaired): write `settings` back. */
  changed: boolean;
  /** What was wrong, for the log. */
  problems: string[];
}

/**
 * Whatever is stored, as current settings: old versions upgraded step by step, then every field
 * that does not pass the schema replaced by its default (a bad server URL must not lock the user
 * out of the app), and a version from the future read as far as it fits.
 */
export function migrateSettings(
  stored: unknown,
  defaults: Settings = defaultSettings(),
): MigrationResult {
  const problems: string[] = [];
  let data: unknown = stored;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return {
      settings: defaults,
      changed: true,
      problems: stored === undefined ? [] : ['not an object'],
    };
  }
  const version = (data as { configVersion?: unknown }).configVersion;
  if (version === undefined || version === 1) {
    const v1 = settingsV1Schema.safeParse(data);
    data = upgradeFromV1(v1.success ? v1.data : {}, defaults);
    if (!v1.success) problems.push('version 1 data unreadable');
  }
  const record: Record<string, unknown> = {
    ...(data as Record<string, unknown>),
    configVersion: SETTINGS_VERSION,
  };
  const settings = { ...defaults };
  const shape = settingsSchema.shape;
  for (const key of Object.keys(shape) as Array<keyof Settings>) {
    const parsed = shape[key].safeParse(record[key]);
    if (parsed.success) Object.assign(settings, { [key]: parsed.data });
    else if (key in record) problems.push(`${key} invalid`);
  }
  const changed = JSON.stringify(settings) !== JSON.stringify(stored);
  return { settings: settingsSchema.parse(settings), changed, problems };
}

/** The store the settings live in (electron-store in the app, a plain object in tests). */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

export const SETTINGS_KEY = 'settings';

export class SettingsStore {
  private current: Settings;
  private readonly listeners = new Set<(settings: Settings) => void>();

  constructor(
    private readonly store: KeyValueStore,
    defaults: Settings = defaultSettings(),
    onProblems?: (problems: string[]) => void,
  ) {
    const result = migrateSettings(store.get(SETTINGS_KEY), defaults);
    if (result.problems.length > 0) onProblems?.(result.problems);
    this.current = result.settings;
    if (result.changed) store.set(SETTINGS_KEY, this.current);
  }

  get(): Settings {
    return this.current;
  }

  update(update: Partial<Settings>): Settings {
    this.current = settingsSchema.parse({ ...this.current, ...update });
    this.store.set(SETTINGS_KEY, this.current);
    for (const listener of this.listeners) listener(this.current);
    return this.current;
  }

  onChange(listener: (settings: Settings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
