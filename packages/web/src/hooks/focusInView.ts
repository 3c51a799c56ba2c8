import { STICKY_SCROLL_OFFSET_PX } from '@prijsalarm/core';

/**
 * Moves the focus to `element` and scrolls it into view below the sticky navigation bar: a plain
 * focus() scrolls it to the very top of the window, where the bar (STICKY_SCROLL_OFFSET_PX)
 * covers it.
 */
export function focusInView(element: HTMLElement): void {
  element.focus({ preventScroll: true });
  const top = element.getBoundingClientRect().top;
  if (top >= STICKY_SCROLL_OFFSET_PX && top < window.innerHeight) return;
  window.scrollTo({ top: Math.max(0, window.scrollY + top - STICKY_SCROLL_OFFSET_PX) });
}
