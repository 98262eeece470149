import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { dayFromToday } from '../../test/request-fixtures';
import { DateTimePicker } from './DateTimePicker';

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <DateTimePicker label="Arrival" value={value} onChange={setValue} />
      <p data-testid="value">{value}</p>
    </>
  );
}

function setup() {
  fakeApi({ 'GET /api/auth/me': { status: 401 } });
  renderRoutes([{ path: '/', element: <Harness /> }], '/');
  return userEvent.setup();
}

const day = () => screen.getByLabelText('Arrival date');
const hour = () => screen.getByRole('combobox', { name: 'Arrival hour' });
const minute = () => screen.getByRole('combobox', { name: 'Arrival minute' });
const value = () => screen.getByTestId('value').textContent ?? '';

describe('Date-time picker', () => {
  it('cannot choose a day before today', () => {
    setup();
    expect(day()).toHaveAttribute('min', dayFromToday(0));
    fireEvent.change(day(), { target: { value: dayFromToday(-1) } });
    expect(value()).toBe('');
    expect(day()).toHaveValue('');
  });

  it('sets 12:00 when a day is picked, and waits for a day before the time can be chosen', () => {
    setup();
    expect(hour()).toBeDisabled();
    expect(minute()).toBeDisabled();
    fireEvent.change(day(), { target: { value: dayFromToday(0) } });
    const chosen = new Date(value());
    expect([chosen.getHours(), chosen.getMinutes()]).toEqual([12, 0]);
    expect(hour()).toHaveDisplayValue('12');
    expect(minute()).toHaveDisplayValue('00');
    expect(hour()).toBeEnabled();
  });

  it('offers hours 0-23 and minutes 0, 15, 30 and 45', async () => {
    const user = setup();
    expect(
      within(hour())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')));
    expect(
      within(minute())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['00', '15', '30', '45']);
    fireEvent.change(day(), { target: { value: dayFromToday(3) } });
    await user.selectOptions(hour(), '7');
    await user.selectOptions(minute(), '45');
    const chosen = new Date(value());
    expect([chosen.getHours(), chosen.getMinutes()]).toEqual([7, 45]);
    // Another day keeps the chosen time.
    fireEvent.change(day(), { target: { value: dayFromToday(4) } });
    const moved = new Date(value());
    expect([moved.getDate(), moved.getHours(), moved.getMinutes()]).toEqual([
      new Date(`${dayFromToday(4)}T00:00`).getDate(),
      7,
      45,
    ]);
  });
});
