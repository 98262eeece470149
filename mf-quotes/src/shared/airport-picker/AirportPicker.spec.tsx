import type { AirportSearchResult } from '@rampquote/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { airportSearch, kjac, kjfk } from '../../test/request-fixtures';
import { AIRPORT_DROPDOWN_CLOSE_DELAY_MS, AIRPORT_SEARCH_DEBOUNCE_MS, AirportPicker } from './AirportPicker';

function Harness() {
  const [airport, setAirport] = useState<AirportSearchResult | null>(null);
  return (
    <>
      <AirportPicker label="Destination airport" value={airport} onChange={setAirport} />
      <p data-testid="picked">{airport?.identifier ?? 'none'}</p>
      <button type="button">Elsewhere</button>
    </>
  );
}

function setup() {
  const api = fakeApi({ 'GET /api/auth/me': { status: 401 }, 'GET /api/airports/search': airportSearch });
  renderRoutes([{ path: '/', element: <Harness /> }], '/');
  const searches = () => api.callsTo('GET /api/airports/search').map((c) => c.url.searchParams.get('q'));
  return { api, searches };
}

const input = () => screen.getByRole('combobox', { name: /Destination airport/ });

afterEach(() => {
  jest.useRealTimers();
});

describe('Airport picker', () => {
  it('asks for 2 characters before searching: "Type at least 2 characters"', async () => {
    const { searches } = setup();
    const user = userEvent.setup();
    await user.click(input());
    expect(screen.getByRole('status')).toHaveTextContent('Type at least 2 characters');
    await user.type(input(), 'K');
    expect(screen.getByRole('status')).toHaveTextContent('Type at least 2 characters');
    expect(searches()).toEqual([]);
  });

  it('searches 300 ms after the last keystroke, once, showing "Searching..." meanwhile', async () => {
    jest.useFakeTimers();
    const { searches } = setup();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.type(input(), 'KJF');
    expect(screen.getByRole('status')).toHaveTextContent('Searching...');
    act(() => jest.advanceTimersByTime(AIRPORT_SEARCH_DEBOUNCE_MS - 1));
    expect(searches()).toEqual([]);
    await act(async () => jest.advanceTimersByTime(1));
    expect(searches()).toEqual(['KJF']);
    const listbox = await screen.findByRole('listbox', { name: 'Destination airport results' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([`KJFK - ${kjfk.name}New York, NY`]);
    expect(screen.queryByText('Searching...')).not.toBeInTheDocument();
  });

  it('says "No results found" when nothing matches', async () => {
    setup();
    const user = userEvent.setup();
    await user.type(input(), 'zzz');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('moves through the results with ArrowDown/ArrowUp (wrapping) and picks with Enter', async () => {
    setup();
    const user = userEvent.setup();
    await user.type(input(), 'KJ');
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent?.slice(0, 4))).toEqual(['KJFK', 'KJAC']);
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(input()).toHaveAttribute('aria-controls', listbox.id);
    expect(input()).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', options[0].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', options[1].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', options[0].id);
    await user.keyboard('{ArrowUp}');
    expect(input()).toHaveAttribute('aria-activedescendant', options[1].id);

    await user.keyboard('{Enter}');
    expect(screen.getByTestId('picked')).toHaveTextContent('KJAC');
    expect(input()).toHaveValue(`KJAC - ${kjac.name}`);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the list with Escape and opens it again with ArrowDown', async () => {
    setup();
    const user = userEvent.setup();
    await user.type(input(), 'KJ');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(screen.getByTestId('picked')).toHaveTextContent('none');
  });

  it('closes the list 200 ms after the field loses focus', async () => {
    jest.useFakeTimers();
    setup();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.type(input(), 'KJ');
    await act(async () => jest.advanceTimersByTime(AIRPORT_SEARCH_DEBOUNCE_MS));
    await screen.findByRole('listbox');
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    act(() => jest.advanceTimersByTime(AIRPORT_DROPDOWN_CLOSE_DELAY_MS - 1));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('picks a result with a click, and typing again clears the pick', async () => {
    setup();
    const user = userEvent.setup();
    await user.type(input(), 'Kennedy');
    await user.click(await screen.findByRole('option', { name: /KJFK/ }));
    expect(screen.getByTestId('picked')).toHaveTextContent('KJFK');
    expect(input()).toHaveValue(`KJFK - ${kjfk.name}`);
    await user.type(input(), 'x');
    expect(screen.getByTestId('picked')).toHaveTextContent('none');
    expect(input()).toHaveValue(`KJFK - ${kjfk.name}x`);
  });
});
