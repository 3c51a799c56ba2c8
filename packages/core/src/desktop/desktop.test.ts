import { describe, expect, it } from 'vitest';
import { PLANS } from '../domain';
import { liveEventsRefreshFirst } from '../account/liveEvents';
import { DESKTOP_TEXTS, hasDesktopAccess } from '.';

describe('desktop rules and texts', () => {
  it('every plan has the desktop app today', () => {
    expect(PLANS.filter(hasDesktopAccess)).toEqual([...PLANS]);
  });

  it('names the search term, and counts a summary in Dutch', () => {
    expect(DESKTOP_TEXTS.notification.newAd('racefiets')).toBe(
      'Nieuwe advertentie voor "racefiets"',
    );
    expect(DESKTOP_TEXTS.notification.summary(5)).toBe('5 nieuwe advertenties');
    expect(DESKTOP_TEXTS.notification.summary(1)).toBe('1 nieuwe advertentie');
  });

  it('a live socket renews the session first after an ended session or a refused first try', () => {
    expect(liveEventsRefreshFirst(4401, true, 3)).toBe(true);
    expect(liveEventsRefreshFirst(1006, false, 0)).toBe(true);
    expect(liveEventsRefreshFirst(1006, false, 1)).toBe(false);
    expect(liveEventsRefreshFirst(1006, true, 0)).toBe(false);
  });
});
