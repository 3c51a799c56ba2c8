import { useEffect, useRef } from 'react';

/**
 * On every route change: scroll to the top and move the focus to the main content, so
 * keyboard and screen-reader users start at the new page instead of the link they used.
 */
export function useRouteChange(pathname: string, mainId: string): void {
  const first = useRef(true);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById(mainId)?.focus({ preventScroll: true });
  }, [pathname, mainId]);
}
