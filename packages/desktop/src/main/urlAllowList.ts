/**
 * What shell.openExternal may open: a marketplace ad (Marktplaats, 2dehands, and in development
 * or tests the marketplace double's origins) and pages of our own server. Nothing else: ad
 * content is untrusted, and a `file:`, `javascript:` or custom-scheme link would run locally.
 */
import { PLATFORMS, isWebUrl } from '@prijsalarm/core';

/** The marketplaces' own hosts, with and without www. */
export const MARKETPLACE_HOSTS: readonly string[] = Object.values(PLATFORMS).flatMap((platform) => {
  const host = new URL(platform.url).hostname;
  return [host, host.replace(/^www\./, '')];
});

export interface AllowListOptions {
  serverUrl: string;
  /** Extra marketplace origins (the local double in development and tests). */
  extraMarketplaceOrigins?: readonly string[];
}

export type UrlVerdict = { allowed: true; url: string } | { allowed: false; reason: string };

export function checkExternalUrl(raw: unknown, options: AllowListOptions): UrlVerdict {
  if (typeof raw !== 'string' || !isWebUrl(raw))
    return { allowed: false, reason: 'not an http(s) URL' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { allowed: false, reason: 'unparsable' };
  }
  if (url.username || url.password) return { allowed: false, reason: 'credentials in URL' };
  const server = new URL(options.serverUrl);
  if (url.origin === server.origin) return { allowed: true, url: url.toString() };
  if (url.protocol === 'https:' && url.port === '' && MARKETPLACE_HOSTS.includes(url.hostname)) {
    return { allowed: true, url: url.toString() };
  }
  const extra = (options.extraMarketplaceOrigins ?? []).map((origin) => new URL(origin).origin);
  if (extra.includes(url.origin)) return { allowed: true, url: url.toString() };
  return { allowed: false, reason: `origin ${url.origin} not allowed` };
}

export function isAllowedExternalUrl(raw: unknown, options: AllowListOptions): boolean {
  return checkExternalUrl(raw, options).allowed;
}
