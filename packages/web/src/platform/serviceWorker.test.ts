import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorkerAfterLoad, SERVICE_WORKER_URL } from './serviceWorker';

/** A window with just what the registration reads, its load event fired by `load()`. */
function fakeWindow(readyState: DocumentReadyState, withServiceWorker = true) {
  const register = vi.fn(() => Promise.resolve({}));
  let onLoad: (() => void) | null = null;
  const win = {
    navigator: withServiceWorker ? { serviceWorker: { register } } : {},
    document: { readyState },
    requestIdleCallback: (callback: () => void) => callback(),
    setTimeout: (callback: () => void) => callback(),
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'load') onLoad = listener;
    },
  } as unknown as Window;
  return { win, register, load: () => onLoad?.() };
}

describe('registerServiceWorkerAfterLoad', () => {
  it('waits for the load event before it registers /sw.js', () => {
    const { win, register, load } = fakeWindow('loading');
    registerServiceWorkerAfterLoad(win);
    expect(register).not.toHaveBeenCalled();
    load();
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL);
  });

  it('registers at once (when idle) on a page that has loaded already', () => {
    const { win, register } = fakeWindow('complete');
    registerServiceWorkerAfterLoad(win);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('does nothing in a browser without service workers', () => {
    const { win, load } = fakeWindow('loading', false);
    expect(() => {
      registerServiceWorkerAfterLoad(win);
      load();
    }).not.toThrow();
  });
});
