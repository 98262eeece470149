import type { QuoteResponseResultDto } from '@rampquote/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderRoutes, type FakeResponse } from '@rampquote/web-kit/testing/render-page';
import { gateway, skyline } from '../../../test/request-fixtures';
import { QuoteResults, RESULTS_POLL_MS } from './QuoteResults';

function response(
  id: string,
  fbo: typeof gateway,
  totalCents: number,
  servicesQuoted: QuoteResponseResultDto['servicesQuoted'],
): QuoteResponseResultDto {
  return {
    id,
    fboId: fbo.id,
    fbo: { ...fbo, email: `${fbo.id}@example.com` },
    status: 'submitted',
    declined: null,
    respondedAt: '2030-06-01T10:00:00.000Z',
    responseTime: '2030-06-01T10:00:00.000Z',
    validUntil: null,
    expired: false,
    notes: null,
    pricePerGallon: servicesQuoted.fuel?.price ?? null,
    totalPrice: totalCents,
    servicesQuoted,
  };
}

// Gateway: lower total, but 500 gal at $6.00 + 2 hangar days at $200 = $3,400; Skyline: 500 gal at $5.50 less 10% + 2 days at $150 = $2,775.
const gatewayAnswer = response('r-1', gateway, 150_000, {
  fuel: { price: 6, discount: 0 },
  hangar: { dailyRate: 200, discount: 0 },
});
const skylineAnswer = response('r-2', skyline, 180_000, {
  fuel: { price: 5.5, discount: 10 },
  hangar: { dailyRate: 150, discount: 0 },
});

function setup(responses: (call: number) => FakeResponse, status: (call: number) => string = () => 'pending') {
  let responseCalls = 0;
  let statusCalls = 0;
  const api = fakeApi({
    'GET /api/auth/me': { status: 401 },
    'GET /api/quote-requests/qr-9': () => ({ status: 200, body: { id: 'qr-9', status: status(++statusCalls) } }),
    'GET /api/quote-requests/qr-9/responses': () => responses(++responseCalls),
  });
  renderRoutes([{ path: '/', element: <QuoteResults requestId="qr-9" uniqueId="RQ-ABC234" /> }], '/');
  return { responseCalls: () => api.callsTo('GET /api/quote-requests/qr-9/responses').length, api };
}

const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

afterEach(() => jest.useRealTimers());

describe('Quote results view', () => {
  it("polls every 3 s with 'Requesting Quotes...' until a response arrives, then shows 'N FBOs Responded' and stops", async () => {
    jest.useFakeTimers();
    const { responseCalls, api } = setup((n) => ({ status: 200, body: n < 3 ? [] : [gatewayAnswer, skylineAnswer] }));
    expect(await screen.findByRole('heading', { name: 'Requesting Quotes...' })).toBeInTheDocument();
    expect(
      screen.getByText('Quotes typically take 1-3 hours. You can leave this page: your request stays under My Quotes.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(responseCalls()).toBe(1));
    await advance(RESULTS_POLL_MS - 100);
    expect(responseCalls()).toBe(1);
    await waitFor(() => expect(responseCalls()).toBe(2));
    await waitFor(() => expect(responseCalls()).toBe(3));
    expect(await screen.findByRole('heading', { name: '2 FBOs Responded' })).toBeInTheDocument();
    expect(screen.queryByText('Requesting Quotes...')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/quote-requests/qr-9/responses')[0].url.search).toBe('?view=results');
    await advance(RESULTS_POLL_MS * 3);
    expect(responseCalls()).toBe(3);
  });

  it("ranks by the estimated total for 500 gallons and 2 hangar days, the lowest badged 'Lowest Price'", async () => {
    setup(() => ({ status: 200, body: [gatewayAnswer, skylineAnswer] }));
    const list = await screen.findByRole('list', { name: 'FBO responses' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([skyline.name, gateway.name]);
    expect(within(items[0]).getByText('Lowest Price')).toBeInTheDocument();
    expect(within(items[1]).queryByText('Lowest Price')).not.toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Total: $1,800.00');
    expect(items[0]).toHaveTextContent('Fuel: $5.50 per gallon');
    expect(items[0]).toHaveTextContent('Estimated total: $2,775.00');
    expect(items[1]).toHaveTextContent('Total: $1,500.00');
    expect(items[1]).toHaveTextContent('Estimated total: $3,400.00');
  });

  it('stops asking once the request status is responses_received', async () => {
    jest.useFakeTimers();
    const { responseCalls } = setup(
      () => ({ status: 200, body: [] }),
      () => 'responses_received',
    );
    expect(await screen.findByRole('heading', { name: '0 FBOs Responded' })).toBeInTheDocument();
    const calls = responseCalls();
    await advance(RESULTS_POLL_MS * 3);
    expect(responseCalls()).toBe(calls);
  });
});
