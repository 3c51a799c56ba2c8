import type { CookieReader } from '@prijsalarm/core';

/** The value of a readable cookie of this page, decoded; undefined when absent. */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** The browser's cookie jar as the API client reads it (httpOnly cookies stay invisible). */
export const documentCookies: CookieReader = {
  get: (name) => readCookie(document.cookie, name),
};

/** Sets a readable cookie of this page (Path=/, SameSite=Lax, Secure on https). */
export type CookieWriter = (name: string, value: string, maxAgeSeconds: number) => void;

export const writeDocumentCookie: CookieWriter = (name, value, maxAgeSeconds) => {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
};
