/**
 * Electron's security checklist, applied to every window: isolation, sandbox, no Node, a strict
 * CSP on our pages, navigation and new windows only to our own pages (links go to the default
 * browser through the allow-list), no permission requests, and IPC only from our own pages.
 */
import { session, type WebContents, type WebPreferences } from 'electron';

export const SECURE_WEB_PREFERENCES: WebPreferences = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  spellcheck: false,
};

/** The renderer's own CSP (index.html has the same as a meta tag). */
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; " +
  "font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Whether `url` is one of our renderer pages (the built files, or the dev server). */
export function isOwnPage(url: string, rendererOrigin: string | null): boolean {
  try {
    const parsed = new URL(url);
    if (rendererOrigin) return parsed.origin === rendererOrigin;
    return parsed.protocol === 'file:';
  } catch {
    return false;
  }
}

export function hardenSession(rendererOrigin: string | null): void {
  const defaultSession = session.defaultSession;
  defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  defaultSession.setPermissionCheckHandler(() => false);
  defaultSession.webRequest.onHeadersReceived((details, callback) => {
    if (!isOwnPage(details.url, rendererOrigin) || rendererOrigin) {
      // The dev server's pages need Vite's inline preamble: its CSP comes from the meta tag.
      callback({ responseHeaders: details.responseHeaders ?? {} });
      return;
    }
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
      },
    });
  });
}

/** Navigation and window.open stay on our pages; anything else is asked of `openExternal`. */
export function hardenContents(
  contents: WebContents,
  rendererOrigin: string | null,
  openExternal: (url: string) => void,
): void {
  contents.on('will-navigate', (event, url) => {
    if (isOwnPage(url, rendererOrigin)) return;
    event.preventDefault();
    openExternal(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isOwnPage(url, rendererOrigin)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternal(url);
    return { action: 'deny' };
  });
}
