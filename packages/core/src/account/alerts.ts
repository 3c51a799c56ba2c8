/**
 * The signed-in user's alert list (dashboard, admin): status texts, which actions an alert allows,
 * the tokens inside its links and the max-alerts warning.
 */
import type { AlertDto } from '../api/types';
import type { AlertStatus } from '../domain';
import type { CapabilitiesData } from '../plans/capabilities';
import { UPGRADE_PATH } from '../plans/navigation';
import { ALERT_FIELD_TEXTS } from '../validation/strings';
import { ALERT_STATUS_LABELS, SCREEN_TEXTS } from './strings';

export function alertStatusLabel(status: AlertStatus): string {
  return ALERT_STATUS_LABELS[status];
}

/** Pausing and resuming make sense for a confirmed alert that has not expired. */
export function canToggleAlert(alert: Pick<AlertDto, 'status'>): boolean {
  return alert.status === 'active' || alert.status === 'paused';
}

/** Extending needs a confirmed e-mail address (the server refuses it before). */
export function canExtendAlert(alert: Pick<AlertDto, 'status'>): boolean {
  return alert.status !== 'pending_confirmation';
}

export type AlertCardAction = 'edit' | 'pause' | 'resume' | 'extend' | 'delete';

/**
 * What an alert's card offers: one primary action — what the alert needs most (an expired one its
 * extension, a paused one to resume, else its edit page) — and the rest in a menu, delete last.
 */
export function alertCardActions(alert: Pick<AlertDto, 'status'>): {
  primary: AlertCardAction;
  more: AlertCardAction[];
} {
  const toggle: AlertCardAction[] = canToggleAlert(alert)
    ? [alert.status === 'paused' ? 'resume' : 'pause']
    : [];
  const extend: AlertCardAction[] = canExtendAlert(alert) ? ['extend'] : [];
  const all: AlertCardAction[] = ['edit', ...toggle, ...extend, 'delete'];
  const primary: AlertCardAction =
    alert.status === 'expired' ? 'extend' : alert.status === 'paused' ? 'resume' : 'edit';
  return { primary, more: all.filter((action) => action !== primary) };
}

/** Only an active alert is checked, so only it has a next check worth showing. */
export function nextCheckShown(alert: Pick<AlertDto, 'status' | 'nextCheckAt'>): string | null {
  return alert.status === 'active' ? alert.nextCheckAt : null;
}

function pathSegments(url: string): string[] {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/, '');
  return path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/** `…/manage/{token}` → token, the last path segment of the manage URL. */
export function manageTokenFromUrl(manageUrl: string): string | null {
  const segments = pathSegments(manageUrl);
  const at = segments.lastIndexOf('manage');
  return at !== -1 && segments.length === at + 2 ? (segments[at + 1] ?? null) : null;
}

/** `…/manage/{manageToken}/refresh/{refreshToken}` → both tokens. */
export function refreshTokensFromUrl(
  refreshUrl: string,
): { manageToken: string; refreshToken: string } | null {
  const segments = pathSegments(refreshUrl);
  const at = segments.lastIndexOf('manage');
  if (at === -1 || segments.length !== at + 4 || segments[at + 2] !== 'refresh') return null;
  const manageToken = segments[at + 1];
  const refreshToken = segments[at + 3];
  return manageToken && refreshToken ? { manageToken, refreshToken } : null;
}

export interface MaxAlertsWarning {
  message: string;
  upgradeLabel: string;
  upgradePath: string;
}

/**
 * A warning with an upgrade link when the user cannot create alerts. Pro users have no higher
 * plan but can buy extra alerts, which the same subscription page offers.
 */
export function maxAlertsWarning(
  caps: Pick<CapabilitiesData, 'isAuthenticated' | 'canCreateAlerts' | 'userPlan'>,
): MaxAlertsWarning | null {
  if (!caps.isAuthenticated || caps.canCreateAlerts) return null;
  const texts = SCREEN_TEXTS.dashboard;
  return {
    message: ALERT_FIELD_TEXTS.maxAlertsReached,
    upgradeLabel: caps.userPlan === 'PRO' ? texts.buyExtraAlerts : texts.upgrade,
    upgradePath: UPGRADE_PATH,
  };
}
