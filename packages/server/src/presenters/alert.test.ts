import { describe, expect, it } from 'vitest';
import type { Alert, Category } from '../models';
import { createTokenService, TOKEN_PURPOSES } from '../security/tokens';
import { manageUrlOf, refreshUrlOf } from '../security/alert-links';
import { presentAdminAlert, presentAlert } from './alert';
import { indexCategories } from './category';

const tokens = createTokenService('presenter-test-secret-that-is-long-enough');
const context = {
  config: { publicUrl: 'https://prijsalarm.example' },
  tokens,
  categories: indexCategories([
    { id: 1, marktplaatsId: 445, type: 'L1', parentId: null, isActive: true } as Category,
  ]),
  now: new Date('2026-03-10T12:00:00Z'),
};

const alert = {
  id: 'a1',
  userId: null,
  email: 'gast@example.nl',
  searchTerm: 'racefiets',
  platforms: ['marktplaats'],
  minPriceCents: null,
  maxPriceCents: 25_050,
  postalCode: null,
  distanceKm: null,
  l1CategoryId: 445,
  l2CategoryId: null,
  customFilters: {},
  deliveryMethod: 'both',
  onlyWithImages: false,
  includePaidAds: false,
  sellerType: 'all',
  notifyEmail: true,
  notifyTelegram: false,
  isActive: true,
  checkIntervalMinutes: 30,
  validityDays: 7,
  confirmedAt: new Date('2026-03-09T12:00:00Z'),
  expiresAt: new Date('2026-03-16T12:00:00Z'),
  lastCheckedAt: null,
  nextCheckAt: null,
  createdAt: new Date('2026-03-09T12:00:00Z'),
  manageTokenNonce: 'manage-nonce',
  refreshTokenNonce: 'refresh-nonce',
  manageTokenHash: 'stored-hash',
  feedTokenNonce: 'feed-nonce',
  feedTokenHash: 'stored-feed-hash',
  statusAt(this: { isActive: boolean }) {
    return this.isActive ? 'active' : 'paused';
  },
} as unknown as Alert;

describe('presentAlert', () => {
  const dto = presentAlert(alert, 4, context);

  it('gives prices in euros and categories as our ids', () => {
    expect(dto).toMatchObject({ minPrice: null, maxPrice: 250.5, l1CategoryId: 1 });
  });

  it('rebuilds the manage link from the stored nonce, never from a stored token', () => {
    const token = tokens.tokenFor(TOKEN_PURPOSES.alertManage, 'manage-nonce');
    expect(dto.manageUrl).toBe(`https://prijsalarm.example/manage/${token}`);
    expect(manageUrlOf(context, alert)).toBe(dto.manageUrl);
    expect(JSON.stringify(dto)).not.toContain('stored-hash');
  });

  it('puts the refresh link under the manage link', () => {
    const refresh = tokens.tokenFor(TOKEN_PURPOSES.alertRefresh, 'refresh-nonce');
    expect(refreshUrlOf(context, alert)).toBe(`${dto.manageUrl}/refresh/${refresh}`);
  });

  it('rebuilds the feed link from its nonce; a row whose hash is not derived yet has none', () => {
    const feed = tokens.tokenFor(TOKEN_PURPOSES.alertFeed, 'feed-nonce');
    expect(dto.feedUrl).toBe(`https://prijsalarm.example/api/alerts/feed/${feed}`);
    expect(JSON.stringify(dto)).not.toContain('stored-feed-hash');
    const underway = Object.assign(Object.create(alert) as Alert, { feedTokenHash: null });
    expect(presentAlert(underway, 0, context).feedUrl).toBeNull();
  });

  it('carries the status and the notification count', () => {
    expect(dto).toMatchObject({ status: 'active', notificationCount: 4 });
  });
});

describe('presentAdminAlert', () => {
  it('adds the owner’s address: the account’s, else the guest’s', () => {
    expect(presentAdminAlert(alert, 0, context).userEmail).toBe('gast@example.nl');
    const owned = Object.assign(Object.create(alert) as Alert, {
      email: null,
      user: { email: 'anna@example.nl' },
    });
    expect(presentAdminAlert(owned, 0, context).userEmail).toBe('anna@example.nl');
  });
});
