/**
 * core's parsing of received and cached settings (zod), loaded by SettingsStore as a chunk of its
 * own: the shell's first paint does not wait for zod (issue 14, Budget).
 */
export { settingsFromJson } from '@prijsalarm/core';
