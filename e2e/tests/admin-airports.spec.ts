import { expect, test, type Page } from '@playwright/test';

const ADMIN = { email: 'admin@rampquote.dev', password: 'RampQuote#2026' };

async function logInAsAdmin(page: Page) {
  await page.goto('/login?returnPath=/admin');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

function toast(page: Page, title: string) {
  return page.locator('[data-part="root"]', { has: page.locator('[data-part="title"]', { hasText: title }) });
}

test('visitors are sent to the login page, returning to /admin', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?returnPath=(%2F|\/)admin$/);
});

test('an admin imports the US airports, sees Complete with the count, finds KSEA by "seattle", and uploads a CSV with one bad line', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logInAsAdmin(page);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  const status = page.getByTestId('import-status');
  // In development the service may still be running its first import of the built-in file.
  await expect(status).toContainText(/Status: (Complete|Not Imported)/, { timeout: 30_000 });

  await page.getByRole('button', { name: 'Import US Airports' }).click();
  await expect(toast(page, 'Import Started')).toBeVisible();
  const completed = toast(page, 'Import Completed');
  await expect(completed).toBeVisible({ timeout: 30_000 });
  await expect(completed).toContainText(/0 errors/);
  await expect(status).toContainText('Status: Complete');
  const count = Number((await page.getByTestId('airport-count').innerText()).replace(/,/g, ''));
  expect(count).toBeGreaterThanOrEqual(24_915);
  await expect(status).toContainText(/Last import: /);

  const search = await page.request.get('/api/airports/search?q=seattle');
  expect(search.status()).toBe(200);
  const results = (await search.json()) as { identifier: string; name: string }[];
  expect(results[0]).toMatchObject({ identifier: 'KSEA', name: 'Seattle–Tacoma International Airport' });

  const run = Date.now().toString(36).toUpperCase().slice(-5);
  const csv = [
    'ident,iata_code,name,municipality,iso_region,iso_country',
    `E${run},,E2E Field ${run},Testville,US-WA,US`,
    `X${run},,,Nowhere,US-WA,US`,
  ].join('\n');
  await page
    .getByLabel('Airport CSV file')
    .setInputFiles({ name: 'e2e-airports.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const uploaded = toast(page, 'Import Completed');
  await expect(uploaded).toContainText('1 airport imported, 1 error.');
  await expect(status).toContainText('Line 3: Missing name');
  await expect(page.getByTestId('airport-count')).toHaveText((count + 1).toLocaleString('en-US'));

  const airport = await page.request.get(`/api/airports/E${run}`);
  expect(await airport.json()).toMatchObject({
    identifier: `E${run}`,
    name: `E2E Field ${run}`,
    city: 'Testville',
    state: 'WA',
  });
});

test('the admin FBO directory lists the demo FBOs at KSEA and a pilot-facing call returns them', async ({ page }) => {
  await logInAsAdmin(page);
  await page.getByLabel('Airport (identifier or IATA code)').fill('SEA');
  await page.getByRole('button', { name: 'Show FBOs' }).click();
  const table = page.getByRole('table', { name: 'FBOs at SEA' });
  await expect(table).toContainText('Demo FBO Seattle Jet Center', { timeout: 30_000 });
  const fbos = await page.request.get('/api/airports/KSEA/fbos');
  const body = (await fbos.json()) as { fbos: { name: string; email: string }[] };
  expect(body.fbos.map((f) => f.name)).toContain('Demo FBO Seattle Jet Center');
});
