import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_TEXTS, SCHEDULE_TEXTS } from '@prijsalarm/core';
import { defaultSettings, type Settings } from '../shared/settings';
import { GATHER_MS, Notifier, adNotification, type NativeNotification } from './notifier';
import { notificationFixture } from '../../test/fixtures';

let settings: Settings;
let shown: NativeNotification[];
let notifier: Notifier;

beforeEach(() => {
  vi.useFakeTimers();
  // A Tuesday, 12:00 local time.
  vi.setSystemTime(new Date(2026, 10, 24, 12, 0, 0));
  settings = defaultSettings();
  shown = [];
  notifier = new Notifier({
    show: (notification) => shown.push(notification),
    settings: () => settings,
    notificationCentreUrl: () => 'https://prijsalarm.nl/notifications',
  });
});

afterEach(() => {
  notifier.dispose();
  vi.useRealTimers();
});

describe('one ad', () => {
  it('reads as the alert: search term in the title; title, price and place in the body; the ad URL', () => {
    const dto = notificationFixture({ alertSearchTerm: 'racefiets' });
    expect(adNotification(dto, false)).toEqual({
      kind: 'ad',
      title: 'Nieuwe advertentie voor "racefiets"',
      body: `${dto.listing.title}\n€ 150,00 · Utrecht`,
      url: dto.listing.url,
      imageUrl: dto.listing.imageUrls[0],
      silent: false,
      notificationId: dto.id,
    });
  });

  it('a price drop is titled "Prijsdaling: <titel> van €X naar €Y"', () => {
    const dto = notificationFixture({ kind: 'price_drop', previousPriceCents: 18_000 });
    expect(adNotification(dto, false).title).toBe(
      `Prijsdaling: ${dto.listing.title} van € 180,00 naar € 150,00`,
    );
  });

  it('shows it after the short gathering pause; silent when sound is off', () => {
    settings = { ...settings, sound: false };
    notifier.notify(notificationFixture());
    expect(shown).toHaveLength(0);
    vi.advanceTimersByTime(GATHER_MS);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.silent).toBe(true);
  });

  it('skips alerts the user silenced for the desktop', () => {
    settings = { ...settings, silencedAlertIds: ['alert-2'] };
    notifier.notify(notificationFixture({ alertId: 'alert-2' }));
    vi.advanceTimersByTime(1000);
    expect(shown).toHaveLength(0);
  });
});

describe('bursts', () => {
  it('three together are three notifications; five together are one summary', () => {
    for (let i = 0; i < 3; i += 1) notifier.notify(notificationFixture());
    vi.advanceTimersByTime(GATHER_MS);
    expect(shown.map((n) => n.kind)).toEqual(['ad', 'ad', 'ad']);

    vi.advanceTimersByTime(10_000);
    shown = [];
    for (let i = 0; i < 5; i += 1) notifier.notify(notificationFixture());
    vi.advanceTimersByTime(GATHER_MS);
    expect(shown).toEqual([
      expect.objectContaining({
        kind: 'summary',
        title: '5 nieuwe advertenties',
        url: 'https://prijsalarm.nl/notifications',
      }),
    ]);
  });

  it('ads arriving one right after the other are gathered into one summary (at most 1 s)', () => {
    for (let i = 0; i < 5; i += 1) {
      notifier.notify(notificationFixture());
      vi.advanceTimersByTime(100);
    }
    expect(shown).toHaveLength(0);
    vi.advanceTimersByTime(GATHER_MS);
    expect(shown).toEqual([expect.objectContaining({ title: '5 nieuwe advertenties' })]);
  });

  it('a fourth within 10 s waits, and what came meanwhile is summarised when the window ends', () => {
    for (let i = 0; i < 3; i += 1) {
      notifier.notify(notificationFixture());
      vi.advanceTimersByTime(2000);
    }
    expect(shown).toHaveLength(3);
    notifier.notify(notificationFixture());
    vi.advanceTimersByTime(1000);
    notifier.notify(notificationFixture());
    vi.advanceTimersByTime(1000);
    expect(shown).toHaveLength(3);
    vi.advanceTimersByTime(10_000);
    expect(shown).toHaveLength(4);
    expect(shown[3]).toMatchObject({ kind: 'summary', title: '2 nieuwe advertenties' });
  });
});

describe('quiet hours and mute', () => {
  it('holds ads in quiet hours (across midnight) and summarises them when they end', () => {
    vi.setSystemTime(new Date(2026, 10, 24, 23, 30, 0));
    settings = { ...settings, quietHours: { enabled: true, from: '22:00', until: '07:00' } };
    notifier.notify(notificationFixture());
    notifier.notify(notificationFixture());
    vi.advanceTimersByTime(60 * 60_000);
    expect(shown).toHaveLength(0);
    // 07:00 the next morning.
    vi.advanceTimersByTime(6.5 * 60 * 60_000);
    expect(shown).toEqual([
      expect.objectContaining({ kind: 'summary', title: '2 nieuwe advertenties' }),
    ]);
  });

  it('releases the held ads as a summary when quiet hours are switched off', () => {
    settings = { ...settings, quietHours: { enabled: true, from: '11:00', until: '13:00' } };
    notifier.notify(notificationFixture());
    settings = { ...settings, quietHours: { ...settings.quietHours, enabled: false } };
    notifier.settingsChanged();
    expect(shown).toEqual([
      expect.objectContaining({ kind: 'summary', title: '1 nieuwe advertentie' }),
    ]);
  });

  it('shows nothing while muted, and again after the mute ended', () => {
    settings = { ...settings, mutedUntil: Date.now() + 60 * 60_000 };
    notifier.notify(notificationFixture());
    vi.advanceTimersByTime(60 * 60_000);
    expect(shown).toHaveLength(0);
    notifier.notify(notificationFixture());
    vi.advanceTimersByTime(GATHER_MS);
    expect(shown).toHaveLength(1);
  });
});

describe("an alert's own schedule (notifyAt)", () => {
  it('holds ads until their digest moment and shows them then as one summary naming the alerts', () => {
    const at = new Date(2026, 10, 24, 13, 0, 0).toISOString();
    notifier.notify(notificationFixture({ id: 'n1', alertSearchTerm: 'racefiets', notifyAt: at }));
    notifier.notify(notificationFixture({ id: 'n2', alertSearchTerm: 'bakfiets', notifyAt: at }));
    vi.advanceTimersByTime(59 * 60_000);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      kind: 'summary',
      title: DESKTOP_TEXTS.notification.summary(2),
      body: SCHEDULE_TEXTS.desktop.digestBody(['racefiets', 'bakfiets']),
      url: 'https://prijsalarm.nl/notifications',
    });
  });

  it('an ad without a hold (or one already due) shows as always', () => {
    notifier.notify(notificationFixture({ notifyAt: null }));
    notifier.notify(
      notificationFixture({ id: 'n2', notifyAt: new Date(2026, 10, 24, 11, 0).toISOString() }),
    );
    vi.advanceTimersByTime(GATHER_MS);
    expect(shown.map((notification) => notification.kind)).toEqual(['ad', 'ad']);
  });
});
