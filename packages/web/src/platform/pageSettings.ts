import { PAGE_SETTINGS_ELEMENT_ID } from '@prijsalarm/core';
import type { PublicSettings } from '@prijsalarm/core';

/**
 * The public settings the server wrote into this page (http/app.ts `withPageSettings`), or null
 * where none are (the Vite dev server). They come from the server that sent this build in the
 * same answer, so they are taken as they are; settings from any other source are checked.
 */
export function readPageSettings(): PublicSettings | null {
  const text = document.getElementById(PAGE_SETTINGS_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as PublicSettings) : null;
  } catch {
    return null;
  }
}
