import { Navigate, preloadHeavyComponents, type RouteObject } from '@rampquote/web-kit';
import { lazy } from 'react';

// Login's "Remember me" shows at once: its (heavy) component arrives with the page, instead of appearing after it and
// pushing the Log In button down. (A page that arrives with its first view has no script preloaded, the heavy chunk
// included.)
const LoginPage = lazy(() =>
  Promise.all([import('./features/login/LoginPage'), preloadHeavyComponents()]).then(([m]) => ({
    default: m.LoginPage,
  })),
);
const RegisterPage = lazy(() => import('./features/register/RegisterPage').then((m) => ({ default: m.RegisterPage })));
const ForgotPasswordPage = lazy(() =>
  import('./features/password-recovery/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./features/password-recovery/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const AccountPage = lazy(() => import('./features/account/AccountPage').then((m) => ({ default: m.AccountPage })));
const ProfileTab = lazy(() => import('./features/account/AccountPage').then((m) => ({ default: m.ProfileTab })));
const BillingTab = lazy(() => import('./features/account/BillingTab').then((m) => ({ default: m.BillingTab })));
const BillingPage = lazy(() => import('./features/billing/BillingPage').then((m) => ({ default: m.BillingPage })));
const SubscriptionPage = lazy(() =>
  import('./features/subscription/SubscriptionPage').then((m) => ({ default: m.SubscriptionPage })),
);
const AircraftTab = lazy(() =>
  import('./features/aircraft/components/AircraftTab').then((m) => ({ default: m.AircraftTab })),
);
const AircraftDetailsPage = lazy(() =>
  import('./features/aircraft-details/AircraftDetailsPage').then((m) => ({ default: m.AircraftDetailsPage })),
);
const OpenAddAircraftRedirect = lazy(() =>
  import('./features/aircraft/OpenAddAircraftRedirect').then((m) => ({ default: m.OpenAddAircraftRedirect })),
);

/**
 * The account remote's routes (exposed as `./routes`; the shell renders them behind this remote's error boundary
 * and Suspense). Paths of this remote that are not listed here show the shell's 404. This is the app layer: it
 * composes features (the account screen with each tab's panel); features never import each other.
 */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/account', element: <Navigate to="/account/profile" replace /> },
  {
    path: '/account/profile',
    element: (
      <AccountPage tab="profile">
        <ProfileTab />
      </AccountPage>
    ),
  },
  {
    // ?add=1 (or /account/aircraft/new below) opens the add dialog: features/aircraft/open-add-aircraft.ts
    path: '/account/aircraft',
    element: (
      <AccountPage tab="aircraft">
        <AircraftTab />
      </AccountPage>
    ),
  },
  { path: '/account/aircraft/new', element: <OpenAddAircraftRedirect /> },
  {
    path: '/account/billing',
    element: (
      <AccountPage tab="billing">
        <BillingTab />
      </AccountPage>
    ),
  },
  { path: '/aircraftinfo', element: <AircraftDetailsPage key="saved" initialTab="saved" /> },
  { path: '/new-aircraft', element: <AircraftDetailsPage key="new" initialTab="new" /> },
  { path: '/billing', element: <BillingPage /> },
  { path: '/subscription', element: <SubscriptionPage /> },
  { path: '/client-profile', element: <Navigate to="/account/profile" replace /> },
];

export default routes;
