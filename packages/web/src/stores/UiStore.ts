import { makeAutoObservable } from 'mobx';
import { showCookieBanner } from '@prijsalarm/core';
import { STORAGE_KEYS, readJson, writeJson } from '../platform/storage';
import type { RootStore } from './RootStore';

/** 'all': functional cookies plus anonymous error reports; 'necessary': functional only. */
export type CookieConsent = 'all' | 'necessary';

function isCookieConsent(value: unknown): value is CookieConsent {
  return value === 'all' || value === 'necessary';
}

/** Choices about the page itself: the cookie consent (remembered across visits). */
export class UiStore {
  cookieConsent: CookieConsent | null;

  constructor(private readonly root: RootStore) {
    const stored = readJson(root.storage, STORAGE_KEYS.cookieConsent);
    this.cookieConsent = isCookieConsent(stored) ? stored : null;
    makeAutoObservable<UiStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  /** The banner shows until a choice is made, except on the paths spec §2 lists. */
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
  }
}
