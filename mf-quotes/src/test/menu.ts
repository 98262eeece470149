import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Chooses an item of the open menu by keyboard (Home, then ArrowDown until it is highlighted, then Enter), as a
 * keyboard user would; zag's menu selects on pointer events jsdom does not produce faithfully.
 */
export async function chooseMenuItem(user: UserEvent, name: string): Promise<void> {
  const menu = await screen.findByRole('menu');
  const item = within(menu).getByRole('menuitem', { name });
  await waitFor(() => expect(menu).toHaveFocus());
  await user.keyboard('{Home}');
  for (let i = 0; i < 10 && !item.hasAttribute('data-highlighted'); i++) await user.keyboard('{ArrowDown}');
  expect(item).toHaveAttribute('data-highlighted');
  await user.keyboard('{Enter}');
}
