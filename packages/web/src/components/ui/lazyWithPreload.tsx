/**
 * `lazy()` with a `preload()`: a scene whose code was loaded before the first render (the home
 * page) renders at once instead of suspending. That is what lets the app take over the
 * home page the server prerendered (packages/web/src/prerender.tsx) without a loading spinner
 * in between: the first render draws the same page, over the same elements.
 */
import { lazy, useState } from 'react';
import type { ComponentType } from 'react';

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Loads the code; resolves once a render would draw the component at once. */
  preload(): Promise<void>;
};

export function lazyWithPreload<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(start);
  function Preloadable(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component later would
    // remount the page and lose what the visitor typed.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload: () => start().then(() => undefined) });
}
