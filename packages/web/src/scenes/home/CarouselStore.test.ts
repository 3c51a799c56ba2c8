import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_AUTOPLAY_MS } from '@prijsalarm/core';
import { CarouselStore } from './CarouselStore';

let carousel: CarouselStore;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  carousel.dispose();
  vi.useRealTimers();
});

function started(options: ConstructorParameters<typeof CarouselStore>[1] = {}) {
  carousel = new CarouselStore(4, options);
  carousel.start();
  return carousel;
}

describe('how-it-works carousel', () => {
  it('autoplays every 5 s and wraps to the first step after the last', () => {
    const c = started();
    const seen = [c.index];
    for (let i = 0; i < 5; i += 1) {
      vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS - 1);
      expect(c.index).toBe(seen[seen.length - 1]);
      vi.advanceTimersByTime(1);
      seen.push(c.index);
    }
    expect(seen).toEqual([0, 1, 2, 3, 0, 1]);
  });

  it.each([
    ['hovered', (c: CarouselStore, on: boolean) => c.setHovered(on)],
    ['focused', (c: CarouselStore, on: boolean) => c.setFocused(on)],
  ])('pauses while %s and goes on afterwards', (_case, set) => {
    const c = started();
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS - 1000);
    set(c, true);
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 3);
    expect(c.index).toBe(0);
    set(c, false);
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS);
    expect(c.index).toBe(1);
  });

  it('the pause button stops and restarts it', () => {
    const c = started();
    c.togglePlaying();
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 2);
    expect(c.index).toBe(0);
    c.togglePlaying();
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS);
    expect(c.index).toBe(1);
  });

  it('does not autoplay when the user prefers reduced motion', () => {
    const c = started({ reducedMotion: true });
    expect(c.playing).toBe(false);
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 3);
    expect(c.index).toBe(0);
  });

  it('previous and next wrap both ways; a manual step restarts the 5 s wait', () => {
    const c = started();
    c.previous();
    expect(c.index).toBe(3);
    c.next();
    expect(c.index).toBe(0);
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS - 1000);
    c.goTo(2);
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS - 1);
    expect(c.index).toBe(2);
    vi.advanceTimersByTime(1);
    expect(c.index).toBe(3);
  });

  it('stops when disposed', () => {
    const c = started();
    c.dispose();
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 2);
    expect(c.index).toBe(0);
  });
});
