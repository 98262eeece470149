import { screen, within } from '@testing-library/react';
import { CATALOGUE, CATALOGUE_CALL, FBO_ID, PAGE_CALL, pageData, TOKEN } from '../../../test/estimate-fixtures';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { EstimatePage } from './EstimatePage';

jest.setTimeout(30_000);
afterEach(() => clearToasts());

function openPage(data: ReturnType<typeof pageData>) {
  fakeApi({ [PAGE_CALL]: { status: 200, body: data }, [CATALOGUE_CALL]: { status: 200, body: CATALOGUE } });
  renderRoutes([{ path: '/', element: <EstimatePage source={{ kind: 'link', fboId: FBO_ID, token: TOKEN }} /> }], '/');
}

const form = () => screen.findByRole('form', { name: 'Enter Your Estimated Pricing for Requested Services Below' });

describe('FBO estimate page of an amended request', () => {
  it('opens the form again, filled with the earlier estimate, with a notice that it waits to be confirmed or re-priced', async () => {
    openPage(
      pageData(
        {
          state: 'open',
          estimate: {
            totalPrice: 1560.1,
            servicesQuoted: {
              hangar: { price: 150, quantity: null, days: 1, unavailable: false, notes: null },
              customServices: [],
            },
            notes: 'Same as before',
            validUntil: '2030-04-28T12:00:00.000Z',
            submittedAt: '2030-04-21T10:00:00.000Z',
          },
        },
        { hangar: true },
      ),
    );
    expect(await form()).toBeInTheDocument();
    // The earlier prices fill the form: sending it unchanged confirms them.
    const hangar = within(screen.getByRole('region', { name: 'Hangar Service' }));
    expect(hangar.getByRole('spinbutton', { name: /for Hangar Service$/ })).toHaveValue(150);
    expect(screen.getByRole('textbox', { name: /Additional Comments/ })).toHaveValue('Same as before');
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('The customer amended this request');
    expect(notice).toHaveTextContent(
      "Your estimate of $1,560.10 was for the earlier version and is not in the customer's comparison until you send it again",
    );
  });

  it('shows no notice on a request answered for the first time', async () => {
    openPage(pageData());
    expect(await form()).toBeInTheDocument();
    expect(screen.queryByText('The customer amended this request')).toBeNull();
  });
});
