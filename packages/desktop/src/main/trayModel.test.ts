import { describe, expect, it } from 'vitest';
import { buildTrayModel, type TrayMenuItem, type TrayState } from './trayModel';
import { notificationFixture } from '../../test/fixtures';

const NOW = new Date(2026, 10, 24, 12, 0, 0).getTime();

function state(overrides: Partial<TrayState> = {}): TrayState {
  return {
    signedIn: true,
    connected: true,
    mutedUntil: null,
    unread: 0,
    recent: [],
    now: NOW,
    ...overrides,
  };
}

const labels = (items: TrayMenuItem[]) =>
  items.filter((i) => i.type !== 'separator').map((i) => i.label);

describe('tray menu model', () => {
  it('lists the five newest, then the fixed entries in order', () => {
    const recent = Array.from({ length: 7 }, () => notificationFixture());
    const model = buildTrayModel(state({ recent, unread: 3 }));
    expect(labels(model.menu)).toEqual([
      'Verbonden',
      '3 ongelezen meldingen',
      ...recent.slice(0, 5).map((n) => n.listing.title),
      'Alle meldingen',
      'Dempen',
      'Support chat',
      'Instellingen',
      'Afmelden',
      'Afsluiten',
    ]);
    expect(model.menu.find((i) => i.label === recent[0]!.listing.title)?.action).toEqual({
      type: 'open-notification',
      notificationId: recent[0]!.id,
    });
    expect(model.badge).toBe('3');
    expect(model.tooltip).toBe('Prijsalarm — Verbonden — 3 ongelezen');
    expect(model.clickAction).toEqual({ type: 'open-window', window: 'notifications' });
  });

  it('shows connected, offline and muted, with the mute choices', () => {
    expect(buildTrayModel(state()).icon).toBe('connected');
    expect(buildTrayModel(state({ connected: false })).icon).toBe('offline');
    const muted = buildTrayModel(state({ mutedUntil: NOW + 3_600_000 }));
    expect(muted.icon).toBe('muted');
    expect(muted.menu[0]?.label).toBe('Gedempt tot 13:00');
    const mute = muted.menu.find((i) => i.label === 'Dempen');
    expect(mute?.submenu?.map((i) => [i.label, i.action, i.enabled ?? true])).toEqual([
      ['1 uur', { type: 'mute', choice: 'oneHour' }, true],
      ['Tot morgen', { type: 'mute', choice: 'untilTomorrow' }, true],
      ['Uit', { type: 'mute', choice: 'off' }, true],
    ]);
    // 'Uit' is only offered while muted; an ended mute is no mute.
    const notMuted = buildTrayModel(state({ mutedUntil: NOW - 1 }));
    expect(notMuted.icon).toBe('connected');
    expect(notMuted.menu.find((i) => i.label === 'Dempen')?.submenu?.[2]?.enabled).toBe(false);
  });

  it('caps the badge at 9+, says when there is nothing yet, and escapes & in titles', () => {
    const amp = notificationFixture({ listing: { title: 'Fiets & slot' } as never });
    const model = buildTrayModel(state({ unread: 12, recent: [amp] }));
    expect(model.badge).toBe('9+');
    expect(labels(model.menu)).toContain('Fiets && slot');
    expect(labels(buildTrayModel(state()).menu)).toContain('Nog geen meldingen');
  });

  it('signed out: sign in, settings and quit only', () => {
    const model = buildTrayModel(state({ signedIn: false, unread: 4 }));
    expect(model.icon).toBe('signed-out');
    expect(model.clickAction).toEqual({ type: 'open-window', window: 'signin' });
    expect(model.badge).toBe('');
    expect(labels(model.menu)).toEqual([
      'Niet aangemeld',
      'Aanmelden',
      'Instellingen',
      'Afsluiten',
    ]);
  });
});
