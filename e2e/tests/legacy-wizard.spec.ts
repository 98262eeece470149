import { expect, test, type Page } from '@playwright/test';
import { apiAs, KSEA_FBO_USER, removeQuoteRequest, signIn } from './support/session';

// The legacy wizard (/request-quote) in the browser: destination, services and dates, review, then its results
// view, which shows the FBO's answer when it comes.

/** 'YYYY-MM-DD' of today plus `days` in the browser's zone (the date input's format). */
function dayFromToday(page: Page, days: number): Promise<string> {
  return page.evaluate((d) => {
    const date = new Date();
    date.setDate(date.getDate() + d);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  }, days);
}

test('the legacy wizard: four steps to the results view, which shows the FBO answer', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto('/request-quote');
  const stepHeading = (name: string) => page.getByRole('heading', { level: 2, name });
  const next = page.getByRole('button', { name: 'Next' });

  await expect(stepHeading('Step 1 of 4: Destination')).toBeVisible();
  await expect(next).toBeDisabled();
  const destination = page.getByRole('combobox', { name: /^Destination airport/ });
  await destination.fill('KSEA');
  await page.getByRole('option', { name: /^KSEA - / }).click();
  await expect(destination).toHaveValue(/^KSEA - /);
  await next.click();

  await expect(stepHeading('Step 2 of 4: Services & dates')).toBeVisible();
  await page.locator('label', { has: page.getByRole('checkbox', { name: 'Fuel', exact: true }) }).click();
  await page.getByLabel('Arrival date').fill(await dayFromToday(page, 3));
  await page.getByLabel('Departure date').fill(await dayFromToday(page, 5));
  await expect(page.getByText('Trip duration: 2 days')).toBeVisible();
  await next.click();

  await expect(stepHeading('Step 3 of 4: Review')).toBeVisible();
  await expect(page.getByText(/^KSEA - Seattle/)).toBeVisible();
  const created = page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/quote-requests',
  );
  await page.getByRole('button', { name: 'Request Quotes' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  const { id, uniqueId } = (await response.json()) as { id: string; uniqueId: string };

  const fbo = await apiAs(baseURL!, KSEA_FBO_USER);
  try {
    await expect(page.getByRole('heading', { level: 2, name: 'Requesting Quotes...' })).toBeVisible();
    await expect(page.getByText(`Your quote ID: ${uniqueId}`)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Steps' }).getByText('4. Quotes')).toHaveAttribute(
      'aria-current',
      'step',
    );

    // The FBO declines from its inbox; the results view, polling, shows the answer.
    const inbox = (await (await fbo.get('/api/fbo-portal/inbox')).json()) as {
      requests: { invitationId: string; quoteRequestId: string }[];
    };
    const invitation = inbox.requests.find((r) => r.quoteRequestId === id);
    expect(invitation, 'the request in the KSEA FBO inbox').toBeDefined();
    const declined = await fbo.post(`/api/fbo-portal/requests/${invitation!.invitationId}/decline`, {
      data: { reason: 'no_hangar_space' },
    });
    expect(declined.status(), await declined.text()).toBe(201);
    await expect(page.getByRole('heading', { level: 2, name: '1 FBOs Responded' })).toBeVisible();
    const answers = page.getByRole('list', { name: 'FBO responses' });
    await expect(answers.getByRole('heading', { name: 'Demo FBO Seattle Jet Center' })).toBeVisible();
    await expect(answers.getByText('Declined: No hangar space')).toBeVisible();
  } finally {
    await fbo.dispose();
    await removeQuoteRequest(page, id);
  }
});
