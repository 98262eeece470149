import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { requestRoutes } from './request-routes';
import { fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { formRoutes } from './test/request-fixtures';

// The routes as the shell gets them (lazy pages, behind its Suspense).
const suspended = requestRoutes.map((route) => ({
  ...route,
  element: <Suspense fallback={<p>Loading page</p>}>{route.element}</Suspense>,
}));

describe('request routes', () => {
  it('serves the asking-for-quotes pages', () => {
    expect(requestRoutes.map((r) => r.path)).toEqual([
      '/rfi-form',
      '/quote-review',
      '/request-quote',
      '/rfi-form-test',
      '/clean-form',
      '/clean-services',
    ]);
  });

  it("/rfi-form-test checks the real Request for Quote form: 'No Duplicates Found'", async () => {
    fakeApi(formRoutes());
    renderRoutes(suspended, '/rfi-form-test');
    expect(await screen.findByRole('heading', { name: 'RFI Form Test' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Request for Quote', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No Duplicates Found')).toBeInTheDocument();
    expect(screen.queryByText('Duplicate IDs Detected')).not.toBeInTheDocument();
  });
});
