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

/**
 * Where our renderer pages are: the dev server's origin, or the `file:` URL of the built renderer
 * folder (ending in '/'). Other local files are not ours.
 */
export type OwnPages = string;

/** Whether `url` is one of our renderer pages. */
export function isOwnPage(url: string, ownPages: OwnPages): boolean {
  try {
    const parsed = new URL(url);
    if (!ownPages.startsWith('file:')) return parsed.origin === ownPages;
    // URL parsing resolves '..', so a path that climbs out of the folder no longer matches.
    return (
      parsed.protocol === 'file:' && `file://${parsed.host}${parsed.pathname}`.startsWith(ownPages)
    );
  } catch {
    return false;
  }
}

/** The dev server serves our pages (its CSP comes from the page's meta tag). */
const isDevServer = (ownPages: OwnPages) => !ownPages.startsWith('file:');

export function hardenSession(ownPages: OwnPages): void {
  const defaultSession = session.defaultSession;
  defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  defaultSession.setPermissionCheckHandler(() => false);
  defaultSession.webRequest.onHeadersReceived((details, callback) => {
    if (!isOwnPage(details.url, ownPages) || isDevServer(ownPages)) {
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
  ownPages: OwnPages,
  openExternal: (url: string) => void,
): void {
  contents.on('will-navigate', (event, url) => {
    if (isOwnPage(url, ownPages)) return;
    event.preventDefault();
    openExternal(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isOwnPage(url, ownPages)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternal(url);
    return { action: 'deny' };
  });
}
