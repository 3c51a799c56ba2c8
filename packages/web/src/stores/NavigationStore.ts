import { makeAutoObservable } from 'mobx';
import {
  AFTER_LOGIN_PATH,
  avatarLetter,
  mobileUpsell,
  planLabel,
  showProUpsell,
} from '@prijsalarm/core';
import type { AuthPhase, UpsellLink } from '@prijsalarm/core';
import type { RootStore } from './RootStore';

export interface ProfileSummary {
  email: string;
  avatar: string;
  planLabel: string;
}

/** What the navigation bar and the footer show. */
export class NavigationStore {
  constructor(private readonly root: RootStore) {
    makeAutoObservable<NavigationStore, 'root'>(this, { root: false });
  }

  get phase(): AuthPhase {
    return this.root.auth.phase;
  }

  /** The logo goes to the dashboard when logged in, otherwise home. */
  get logoTo(): string {
    return this.phase === 'authenticated' ? AFTER_LOGIN_PATH : '/';
  }

  get showPricing(): boolean {
    return this.root.settings.isPricingToolVisible;
  }

  get showAdmin(): boolean {
    return this.phase === 'authenticated' && this.root.auth.isAdmin;
  }

  get profile(): ProfileSummary | null {
    const user = this.root.auth.user;
    if (this.phase !== 'authenticated' || !user) return null;
    return { email: user.email, avatar: avatarLetter(user.email), planLabel: planLabel(user.plan) };
  }

  /** The mobile menu's Pro button; null while auth is unknown or when it must not show. */
  get upsell(): UpsellLink | null {
    if (this.phase === 'unknown') return null;
    const loggedIn = this.phase === 'authenticated';
    const plan = loggedIn ? (this.root.auth.user?.plan ?? null) : null;
    const show = showProUpsell({
      pricingToolEnabled: this.root.settings.isPricingToolEnabled,
      plan,
    });
    return show ? mobileUpsell(loggedIn) : null;
  }
}
