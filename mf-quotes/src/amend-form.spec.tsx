import { AmendmentMessages, QuoteRequestMessages } from '@rampquote/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  clearToasts,
  fakeApi,
  heldResponse,
  renderRoutes,
  type FakeRoute,
} from '@rampquote/web-kit/testing/render-page';
import { KEPT_AS_SENT } from './shared/amendment-text';
import { amendmentDraft, QUOTE_DRAFT_KEY, QUOTE_EDITING_FLAG_KEY } from './shared/quote-draft-storage';
import { details } from './test/quote-fixtures';
import { amendFormReady, setDay } from './test/request-form-helpers';
import { dayFromToday, gateway, kbfi, kjfk, signedIn, skyline } from './test/request-fixtures';
import { QuoteReviewPage } from './features/quote-review/QuoteReviewPage';
import { RequestFormPage } from './features/request-form/RequestFormPage';

const routes = [
  { path: '/rfi-form', element: <RequestFormPage /> },
  { path: '/quote-review', element: <QuoteReviewPage /> },
];

const sent = details({
  airport: { ...kjfk, code: kjfk.code },
  airportId: kjfk.id,
  originAirport: { ...kbfi },
  originAirportId: kbfi.id,
  arrivalDate: new Date(`${dayFromToday(5)}T12:00`).toISOString(),
  departureDate: new Date(`${dayFromToday(7)}T12:00`).toISOString(),
  services: {
    fuel: true,
    fuelJetA: true,
    fuelEstimatedAmount: 300,
    hangar: true,
    hangarPriority: 'medium',
  } as ReturnType<typeof details>['services'],
  notes: 'Crew of two.',
  fbos: [gateway, skyline].map((f) => ({ ...f, email: 'fbo@example.com', status: 'open' as const, respondedAt: null })),
});

const accepted = {
  status: 200,
  body: {
    quoteRequestId: 'q-1',
    status: 'pending',
    version: 2,
    amended: true,
    changes: [{ field: 'fuelAmount', before: 300, after: 450 }],
    awaitingRepricingFboIds: [],
  },
};

function openAmendForm(extra: Record<string, FakeRoute> = {}) {
  sessionStorage.setItem(QUOTE_DRAFT_KEY, JSON.stringify(amendmentDraft(sent)));
  sessionStorage.setItem(QUOTE_EDITING_FLAG_KEY, 'true');
  const api = fakeApi({ ...signedIn, ...extra });
  const rendered = renderRoutes(routes, '/rfi-form');
  return { api, ...rendered };
}

function toastWith(title: string) {
  return screen
    .findByText(title, { selector: '[data-part="title"]' })
    .then((el) => el.closest('[data-part="root"]') as HTMLElement);
}

afterEach(() => {
  clearToasts();
  sessionStorage.clear();
});

describe('Amending a sent request: the form', () => {
  it('shows aircraft, airports and FBOs as sent (read-only, with why) and only dates, fuel, services and notes as inputs', async () => {
    openAmendForm();
    await amendFormReady();
    expect(screen.getByRole('heading', { level: 1, name: 'Amend Request RQ-7KX3PD' })).toBeInTheDocument();
    expect(document.title).toBe('Amend Request RQ-7KX3PD | RampQuote');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Sent Request',
      'Dates',
      'Fuel',
      'Services',
      'Additional Information',
    ]);
    const kept = within(screen.getByRole('region', { name: 'Sent Request' }));
    expect(kept.getByText(KEPT_AS_SENT)).toBeInTheDocument();
    expect(kept.getByText('N123AB — Cessna 172S Skyhawk')).toBeInTheDocument();
    expect(kept.getByText('KBFI - Boeing Field King County International Airport (Seattle, WA)')).toBeInTheDocument();
    expect(kept.getByText('KJFK - John F Kennedy International Airport (New York, NY)')).toBeInTheDocument();
    expect(kept.getAllByRole('listitem').map((li) => li.textContent)).toEqual([gateway.name, skyline.name]);
    expect(kept.queryByRole('textbox')).toBeNull();
    expect(kept.queryByRole('combobox')).toBeNull();
    expect(kept.queryByRole('checkbox')).toBeNull();

    // Nothing that PATCH does not send is an input.
    expect(screen.queryByRole('combobox', { name: /Aircraft/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /airport/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: new RegExp(gateway.name) })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();

    expect(screen.getByLabelText('Arrival date')).toHaveValue(dayFromToday(5));
    expect(screen.getByLabelText('Departure date')).toHaveValue(dayFromToday(7));
    expect(screen.getByLabelText('Estimated fuel amount (gallons)')).toHaveValue(300);
    expect(screen.getByRole('checkbox', { name: 'Jet A' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Hangar' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Crew of two.');
    expect(screen.getByRole('link', { name: 'Back to the request' })).toHaveAttribute('href', '/quote-details/q-1');
    expect(sessionStorage.getItem(QUOTE_EDITING_FLAG_KEY)).toBeNull();
  });

  it('is used from the keyboard: Tab reaches the arrival first, Enter on "Review Amendment" opens the review', async () => {
    const { router } = openAmendForm();
    const user = userEvent.setup();
    await amendFormReady();
    await user.tab();
    expect(screen.getByLabelText('Arrival date')).toHaveFocus();
    screen.getByRole('button', { name: 'Review Amendment' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/quote-review'));
  });

  it("keeps the pilot on the form with the request form's messages, focusing the first field at fault", async () => {
    const { router } = openAmendForm();
    const user = userEvent.setup();
    await amendFormReady();
    setDay('Arrival', '');
    const fuel = screen.getByLabelText('Estimated fuel amount (gallons)');
    await user.clear(fuel);
    await user.type(fuel, '200000');
    await user.click(screen.getByRole('button', { name: 'Review Amendment' }));
    const arrival = within(screen.getByRole('group', { name: 'Arrival' }));
    expect(await arrival.findByText(QuoteRequestMessages.arrival)).toBeInTheDocument();
    expect(screen.getByText(QuoteRequestMessages.fuelAmount)).toBeInTheDocument();
    expect(screen.getByLabelText('Arrival date')).toHaveFocus();
    expect(router.state.location.pathname).toBe('/rfi-form');
    // What was typed stays.
    expect(fuel).toHaveValue(200000);
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Crew of two.');
  });

  it('refuses a departure that is not after the arrival, with the message on the departure', async () => {
    const { router } = openAmendForm();
    await amendFormReady();
    setDay('Departure', dayFromToday(4));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Review Amendment' }));
    const departure = within(screen.getByRole('group', { name: 'Departure' }));
    expect(await departure.findByText(AmendmentMessages.departureAfterArrival)).toBeInTheDocument();
    expect(screen.getByLabelText('Departure date')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/rfi-form');
  });

  it('reviews the amendment (the kept parts said so) and sends only the dates, services and notes', async () => {
    const { api, router } = openAmendForm({ 'PATCH /api/quote-requests/q-1': accepted });
    const user = userEvent.setup();
    await amendFormReady();
    fireEvent.change(screen.getByLabelText('Arrival date'), { target: { value: dayFromToday(6) } });
    const fuel = screen.getByLabelText('Estimated fuel amount (gallons)');
    await user.clear(fuel);
    await user.type(fuel, '450');
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), ' Pets on board.');
    await user.click(screen.getByRole('button', { name: 'Review Amendment' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Review Your Amendment to RQ-7KX3PD' }),
    ).toBeInTheDocument();
    expect(screen.getByText(KEPT_AS_SENT)).toBeInTheDocument();
    expect(screen.getByText('Jet A, 450 gallons')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Amendment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quote-details/q-1'));
    const [patch] = api.callsTo('PATCH /api/quote-requests/q-1');
    expect(Object.keys(patch.body as object).sort()).toEqual(['arrival', 'departure', 'notes', 'services']);
    expect(patch.body).toMatchObject({
      arrival: new Date(`${dayFromToday(6)}T12:00`).toISOString(),
      departure: sent.departureDate,
      notes: 'Crew of two. Pets on board.',
      services: { fuel: true, fuelJetA: true, fuelEstimatedAmount: 450, hangar: true, hangarPriority: 'medium' },
    });
    const toast = await toastWith('Quote request amended');
    expect(within(toast).getByText('The FBOs were told what changed.')).toBeInTheDocument();
  });

  it('keeps everything typed when the service refuses the amendment: the message, then "Edit Request" shows it again', async () => {
    const { router } = openAmendForm({
      'PATCH /api/quote-requests/q-1': { status: 409, body: { error: AmendmentMessages.booked } },
    });
    const user = userEvent.setup();
    await amendFormReady();
    const fuel = screen.getByLabelText('Estimated fuel amount (gallons)');
    await user.clear(fuel);
    await user.type(fuel, '450');
    await user.clear(screen.getByRole('textbox', { name: 'Notes' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Crew of three.');
    await user.click(screen.getByRole('button', { name: 'Review Amendment' }));
    const submit = await screen.findByRole('button', { name: 'Submit Amendment' });
    await user.click(submit);
    const toast = await toastWith('Error');
    expect(toast).toHaveAttribute('data-type', 'error');
    expect(within(toast).getByText(AmendmentMessages.booked)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/quote-review');
    await waitFor(() => expect(submit).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Edit Request' }));
    await amendFormReady();
    expect(screen.getByLabelText('Estimated fuel amount (gallons)')).toHaveValue(450);
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Crew of three.');
    expect(screen.getByText(KEPT_AS_SENT)).toBeInTheDocument();
  });

  it('shows "Submitting..." while the amendment is on its way', async () => {
    const held = heldResponse(accepted);
    openAmendForm({ 'PATCH /api/quote-requests/q-1': held.handler });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Review Amendment' }));
    await user.click(await screen.findByRole('button', { name: 'Submit Amendment' }));
    expect(await screen.findByRole('button', { name: /Submitting/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit Request' })).toBeDisabled();
    held.release();
    await toastWith('Quote request amended');
  });
});
