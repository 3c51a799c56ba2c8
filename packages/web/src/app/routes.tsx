/**
 * Every route of spec §2 in one table. Each page is its own lazily loaded scene
 * (`scenes/<name>/index.tsx`), so the first page loads only the shell and itself.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import { EDIT_ALERT_ROUTE, PRICING_PATH, UNSUBSCRIBE_PATH, UPGRADE_PATH } from '@prijsalarm/core';
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
      { path: 'prijsalarm-maken', element: <CreateAlert /> },
      { path: 'create-alert', element: <Navigate to="/prijsalarm-maken" replace /> },
      { path: 'gratis-alert-maken', element: <FreeAlert /> },
      { path: 'manage/:token', element: <ManageAlert /> },
      { path: 'manage/:manageToken/refresh/:refreshToken', element: <RefreshAlert /> },

      { path: 'dashboard', element: loginRequired(<Dashboard />) },
      { path: 'dashboard/create', element: loginRequired(<DashboardCreate />) },
      { path: EDIT_ALERT_ROUTE.slice(1), element: loginRequired(<DashboardEdit />) },
      {
        path: UPGRADE_PATH.slice(1),
        element: <Navigate to="/my-account?tab=subscription" replace />,
      },
      { path: 'my-account', element: loginRequired(<MyAccount />) },
      { path: 'notifications', element: loginRequired(<Notifications />) },
      { path: 'admin/payments', element: <Navigate to="/admin?tab=payments" replace /> },
      { path: 'admin/*', element: adminRequired(<Admin />) },

      { path: 'login', element: <Login mode="login" /> },
      { path: 'register', element: <Login mode="register" /> },
      { path: 'forgot-password', element: <ForgotPassword /> },
      { path: 'reset-password/:token', element: <ResetPassword /> },
      { path: 'verify/:token', element: <Verify /> },
      { path: 'login/callback/:token', element: <LoginCallback /> },
      { path: UNSUBSCRIBE_PATH.slice(1), element: <Unsubscribe /> },

      { path: PRICING_PATH.slice(1), element: <Pricing /> },
      // Mollie's return address (issue 10).
      { path: 'payment/callback', element: loginRequired(<PaymentCallback />) },
      { path: 'payment/receipt/:id', element: loginRequired(<PaymentReceipt />) },
      { path: 'terms', element: <Terms /> },
      { path: 'algemene-voorwaarden', element: <Terms /> },
      { path: 'privacy', element: <Privacy /> },
      { path: 'privacyverklaring', element: <Privacy /> },
      { path: 'faq', element: <Faq /> },
      { path: 'veelgestelde-vragen', element: <Faq /> },
      { path: 'contact', element: <Contact /> },
      { path: 'forbidden', element: <Forbidden /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];
