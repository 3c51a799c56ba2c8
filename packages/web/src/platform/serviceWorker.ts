/**
 * Registers the service worker (public/sw.js: push notifications) once the page has loaded and the
 * browser is idle, so it takes nothing from the first load: not a byte of its JavaScript, not a
 * request while the page still paints.
 */
export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorkerAfterLoad(win: Window = window): void {
  const container = win.navigator.serviceWorker;
  if (!container) return;
  const register = () => {
    const idle = win.requestIdleCallback ?? ((callback: () => void) => win.setTimeout(callback, 1));
    idle(() => {
      container.register(SERVICE_WORKER_URL).catch(() => undefined);
    });
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
