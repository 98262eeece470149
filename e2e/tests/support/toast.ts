import { expect, type Locator } from '@playwright/test';

/**
 * Dismisses a toast as a user would and waits until it is gone for them: closed, transparent and letting clicks
 * through to what it covered. Chakra keeps a dismissed toast mounted, closed, for the spec's 5-second remove delay
 * (web-kit's TOAST_REMOVE_DELAY_MS); `toBeHidden` would wait that out on every toast.
 */
export async function dismissToast(toast: Locator): Promise<void> {
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toHaveAttribute('data-state', 'closed');
  await expect(toast).toHaveCSS('opacity', '0');
  await expect(toast).toHaveCSS('pointer-events', 'none');
}
