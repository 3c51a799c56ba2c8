/**
 * Test helpers: a real API double on 127.0.0.1 (core's scriptable HTTP server), a cookie jar, a
 * pair of connected cross-tab channels, a recording navigator and a RootStore wired to them.
 */
import { ADMIN_TRENDS_DAYS, createApiClient } from '@prijsalarm/core';
import type {
  AdminStatsResponse,
  AdminTrendDay,
  AdminTrendsResponse,
  CrossTabChannelLike,
  SubscriptionOverview,
  UserDto,
} from '@prijsalarm/core';
import type { HttpDouble } from '../../../core/test/http-double';
import type { AppNavigator } from '../platform/navigator';
import { memoryStorage } from '../platform/storage';
import type { KeyValueStorage } from '../platform/storage';
import { RootStore } from '../stores/RootStore';
import type { RootStoreOptions } from '../stores/RootStore';
import type { LiveSocketFactory } from '../stores/LiveEventsStore';

export { startHttpDouble } from '../../../core/test/http-double';
export type { HttpDouble } from '../../../core/test/http-double';

export function userDto(overrides: Partial<UserDto> = {}): UserDto {
  return {
    id: '6f1c1a52-3a4e-4c43-9f61-1f7f3c0c2b11',
    email: 'anna@example.nl',
    name: null,
    firstName: 'Anna',
    lastName: 'de Vries',
    plan: 'REGISTERED',
    role: 'USER',
    createdAt: '2025-01-02T03:04:05.000Z',
    newsletterOptIn: false,
    emailVerified: true,
    telegram: { connected: false, username: null },
    _count: { alerts: 2, notifications: 7 },
    ...overrides,
  };
}

/** What GET /payments/subscription answers: by default a user who never paid. */
export function subscriptionOverview(
  overrides: Partial<SubscriptionOverview> = {},
): SubscriptionOverview {
  return {
    plan: 'REGISTERED',
    paymentsAvailable: true,
    subscription: null,
    extraAlerts: 0,
    pausedAlerts: 0,
    prices: { proCents: 795, perAlertCents: 100, currency: 'EUR' },
    payments: [],
    ...overrides,
  };
}

/** What GET /admin/stats answers: by default one Pro user and nothing else. */
export function adminStats(overrides: Partial<AdminStatsResponse> = {}): AdminStatsResponse {
  return {
    users: { total: 1, byPlan: { FREE: 0, REGISTERED: 0, PRO: 1 } },
    alerts: { total: 0, active: 0 },
    notifications: { total: 0, last24h: 0 },
    payments: { activeProSubscriptions: 0, revenueThisMonthCents: 0 },
    storage: {
      notifications: { held: 0, pruned: 0 },
      deliveries: { held: 0, pruned: 0 },
      listingPrices: { held: 0, pruned: 0 },
      webhookCalls: { held: 0, pruned: 0 },
      setAsideListings: { held: 0, pruned: 0 },
      listingSnapshots: { held: 0, pruned: 0 },
    },
    ...overrides,
  };
}

/** What GET /admin/trends answers: the 30 days to `today`, each with `figures` (default zeros). */
export function adminTrends(
  today = '2026-03-30',
  figures: (date: string, index: number) => Partial<AdminTrendDay> = () => ({}),
): AdminTrendsResponse {
  const end = Date.parse(`${today}T12:00:00Z`);
  return {
    days: Array.from({ length: ADMIN_TRENDS_DAYS }, (_, index) => {
      const date = new Date(end - (ADMIN_TRENDS_DAYS - 1 - index) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      return {
        date,
        newUsers: 0,
        alerts: 0,
        notificationsSent: 0,
        revenueCents: 0,
        ...figures(date, index),
      };
    }),
  };
}

type Listener = (event: { data: unknown }) => void;

/** Two channels that deliver to each other asynchronously, like BroadcastChannel between tabs. */
export function channelPair(): [CrossTabChannelLike, CrossTabChannelLike] {
  const listeners: [Set<Listener>, Set<Listener>] = [new Set(), new Set()];
  const closed = [false, false];
  const make = (self: 0 | 1): CrossTabChannelLike => {
    const other = self === 0 ? 1 : 0;
    return {
      postMessage(message) {
        if (closed[self]) throw new Error('channel closed');
        const data = structuredClone(message);
        queueMicrotask(() => {
          if (closed[other]) return;
          for (const listener of listeners[other]) listener({ data });
        });
      },
      close() {
        closed[self] = true;
      },
      addEventListener: (_type, listener) => void listeners[self].add(listener),
      removeEventListener: (_type, listener) => void listeners[self].delete(listener),
    };
  };
  return [make(0), make(1)];
}

/** Lets queued cross-tab messages and settled promises run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/** A navigator that records where the stores sent the user. */
export class RecordingNavigator implements AppNavigator {
  readonly visited: string[] = [];
  constructor(public path = '/') {}
  navigate(to: string): void {
    this.visited.push(to);
    this.path = to;
  }
  currentPath(): string {
    return this.path;
  }
}

/** A live events socket that never opens nor closes: for the tests that are not about it. */
export const quietLiveSocket: LiveSocketFactory = () => ({
  onopen: null,
  onmessage: null,
  onclose: null,
  onerror: null,
  close: () => undefined,
});

export interface TestStoreOptions {
  server: HttpDouble;
  cookies?: Map<string, string>;
  storage?: KeyValueStorage;
  channel?: CrossTabChannelLike;
  navigator?: AppNavigator;
  now?: () => number;
  tabId?: string;
  /** Default: a quiet socket (a signed-in page's bell holds one open). */
  liveEvents?: RootStoreOptions['liveEvents'];
  pageSettings?: RootStoreOptions['pageSettings'];
}

/** A RootStore whose API client talks to the double with the page's own fetch. */
export function testStore(options: TestStoreOptions) {
  const cookies = options.cookies ?? new Map<string, string>();
  const navigator = options.navigator ?? new RecordingNavigator();
  const store = new RootStore({
    createApi: (hooks, getLocationPath) =>
      createApiClient({
        baseUrl: `${options.server.origin}/api`,
        fetch: window.fetch.bind(window),
        cookies: { get: (name) => cookies.get(name) },
        hooks,
        getLocationPath,
      }),
    cookies: { get: (name) => cookies.get(name) },
    setCookie: (name, value) => void cookies.set(name, value),
    storage: options.storage ?? memoryStorage(),
    channel: options.channel ?? channelPair()[0],
    navigator,
    tabId: options.tabId ?? 'tab-under-test',
    ...(options.now ? { now: options.now } : {}),
    pageSettings: options.pageSettings ?? null,
    liveEvents: options.liveEvents ?? {
      url: 'ws://127.0.0.1/ws/events',
      createSocket: quietLiveSocket,
    },
  });
  return { store, cookies, navigator };
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.parse('2026-03-02T10:00:00Z')) {
  let now = start;
  return {
    now: () => now,
    set: (value: number) => {
      now = value;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}
