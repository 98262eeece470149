import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/**
 * Opens /billing's "Add Payment Method" dialog and returns it. The button is there, disabled, while the billing record
 * loads: a click then does nothing, so this waits until it is enabled.
 */
export async function openAddCardDialog(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: 'Add Payment Method' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  return screen.findByRole('dialog', { name: 'Add Payment Method' });
}
