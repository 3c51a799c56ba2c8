/**
 * core's parsing of received and cached settings (zod), loaded by SettingsStore as a chunk of its
 * own: the shell's first paint does not wait for zod (the home page's JavaScript budget).
 */
export { settingsFromJson } from '@prijsalarm/core';
