import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CATALOGUE,
  CATALOGUE_CALL,
  FBO_ID,
  PAGE_CALL,
  pageData,
  SUBMIT_CALL,
  TOKEN,
} from '../../../test/estimate-fixtures';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { EstimatePage } from './EstimatePage';

beforeEach(() => window.localStorage.clear());
afterEach(() => clearToasts());

const answered = {
  status: 201,
  body: {
    state: 'submitted',
    quoteRequestId: 'qr-1',
    respondedAt: '2030-04-21T10:00:00.000Z',
    totalPrice: 1372.5,
    validUntil: '2030-04-28T10:00:00.000Z',
  },
};

function openPage() {
  const api = fakeApi({
    [PAGE_CALL]: { status: 200, body: pageData() },
    [CATALOGUE_CALL]: { status: 200, body: CATALOGUE },
    [SUBMIT_CALL]: answered,
  });
  renderRoutes([{ path: '/', element: <EstimatePage source={{ kind: 'link', fboId: FBO_ID, token: TOKEN }} /> }], '/');
  return { api, user: userEvent.setup({ delay: null }) };
}

const fees = () => within(screen.getByRole('region', { name: 'Fees' }));
const priceOf = (label: string) => fees().getByRole('spinbutton', { name: label });
const waiverOf = (label: string) =>
  fees().getByRole('spinbutton', { name: `${label}: waived with at least (gallons)` });

describe('FBO estimate page: fees and their waivers', () => {
  it('sends each fee with its waiver, and says what the customer pays at the requested fuel', async () => {
    const { api, user } = openPage();
    await screen.findByRole('region', { name: 'Fees' });
    const fuel = within(screen.getByRole('region', { name: 'Fuel Pricing' }));
    await user.type(fuel.getByRole('spinbutton', { name: /for Fuel Pricing$/ }), '5.49');
    await user.type(priceOf('Ramp/facility fee'), '150');
    await user.type(waiverOf('Ramp/facility fee'), '200');
    await user.type(priceOf('Handling fee'), '35');
    await user.type(waiverOf('Handling fee'), '1000');
    // 250 gallons requested: the ramp fee is waived, the handling fee is not.
    expect(screen.getByTestId('fees-charged')).toHaveTextContent(
      'Fees the customer pays at the requested 250 gallons: $35.00',
    );
    // Fees are not part of the Total Estimate Amount.
    expect(screen.getByTestId('estimate-total')).toHaveTextContent('$1,372.50');
    await user.click(screen.getByRole('button', { name: 'Submit Estimate' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Estimate Submitted!' })).toBeInTheDocument();
    const [call] = api.callsTo(SUBMIT_CALL);
    expect((call.body as { fees: unknown }).fees).toEqual({
      rampFacility: { price: 150, waivedWithGallons: 200 },
      handling: { price: 35, waivedWithGallons: 1000 },
    });
  });

  it('counts overnight parking for each night of the stay', async () => {
    const { user } = openPage();
    await screen.findByRole('region', { name: 'Fees' });
    // Arrival May 1, departure May 3: two nights.
    await user.type(priceOf('Overnight parking (per night, × 2 nights)'), '40');
    await user.type(priceOf('Security fee'), '15');
    expect(screen.getByTestId('fees-charged')).toHaveTextContent(
      'Fees the customer pays at the requested 250 gallons: $95.00',
    );
  });

  it('refuses a negative fee and a waiver that is not whole gallons from 1 to 100,000, on the field', async () => {
    const { api, user } = openPage();
    await screen.findByRole('region', { name: 'Fees' });
    const fuel = within(screen.getByRole('region', { name: 'Fuel Pricing' }));
    await user.type(fuel.getByRole('spinbutton', { name: /for Fuel Pricing$/ }), '5.49');
    await user.type(priceOf('Security fee'), '-5');
    await user.type(priceOf('Ramp/facility fee'), '100');
    await user.type(waiverOf('Ramp/facility fee'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Submit Estimate' }));
    expect(await fees().findByText('Fee prices must be 0 or more with at most 2 decimals')).toBeInTheDocument();
    expect(fees().getByText('Waiver thresholds must be whole gallons from 1 to 100,000')).toBeInTheDocument();
    expect(api.callsTo(SUBMIT_CALL)).toHaveLength(0);
  });
});
