import type { RouteObject } from '@rampquote/web-kit';
import { lazy } from 'react';

const RequestFormPage = lazy(() =>
  import('./features/request-form/RequestFormPage').then((m) => ({ default: m.RequestFormPage })),
);
const RequestForm = lazy(() => import('./features/request-form/RequestForm').then((m) => ({ default: m.RequestForm })));
const QuoteReviewPage = lazy(() =>
  import('./features/quote-review/QuoteReviewPage').then((m) => ({ default: m.QuoteReviewPage })),
);
const LegacyWizardPage = lazy(() =>
  import('./features/legacy-wizard/LegacyWizardPage').then((m) => ({ default: m.LegacyWizardPage })),
);
const RfiFormTestPage = lazy(() =>
  import('./features/diagnostics/RfiFormTestPage').then((m) => ({ default: m.RfiFormTestPage })),
);
const CleanServicesFormPage = lazy(() =>
  import('./features/diagnostics/CleanServicesFormPage').then((m) => ({ default: m.CleanServicesFormPage })),
);
const CleanServicesPage = lazy(() =>
  import('./features/diagnostics/CleanServicesPage').then((m) => ({ default: m.CleanServicesPage })),
);

/**
 * Asking for quotes: /rfi-form, /quote-review, /request-quote (legacy wizard), /rfi-form-test, /clean-form,
 * /clean-services. (/quote-request → /request-quote is the shell's redirect.) The diagnostic page checks the real
 * form: this app layer hands it over, so the diagnostics feature never imports the form feature.
 */
export const requestRoutes: RouteObject[] = [
  { path: '/rfi-form', element: <RequestFormPage /> },
  { path: '/quote-review', element: <QuoteReviewPage /> },
  { path: '/request-quote', element: <LegacyWizardPage /> },
  {
    path: '/rfi-form-test',
    element: (
      <RfiFormTestPage>
        <RequestForm />
      </RfiFormTestPage>
    ),
  },
  { path: '/clean-form', element: <CleanServicesFormPage /> },
  { path: '/clean-services', element: <CleanServicesPage /> },
];
