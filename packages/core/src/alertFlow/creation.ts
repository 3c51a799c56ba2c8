/**
 * What happens around creating and managing an alert (alert form, wizard, manage pages): where
 * the user goes after creation or after a plan refusal, and the paths inside the absolute links
 * the server answers with.
 */
import { manageTokenFromUrl, refreshTokensFromUrl } from '../account/alerts';
import { AFTER_LOGIN_PATH } from '../auth/routes';
import type { Plan } from '../domain';
import { PRICING_PATH, UPGRADE_PATH } from '../plans/navigation';

/** Where the alert form is shown: the dashboard's create page, or a page of its own. */
export type AlertFormContext = 'dashboard' | 'page';

/** The page where a signed-in user changes one of their alerts in the wizard. */
export const EDIT_ALERT_ROUTE = '/dashboard/alerts/:id/bewerken';

/** The edit page of the user's alert `id`. */
export function editAlertPath(id: string): string {
  return EDIT_ALERT_ROUTE.replace(':id', encodeURIComponent(id));
}

/** `/manage/{last path segment of manageUrl}`, or null when there is no manage URL. */
export function managePath(manageUrl: string | null | undefined): string | null {
  const token = manageUrl ? manageTokenFromUrl(manageUrl) : null;
  return token ? `/manage/${encodeURIComponent(token)}` : null;
}

/**
 * Where a created alert sends the user after 3 s: the dashboard from the dashboard,
 * otherwise the alert's manage page; null means the form resets (no manage URL).
 */
export function postCreationRedirect(
  context: AlertFormContext,
  manageUrl: string | null | undefined,
): string | null {
  return context === 'dashboard' ? AFTER_LOGIN_PATH : managePath(manageUrl);
}

/** The refresh page of an alert, from the absolute refresh URL the manage page gets; or null. */
export function refreshPath(refreshUrl: string | null | undefined): string | null {
  const tokens = refreshUrl ? refreshTokensFromUrl(refreshUrl) : null;
  if (!tokens) return null;
  const { manageToken, refreshToken } = tokens;
  return `/manage/${encodeURIComponent(manageToken)}/refresh/${encodeURIComponent(refreshToken)}`;
}

/**
 * A creation refused with 403 and required plans, or with a message containing 'plan', sends
 * the user to upgrade after 3 s. (Broader than the API client's plan-refusal check in
 * ../api/errors, which also wants 'requires'.)
 */
export function isPlanUpgradeError(
  status: number,
  body: { error: string; requiredPlans?: Plan[] | undefined } | undefined,
): boolean {
  if (status !== 403 || body === undefined) return false;
  return (body.requiredPlans?.length ?? 0) > 0 || /plan/i.test(body.error);
}

/** The upgrade page: the subscription page when logged in, otherwise the pricing page. */
export function upgradePathFor(isAuthenticated: boolean): string {
  return isAuthenticated ? UPGRADE_PATH : PRICING_PATH;
}
