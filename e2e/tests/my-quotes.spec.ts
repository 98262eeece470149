import { expect, test, type Page } from '@playwright/test';
import { ORIGIN, removeQuoteRequest, signIn } from './support/session';
import { dismissToast } from './support/toast';

// My Quotes (/history) in the browser: search, cancel an open request from its details, delete it from the list.

interface Created {
  id: string;
  uniqueId: string;
}

/** A quote request of the signed-in pilot to every demo FBO at `destination` (the legacy wizard's payload). */
async function createRequest(page: Page, destination: string): Promise<Created> {
  const arrival = new Date(Date.now() + 10 * 24 * 3600_000);
  arrival.setUTCHours(12, 0, 0, 0);
  const res = await page.request.post('/api/quote-requests', {
    headers: ORIGIN,
    data: {
      destination,
      services: ['fuel'],
      duration: {
        arrival: arrival.toISOString(),
        departure: new Date(arrival.getTime() + 24 * 3600_000).toISOString(),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Created;
}

test('My Quotes: search by quote ID and destination, cancel a request from its details, then delete it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page);
  const [toLax, toJfk] = [await createRequest(page, 'KLAX'), await createRequest(page, 'KJFK')];
  try {
    await page.goto('/history');
    await expect(page.getByRole('heading', { level: 1, name: 'My Quotes' })).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search requests' });
    const rowOf = (r: Created) => page.getByRole('row').filter({ hasText: r.uniqueId });
    await expect(rowOf(toLax)).toBeVisible();
    await expect(rowOf(toJfk)).toBeVisible();

    // Case-insensitive, on the quote ID and on the destination.
    await search.fill(toLax.uniqueId.toLowerCase());
    await expect(page.getByText('1 quote(s) found')).toBeVisible();
    await expect(rowOf(toLax)).toBeVisible();
    await expect(rowOf(toJfk)).toHaveCount(0);
    await search.fill('kjfk');
    await expect(rowOf(toJfk)).toBeVisible();
    await expect(rowOf(toLax)).toHaveCount(0);

    // An open request cannot be deleted yet; it is cancelled from its details page.
    await search.fill(toLax.uniqueId);
    await rowOf(toLax)
      .getByRole('button', { name: `Actions for ${toLax.uniqueId}` })
      .click();
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeDisabled();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Quote ${toLax.uniqueId}` })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel request' }).click();
    const cancelDialog = page.getByRole('alertdialog', { name: 'Cancel Quote Request' });
    await expect(cancelDialog.getByText('Demo FBO Pacific Ramp Services')).toBeVisible();
    await cancelDialog.getByRole('button', { name: 'Yes, Cancel Request' }).click();
    const cancelled = page.getByTestId('toast').filter({ hasText: 'Request cancelled' });
    await expect(cancelled).toContainText('have been told.');
    await expect(page.locator('.chakra-badge', { hasText: 'Cancelled' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel request' })).toHaveCount(0);
    await dismissToast(cancelled);

    // Back in My Quotes, the cancelled request can be deleted.
    await page.getByRole('link', { name: '← My Quotes' }).click();
    await page.getByRole('searchbox', { name: 'Search requests' }).fill(toLax.uniqueId);
    await rowOf(toLax)
      .getByRole('button', { name: `Actions for ${toLax.uniqueId}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const deleteDialog = page.getByRole('alertdialog', { name: 'Delete Quote Request' });
    await expect(deleteDialog).toContainText(`Quote ID: ${toLax.uniqueId}`);
    await expect(deleteDialog).toContainText('KLAX - ');
    await deleteDialog.getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Quote deleted' })).toBeVisible();
    await expect(page.getByText('No quote requests match your search.')).toBeVisible();
    expect((await page.request.get(`/api/quote-requests/${toLax.id}`)).status()).toBe(404);
  } finally {
    await removeQuoteRequest(page, toLax.id);
    await removeQuoteRequest(page, toJfk.id);
  }
});
