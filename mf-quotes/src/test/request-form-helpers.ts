import { fireEvent, screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { citation } from './request-fixtures';

type User = ReturnType<typeof userEvent.setup>;

/** Types in an airport picker of the request form and clicks the result. */
export async function pickAirport(user: User, field: 'Departure' | 'Destination', term: string, option: RegExp) {
  await user.type(screen.getByRole('combobox', { name: new RegExp(`^${field} airport`) }), term);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Picks a day in a date-time picker ('YYYY-MM-DD'). */
export function setDay(which: 'Arrival' | 'Departure', day: string) {
  fireEvent.change(screen.getByLabelText(`${which} date`), { target: { value: day } });
}

/** The form has loaded (the default aircraft of formRoutes is preselected) down to its buttons. */
export async function formReady() {
  await waitFor(() => expect(screen.getByRole('combobox', { name: /Aircraft/ })).toHaveValue(citation.id));
  await screen.findByRole('button', { name: 'Review Quote Request' });
}

/** The FBOs of KJFK (formRoutes) are listed and auto-selected. */
export async function kjfkFbosSelected() {
  await waitFor(() => expect(screen.getByRole('checkbox', { name: /Demo FBO Gateway Aviation/ })).toBeChecked());
}

/** The amendment form of RQ-7KX3PD has loaded down to its buttons. */
export async function amendFormReady() {
  await screen.findByRole('heading', { level: 1, name: 'Amend Request RQ-7KX3PD' });
  await screen.findByRole('button', { name: 'Review Amendment' });
}
