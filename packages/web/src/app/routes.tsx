/**
 * Every route in one table, at the paths of core's PAGE_PATHS. Each page is its own
 * lazily loaded scene (`scenes/<name>/index.tsx`), so the first page loads only the shell and itself.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import { PAGE_PATHS, type PageName } from '@prijsalarm/core';
import { Layout } from '../components/layout/Layout';
import { lazyWithPreload } from '../components/ui/lazyWithPreload';
import { RequireAuth } from './RequireAuth';

// The landing page loads before the app's first render when it is the page asked for
// (preloadFirstScene): the app then takes over the prerendered page without a spinner.
const Home = lazyWithPreload(() => import('../scenes/home'));
const CreateAlert = lazy(() => import('../scenes/create-alert'));
const FreeAlert = lazy(() => import('../scenes/free-alert'));
const ManageAlert = lazy(() => import('../scenes/manage-alert'));
const RefreshAlert = lazy(() => import('../scenes/refresh-alert'));
const Dashboard = lazy(() => import('../scenes/dashboard'));
const DashboardCreate = lazy(() => import('../scenes/dashboard-create'));
const DashboardEdit = lazy(() => import('../scenes/dashboard-edit'));
const MyAccount = lazy(() => import('../scenes/my-account'));
const Notifications = lazy(() => import('../scenes/notifications'));
const Admin = lazy(() => import('../scenes/admin'));
const Login = lazy(() => import('../scenes/login'));
const ForgotPassword = lazy(() => import('../scenes/forgot-password'));
const ResetPassword = lazy(() => import('../scenes/reset-password'));
const Verify = lazy(() => import('../scenes/verify'));
const LoginCallback = lazy(() => import('../scenes/login-callback'));
const Unsubscribe = lazy(() => import('../scenes/unsubscribe'));
const Pricing = lazy(() => import('../scenes/pricing'));
const PaymentCallback = lazy(() => import('../scenes/payment-callback'));
const PaymentReceipt = lazy(() => import('../scenes/payment-receipt'));
const Terms = lazy(() => import('../scenes/terms'));
const Privacy = lazy(() => import('../scenes/privacy'));
const Faq = lazy(() => import('../scenes/faq'));
const Contact = lazy(() => import('../scenes/contact'));
const Forbidden = lazy(() => import('../scenes/forbidden'));
const NotFound = lazy(() => import('../scenes/not-found'));

/** A page's path under the layout route (core's list, without the leading '/'). */
const at = (name: PageName) => PAGE_PATHS[name].slice(1);
const loginRequired = (page: React.ReactNode) => <RequireAuth>{page}</RequireAuth>;
const adminRequired = (page: React.ReactNode) => <RequireAuth admin>{page}</RequireAuth>;

/** Loads the scene of `pathname` before the first render when it is the home page. */
export function preloadFirstScene(pathname: string): Promise<void> {
  return pathname === '/' ? Home.preload() : Promise.resolve();
}

export const ROUTES: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <Home /> },
      { path: at('createAlert'), element: <CreateAlert /> },
      {
        path: at('createAlertOld'),
        element: <Navigate to={PAGE_PATHS.createAlert} replace />,
      },
      { path: at('freeAlert'), element: <FreeAlert /> },
      { path: at('manageAlert'), element: <ManageAlert /> },
      { path: at('refreshAlert'), element: <RefreshAlert /> },

      { path: at('dashboard'), element: loginRequired(<Dashboard />) },
      { path: at('dashboardCreate'), element: loginRequired(<DashboardCreate />) },
      { path: at('editAlert'), element: loginRequired(<DashboardEdit />) },
      {
        path: at('upgrade'),
        element: <Navigate to="/my-account?tab=subscription" replace />,
      },
      { path: at('myAccount'), element: loginRequired(<MyAccount />) },
      { path: at('notifications'), element: loginRequired(<Notifications />) },
      { path: at('adminPayments'), element: <Navigate to="/admin?tab=payments" replace /> },
      { path: at('admin'), element: adminRequired(<Admin />) },

      { path: at('login'), element: <Login mode="login" /> },
      { path: at('register'), element: <Login mode="register" /> },
      { path: at('forgotPassword'), element: <ForgotPassword /> },
      { path: at('resetPassword'), element: <ResetPassword /> },
      { path: at('verify'), element: <Verify /> },
      { path: at('loginCallback'), element: <LoginCallback /> },
      { path: at('unsubscribe'), element: <Unsubscribe /> },

      { path: at('pricing'), element: <Pricing /> },
      // Mollie's return address after a payment.
      { path: at('paymentCallback'), element: loginRequired(<PaymentCallback />) },
      { path: at('paymentReceipt'), element: loginRequired(<PaymentReceipt />) },
      { path: at('terms'), element: <Terms /> },
      { path: at('termsDutch'), element: <Terms /> },
      { path: at('privacy'), element: <Privacy /> },
      { path: at('privacyDutch'), element: <Privacy /> },
      { path: at('faq'), element: <Faq /> },
      { path: at('faqDutch'), element: <Faq /> },
      { path: at('contact'), element: <Contact /> },
      { path: at('forbidden'), element: <Forbidden /> },
      // Any other path: the server answered it with 404 (core's isPagePath).
      { path: '*', element: <NotFound /> },
    ],
  },
];
