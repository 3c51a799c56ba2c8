/**
 * Draws `fallback` until the component has mounted in the browser, then its children. The home
 * page the build prerenders (and the browser's first render over it) show the fallback, so a part
 * that loads its own code (the guest form) is never asked for while rendering to a string, and
 * the first render in the browser matches the prerendered page exactly. The children are drawn
 * in a task after the mount's own: the mount and asking for their code are then two short tasks
 * on a phone instead of one long one.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';

export function ClientOnly({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setMounted(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return <>{mounted ? children : fallback}</>;
}
