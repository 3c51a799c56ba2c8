/** Builders for the signed-in screens' tests: alerts, notifications and a signed-in store. */
import {
  CSRF_COOKIE,
  DEFAULT_SETTINGS,
  buildCapabilities,
  deliveryChannels,
} from '@prijsalarm/core';
import type {
  AlertDto,
  CapabilitiesData,
  CategoryDto,
  NotificationDto,
  Plan,
  UserDto,
} from '@prijsalarm/core';
import { STORAGE_KEYS, memoryStorage, writeJson } from '../platform/storage';
import type { AppNavigator } from '../platform/navigator';
import type { RootStoreOptions } from '../stores/RootStore';
import { testStore, userDto } from './helpers';
import type { HttpDouble } from './helpers';

export const ALERT_ID = '11111111-1111-4111-8111-111111111111';
export const ALERT_ID_2 = '22222222-2222-4222-8222-222222222222';

/** An active category: a top category, or one under `parentId`. */
export function categoryDto(
  id: number,
  name: string,
  marktplaatsId: number,
  parentId: number | null = null,
): CategoryDto {
  return {
    id,
    name,
    marktplaatsId,
    type: parentId === null ? 'L1' : 'L2',
    parentId,
    isActive: true,
  };
}

export function alertDto(overrides: Partial<AlertDto> = {}): AlertDto {
  const id = overrides.id ?? ALERT_ID;
  return {
    id,
    searchTerm: 'racefiets',
    platforms: ['marktplaats'],
    minPrice: null,
    maxPrice: 500,
    postalCode: '1012 AB',
    distance: 10,
    l1CategoryId: null,
    l2CategoryId: null,
    customFilters: {},
    deliveryMethod: 'both',
    onlyWithImages: false,
    includePaidAds: false,
    sellerType: 'all',
    notifyEmail: true,
    notifyTelegram: false,
    notifyPush: false,
    schedule: { mode: 'instant', quietHours: null },
    status: 'active',
    isActive: true,
    email: null,
    checkIntervalMinutes: 10,
    validityDays: 14,
    expiresAt: '2026-03-16T10:00:00.000Z',
    lastCheckedAt: '2026-03-02T09:55:00.000Z',
    nextCheckAt: '2026-03-02T10:05:00.000Z',
    createdAt: '2026-03-01T10:00:00.000Z',
    manageUrl: `http://localhost:3000/manage/token-${id.slice(0, 4)}`,
    feedUrl: `http://localhost:3000/api/alerts/feed/feed-${id.slice(0, 4)}`,
    priceDrop: { enabled: false },
    notificationCount: 3,
    ...overrides,
  };
}

export function notificationDto(overrides: Partial<NotificationDto> = {}): NotificationDto {
  return {
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    alertId: ALERT_ID,
    alertSearchTerm: 'racefiets',
    platform: 'marktplaats',
    listing: {
      itemId: 'm123',
      platform: 'marktplaats',
      title: 'Gazelle racefiets',
      description: null,
      priceCents: 25000,
      priceType: 'FIXED',
      url: 'https://www.marktplaats.nl/v/m123',
      imageUrls: ['https://images.example/m123.jpg'],
      location: 'Utrecht',
      distanceMeters: 12_400,
      sellerName: 'Piet',
      sellerType: 'private',
      isPaid: false,
      postedAt: '2026-03-02T09:00:00.000Z',
    },
    viewed: false,
    viewedAt: null,
    createdAt: '2026-03-02T09:30:00.000Z',
    kind: 'new',
    previousPriceCents: null,
    deliveries: [
      {
        channel: 'email',
        status: 'sent',
        attempts: 1,
        lastError: null,
        sentAt: '2026-03-02T09:31:00.000Z',
      },
    ],
    ...overrides,
  };
}

/**
 * GET /user-capabilities for `plan` with `alerts` alerts (and Telegram as given), from a server
 * with a Telegram bot unless `telegramBot` is false.
 */
export function capabilities(
  plan: Plan,
  {
    alerts = 0,
    telegramConnected = false,
    telegramUsername = null,
    telegramBot = true,
  }: {
    alerts?: number;
    telegramConnected?: boolean;
    telegramUsername?: string | null;
    telegramBot?: boolean;
  } = {},
): CapabilitiesData {
  return buildCapabilities({
    settings: { ...DEFAULT_SETTINGS, channels: deliveryChannels(telegramBot) },
    user: { plan, role: 'USER', telegramConnected, telegramUsername },
    counts: { alerts, telegramAlerts: 0 },
  });
}

/** A store whose user is signed in (fresh check, CSRF cookie), talking to `server`. */
export async function signedInStore(
  server: HttpDouble,
  {
    user = userDto(),
    navigator,
    now,
    liveEvents,
  }: {
    user?: UserDto;
    navigator?: AppNavigator;
    now?: () => number;
    liveEvents?: RootStoreOptions['liveEvents'];
  } = {},
) {
  const storage = memoryStorage();
  const at = now?.() ?? Date.now();
  writeJson(storage, STORAGE_KEYS.settings, { settings: DEFAULT_SETTINGS, fetchedAt: at });
  writeJson(storage, STORAGE_KEYS.auth, {
    user,
    csrfToken: 'c',
    isAuthenticated: true,
    lastAuthCheck: at,
  });
  const result = testStore({
    server,
    storage,
    cookies: new Map([[CSRF_COOKIE, 'c']]),
    ...(navigator ? { navigator } : {}),
    ...(now ? { now } : {}),
    ...(liveEvents ? { liveEvents } : {}),
  });
  await result.store.auth.initialize();
  return result;
}
