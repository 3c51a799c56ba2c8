/**
 * Draws its children once they come near the viewport (600 px ahead), and a placeholder of the
 * given height until then: what sits below the fold (the home page's carousel, prices and FAQ)
 * downloads its code when the visitor scrolls toward it, not on the first load, whose JavaScript
 * has a budget. Once shown, it stays. The first Tab key shows it too (keyboard users skip
 * nothing); without IntersectionObserver everything is shown once mounted.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

export function WhenVisible({ minHeight, children }: { minHeight: string; children: ReactNode }) {
  const anchor = useRef<HTMLDivElement>(null);
  // The first render is always the placeholder, as in the page the build prerenders (no
  // IntersectionObserver there): the browser's first render must draw the same.
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = anchor.current;
    if (visible || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    // Someone moving through the page with the keyboard gets everything at once: Tab must not
    // skip a section that has not been drawn yet.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab') setVisible(true);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', onKey);
    };
  }, [visible]);
  if (visible) return <>{children}</>;
  return <div ref={anchor} style={{ minHeight }} />;
}
