/**
 * Every page of the web app, as the router writes a path: `:name` is one segment, a
 * trailing `/*` any rest. The web app's router is built from this list and the server answers any
 * other path with 404 (the app then draws its not-found page), so a new page is added here.
 */
import { EDIT_ALERT_ROUTE } from '../alertFlow/creation';
import { RECEIPT_ROUTE } from '../payments/offer';
import { PRICING_PATH, UPGRADE_PATH } from '../plans/navigation';
import { AFTER_LOGIN_PATH, LOGIN_PATH, UNSUBSCRIBE_PATH, pathOnly } from './routes';

export const PAGE_PATHS = {
  home: '/',
  createAlert: '/prijsalarm-maken',
  /** The old address of the create page; it redirects. */
  createAlertOld: '/create-alert',
  freeAlert: '/gratis-alert-maken',
  manageAlert: '/manage/:token',
  refreshAlert: '/manage/:manageToken/refresh/:refreshToken',
  dashboard: AFTER_LOGIN_PATH,
  dashboardCreate: '/dashboard/create',
  editAlert: EDIT_ALERT_ROUTE,
  upgrade: UPGRADE_PATH,
  myAccount: '/my-account',
  notifications: '/notifications',
  adminPayments: '/admin/payments',
  admin: '/admin/*',
  login: LOGIN_PATH,
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
  verify: '/verify/:token',
  loginCallback: '/login/callback/:token',
  unsubscribe: UNSUBSCRIBE_PATH,
  pricing: PRICING_PATH,
  paymentCallback: '/payment/callback',
  paymentReceipt: RECEIPT_ROUTE,
  terms: '/terms',
  termsDutch: '/algemene-voorwaarden',
  privacy: '/privacy',
  privacyDutch: '/privacyverklaring',
  faq: '/faq',
  faqDutch: '/veelgestelde-vragen',
  contact: '/contact',
  forbidden: '/forbidden',
} as const;

export type PageName = keyof typeof PAGE_PATHS;

const segments = (path: string) => path.split('/').filter(Boolean);

function matches(pattern: string, path: readonly string[]): boolean {
  const parts = segments(pattern);
  const splat = parts.at(-1) === '*';
  const fixed = splat ? parts.slice(0, -1) : parts;
  if (splat ? path.length < fixed.length : path.length !== fixed.length) return false;
  return fixed.every((part, index) => part.startsWith(':') || part === path[index]);
}

/**
 * Whether the router has a page for `path` (query and hash ignored). Like the router: letter case
 * and a trailing slash do not matter.
 */
export function isPagePath(path: string): boolean {
  const asked = segments(pathOnly(path).toLowerCase());
  return Object.values(PAGE_PATHS).some((pattern) => matches(pattern, asked));
}
