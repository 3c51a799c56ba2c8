import { makeAutoObservable } from 'mobx';
import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_MAX_AGE_SECONDS,
  isCookieConsent,
  showCookieBanner,
  type CookieConsent,
} from '@prijsalarm/core';
import { STORAGE_KEYS, readJson, writeJson } from '../platform/storage';
import type { RootStore } from './RootStore';

export type { CookieConsent };

/**
 * Choices about the page itself: the cookie consent (remembered across visits, in storage and in
 * a cookie the server reads).
 */
export class UiStore {
  cookieConsent: CookieConsent | null;

  constructor(private readonly root: RootStore) {
    const stored = readJson(root.storage, STORAGE_KEYS.cookieConsent);
    const cookie = root.cookies.get(CONSENT_COOKIE);
    this.cookieConsent = isCookieConsent(stored) ? stored : isCookieConsent(cookie) ? cookie : null;
    // The server sends / without the banner by this cookie: a choice stored before it existed
    // (or in a cookie that expired) is carried over, so the banner never flashes.
    if (this.cookieConsent !== null && cookie !== this.cookieConsent) {
      this.rememberInCookie(this.cookieConsent);
    }
    makeAutoObservable<UiStore, 'root' | 'rememberInCookie'>(
      this,
      { root: false, rememberInCookie: false },
      { autoBind: true },
    );
  }

  /** The banner shows until a choice is made, except where core's `showCookieBanner` says not. */
  cookieBannerVisible(path: string): boolean {
    return this.cookieConsent === null && showCookieBanner(path);
  }

  /** Whether anonymous error reports may be sent (the error reporter reads this). */
  get errorReportingAllowed(): boolean {
    return this.cookieConsent === 'all';
  }

  setCookieConsent(consent: CookieConsent): void {
    this.cookieConsent = consent;
    writeJson(this.root.storage, STORAGE_KEYS.cookieConsent, consent);
    this.rememberInCookie(consent);
  }

  private rememberInCookie(consent: CookieConsent): void {
    this.root.setCookie(CONSENT_COOKIE, consent, CONSENT_COOKIE_MAX_AGE_SECONDS);
  }
}
