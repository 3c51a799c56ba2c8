/**
 * The tray as data: icon state, tooltip and menu, built from the app's state. The binding layer
 * turns it into an Electron Menu and calls back with the item's action.
 */
import {
  DESKTOP_TEXTS,
  DESKTOP_TRAY_RECENT_COUNT,
  unreadBadge,
  type NotificationDto,
} from '@prijsalarm/core';
import { clockTime, isMuted } from './timeRules';

const T = DESKTOP_TEXTS.tray;

export type TrayIconState = 'connected' | 'offline' | 'muted' | 'signed-out';

export type TrayAction =
  | { type: 'open-notification'; notificationId: string }
  | { type: 'open-notification-centre' }
  | { type: 'mute'; choice: 'oneHour' | 'untilTomorrow' | 'off' }
  | { type: 'open-window'; window: 'chat' | 'settings' | 'signin' | 'notifications' }
  | { type: 'sign-out' }
  | { type: 'quit' };

export interface TrayMenuItem {
  label: string;
  type?: 'separator' | 'checkbox' | 'radio';
  enabled?: boolean;
  checked?: boolean;
  action?: TrayAction;
  submenu?: TrayMenuItem[];
}

export interface TrayState {
  signedIn: boolean;
  connected: boolean;
  mutedUntil: number | null;
  unread: number;
  /** Newest first. */
  recent: readonly NotificationDto[];
  now: number;
}

export interface TrayModel {
  icon: TrayIconState;
  tooltip: string;
  /** The badge text where the OS has one ('' for none; '9+' above nine). */
  badge: string;
  menu: TrayMenuItem[];
  /** A click on the icon (where the OS does not open the menu): the list, or sign-in. */
  clickAction: TrayAction;
}

const separator: TrayMenuItem = { label: '', type: 'separator' };

export function trayIconState(state: TrayState): TrayIconState {
  if (!state.signedIn) return 'signed-out';
  if (isMuted(state.mutedUntil, state.now)) return 'muted';
  return state.connected ? 'connected' : 'offline';
}

function statusLabel(icon: TrayIconState, state: TrayState): string {
  if (icon === 'signed-out') return T.statusSignedOut;
  if (icon === 'muted' && state.mutedUntil !== null)
    return T.mutedUntil(clockTime(state.mutedUntil));
  return icon === 'connected' ? T.statusConnected : T.statusOffline;
}

/** A menu label: marketplace titles are long and may hold '&' (a mnemonic on Windows). */
function menuLabel(notification: NotificationDto): string {
  const title = notification.listing.title.replace(/&/g, '&&');
  return title.length > 60 ? `${title.slice(0, 59)}…` : title;
}

export function buildTrayModel(state: TrayState): TrayModel {
  const icon = trayIconState(state);
  const status = statusLabel(icon, state);
  const tooltip = DESKTOP_TEXTS.tray.tooltip(status, state.signedIn ? state.unread : 0);
  if (!state.signedIn) {
    return {
      icon,
      tooltip,
      badge: '',
      clickAction: { type: 'open-window', window: 'signin' },
      menu: [
        { label: status, enabled: false },
        separator,
        { label: T.signIn, action: { type: 'open-window', window: 'signin' } },
        { label: T.settings, action: { type: 'open-window', window: 'settings' } },
        separator,
        { label: T.quit, action: { type: 'quit' } },
      ],
    };
  }
  const muted = isMuted(state.mutedUntil, state.now);
  const recent = state.recent.slice(0, DESKTOP_TRAY_RECENT_COUNT);
  const recentItems: TrayMenuItem[] =
    recent.length === 0
      ? [{ label: T.noNotifications, enabled: false }]
      : recent.map((notification) => ({
          label: menuLabel(notification),
          action: { type: 'open-notification', notificationId: notification.id },
        }));
  return {
    icon,
    tooltip,
    badge: unreadBadge(state.unread),
    clickAction: { type: 'open-window', window: 'notifications' },
    menu: [
      { label: status, enabled: false },
      ...(state.unread > 0 ? [{ label: T.unread(state.unread), enabled: false }] : []),
      separator,
      ...recentItems,
      separator,
      { label: T.allNotifications, action: { type: 'open-notification-centre' } },
      {
        label: T.mute,
        submenu: [
          { label: T.muteOneHour, action: { type: 'mute', choice: 'oneHour' } },
          { label: T.muteUntilTomorrow, action: { type: 'mute', choice: 'untilTomorrow' } },
          { label: T.muteOff, enabled: muted, action: { type: 'mute', choice: 'off' } },
        ],
      },
      { label: T.supportChat, action: { type: 'open-window', window: 'chat' } },
      { label: T.settings, action: { type: 'open-window', window: 'settings' } },
      separator,
      { label: T.signOut, action: { type: 'sign-out' } },
      { label: T.quit, action: { type: 'quit' } },
    ],
  };
}
