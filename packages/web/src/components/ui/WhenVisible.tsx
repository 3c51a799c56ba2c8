/**
 * Draws its children once they come near the viewport (600 px ahead), and a placeholder of the
 * given height until then: what sits below the fold (the home page's carousel, prices and FAQ)
 * downloads its code when the visitor scrolls toward it, not on the first load (issue 14's
 * budget). Once shown, it stays. Without IntersectionObserver everything is shown at once.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

export function WhenVisible({ minHeight, children }: { minHeight: string; children: ReactNode }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = anchor.current;
    if (visible || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  if (visible) return <>{children}</>;
  return <div ref={anchor} style={{ minHeight }} />;
}
