/** One window per kind (sign-in, settings, notifications, chat), created on demand and reused. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow } from 'electron';
import { DESKTOP_TEXTS } from '@prijsalarm/core';
import type { ChatSocketEvent, DesktopState, WindowKind } from '../../shared/ipc';
import { CHAT_SOCKET_EVENT, STATE_EVENT } from '../../shared/ipc';
import { SECURE_WEB_PREFERENCES } from './security';

const SIZES: Record<WindowKind, { width: number; height: number; title: string }> = {
  signin: { width: 420, height: 560, title: DESKTOP_TEXTS.signIn.title },
  settings: { width: 520, height: 680, title: DESKTOP_TEXTS.settings.title },
  notifications: { width: 480, height: 640, title: DESKTOP_TEXTS.notificationList.title },
  chat: { width: 420, height: 620, title: DESKTOP_TEXTS.chatWindow.title },
};

export interface WindowsOptions {
  preloadPath: string;
  /** The dev server's URL in development, else null (the built files). */
  devServerUrl: string | null;
  rendererDir: string;
  /** A window of this kind was closed (the chat's socket closes with it). */
  onClosed?(kind: WindowKind): void;
}

export class Windows {
  private readonly open = new Map<WindowKind, BrowserWindow>();

  constructor(private readonly options: WindowsOptions) {}

  /** Our pages: the dev server's origin, or the built renderer folder as a `file:` URL. */
  get ownPages(): string {
    if (this.options.devServerUrl) return new URL(this.options.devServerUrl).origin;
    const folder = pathToFileURL(path.join(this.options.rendererDir, path.sep)).href;
    return folder.endsWith('/') ? folder : `${folder}/`;
  }

  show(kind: WindowKind): void {
    const existing = this.open.get(kind);
    if (existing && !existing.isDestroyed()) {
      if (existing.isMinimized()) existing.restore();
      existing.show();
      existing.focus();
      return;
    }
    const size = SIZES[kind];
    const window = new BrowserWindow({
      width: size.width,
      height: size.height,
      title: size.title,
      show: false,
      autoHideMenuBar: true,
      webPreferences: { ...SECURE_WEB_PREFERENCES, preload: this.options.preloadPath },
    });
    window.once('ready-to-show', () => window.show());
    window.on('closed', () => {
      this.open.delete(kind);
      this.options.onClosed?.(kind);
    });
    this.open.set(kind, window);
    if (this.options.devServerUrl) void window.loadURL(`${this.options.devServerUrl}#${kind}`);
    else void window.loadFile(path.join(this.options.rendererDir, 'index.html'), { hash: kind });
  }

  /** Focuses whichever window is open (a second start of the app), or the sign-in one. */
  focusAny(fallback: WindowKind): void {
    const first = [...this.open.values()].find((window) => !window.isDestroyed());
    if (first) {
      first.show();
      first.focus();
    } else this.show(fallback);
  }

  isOpen(kind: WindowKind): boolean {
    const window = this.open.get(kind);
    return window !== undefined && !window.isDestroyed() && window.isVisible();
  }

  closeFor(webContentsId: number): void {
    for (const window of this.open.values()) {
      if (window.webContents.id === webContentsId) window.close();
    }
  }

  /** The chat window's socket events go to that window alone. */
  sendToChat(event: ChatSocketEvent): void {
    const window = this.open.get('chat');
    if (window && !window.isDestroyed()) window.webContents.send(CHAT_SOCKET_EVENT, event);
  }

  broadcast(state: DesktopState): void {
    for (const window of this.open.values()) {
      if (!window.isDestroyed()) window.webContents.send(STATE_EVENT, state);
    }
  }
}
