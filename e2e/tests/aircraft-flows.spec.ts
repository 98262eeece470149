import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { dismissToast } from './support/toast';

const ORIGIN = { Origin: 'http://localhost:8080' };
const PILOT = { email: 'pilot@rampquote.dev', password: 'RampQuote#2026' };
const PASSWORD = 'Runway#2026a';

/** A tail number no other run uses (letters and digits, at most 10 characters). */
const uniqueTail = () =>
  `E${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 6).padEnd(4, '0')}`.toUpperCase();
const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.rampquote.test`;

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
}

/** Make → model (the catalogue specification fills the form) → tail number. */
async function describeAircraft(
  scope: Page | ReturnType<Page['getByRole']>,
  make: string,
  model: string,
  tail: string,
) {
  await scope.getByLabel('Make').selectOption(make);
  await expect(scope.getByLabel('Model')).toBeEnabled();
  await scope.getByLabel('Model').selectOption(model);
  await expect(scope.getByLabel('Wingspan (ft)')).not.toHaveValue('');
  // The "Aircraft Selected" toast sits over the dialog's buttons (bottom right): read it and dismiss it, as a
  // user would, before pressing Next.
  const page = 'page' in scope ? scope.page() : scope;
  const toast = page.getByRole('status').filter({ hasText: 'Aircraft Selected' });
  await expect(toast).toContainText('Please verify aircraft dimensions and weights are correct before proceeding.');
  await dismissToast(toast);
  await scope.getByLabel('Tail Number').fill(tail);
}

/** Deletes the signed-in user's aircraft with these tail numbers (reruns start clean). */
async function deleteAircraft(request: APIRequestContext, tails: string[]) {
  const res = await request.get('/api/aircraft');
  if (!res.ok()) return;
  for (const a of (await res.json()) as { id: string; tailNumber: string | null }[]) {
    if (a.tailNumber && tails.includes(a.tailNumber))
      await request.delete(`/api/aircraft/${a.id}`, { headers: ORIGIN });
  }
}

test('a pilot adds aircraft from the catalogue, edits a tail number, stars one and deletes both', async ({ page }) => {
  test.setTimeout(60_000);
  const [first, second, renamed] = [uniqueTail(), uniqueTail(), uniqueTail()];
  await page.goto('/login?returnPath=%2Faccount%2Faircraft');
  await logIn(page, PILOT.email, PILOT.password);
  await expect(page).toHaveURL(/\/account\/aircraft$/);
  try {
    // Add from the Aircraft tab.
    await page.getByRole('button', { name: 'Add Aircraft' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add New Aircraft' });
    await describeAircraft(dialog, 'Cessna', '172S Skyhawk', first);
    await expect(dialog.getByLabel('Engine Type')).toHaveValue('Piston');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Aircraft Added')).toBeVisible();
    await expect(dialog).toBeHidden();
    const table = page.getByRole('table', { name: 'Saved aircraft' });
    await expect(table.getByRole('row', { name: new RegExp(first) })).toContainText('Cessna 172S Skyhawk');

    // /account/aircraft/new opens the add dialog by itself.
    await page.goto('/account/aircraft/new');
    await expect(page).toHaveURL(/\/account\/aircraft$/);
    dialog = page.getByRole('dialog', { name: 'Add New Aircraft' });
    await describeAircraft(dialog, 'Cirrus', 'SR22', second);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Aircraft Added')).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(second) })).toContainText('Cirrus SR22');

    // Edit the tail number: uppercased, the name follows.
    await page.getByRole('button', { name: `Edit 172S ${first}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Aircraft' });
    await edit.getByLabel('Tail Number').fill(renamed.toLowerCase());
    await expect(edit.getByLabel('Tail Number')).toHaveValue(renamed);
    await expect(edit.getByLabel('Name')).toHaveValue(`172S ${renamed}`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Aircraft updated')).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit 172S ${renamed}` })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(first) })).toHaveCount(0);

    // Star the other one: it becomes the default and moves to the top.
    await page.getByRole('button', { name: `Set SR22 ${second} as default` }).click();
    await expect(page.getByText('Default Aircraft Updated')).toBeVisible();
    await expect(page.getByRole('button', { name: `SR22 ${second} is the default aircraft` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(table.getByRole('row').nth(1)).toContainText(second);

    // Delete both, each after the confirmation (once from the edit dialog).
    await page.getByRole('button', { name: `Delete SR22 ${second}` }).click();
    let confirm = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(table.getByRole('row', { name: new RegExp(second) })).toHaveCount(1);
    await page.getByRole('button', { name: `Delete SR22 ${second}` }).click();
    confirm = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Aircraft deleted')).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(second) })).toHaveCount(0);

    await page.getByRole('button', { name: `Edit 172S ${renamed}` }).click();
    await page.getByRole('dialog', { name: 'Edit Aircraft' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Aircraft deleted')).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit 172S ${renamed}` })).toHaveCount(0);
  } finally {
    await deleteAircraft(page.request, [first, second, renamed]);
  }
});

/** The seeded admin invites `email` through POST /api/admin/invites, in a request context of its own. */
async function inviteAsAdmin(baseURL: string, email: string) {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: ORIGIN });
  try {
    const login = await admin.post('/api/auth/login', {
      data: { email: 'admin@rampquote.dev', password: PILOT.password },
    });
    expect(login.status()).toBe(200);
    const res = await admin.post('/api/admin/invites', { data: { value: email } });
    expect(res.status()).toBe(201);
  } finally {
    await admin.dispose();
  }
}

test('a visitor’s aircraft draft survives registration and sign-in and is saved to the new account', async ({
  page,
  baseURL,
}) => {
  const tail = uniqueTail();
  const email = uniqueEmail('draft');

  // A visitor describes an aircraft; saving needs an account.
  await page.goto('/aircraftinfo');
  await expect(page.getByRole('tab')).toHaveCount(0);
  await describeAircraft(page, 'Piper', 'PA-28-181 Archer TX', tail);
  await expect(page.getByLabel('Tail Number')).toHaveValue(tail);
  await page.getByRole('button', { name: 'Next' }).click();
  const required = page.getByRole('alertdialog', { name: 'Account Required' });
  await expect(required.getByRole('link', { name: 'Login' })).toHaveAttribute(
    'href',
    '/login?returnPath=%2Faircraftinfo',
  );
  await required.getByRole('link', { name: 'Register' }).click();

  // Registration (invite-only: no sign-in yet) keeps the draft.
  await expect(page).toHaveURL(/\/register\?returnPath=%2Faircraftinfo$/);
  await page.getByLabel('First name').fill('Drew');
  await page.getByLabel('Last name').fill('Draft');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks for registering' })).toBeVisible();

  await inviteAsAdmin(baseURL!, email);
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login\?returnPath=%2Faircraftinfo$/);
  await logIn(page, email, PASSWORD);

  // Back on the step, the draft is offered for saving.
  await expect(page).toHaveURL(/\/aircraftinfo$/);
  const offer = page.getByRole('region', { name: 'Unsaved aircraft' });
  await expect(offer).toContainText(`Piper PA-28-181 Archer TX ${tail}`);
  await offer.getByRole('button', { name: 'Save Aircraft' }).click();
  await expect(page.getByText('Aircraft saved')).toBeVisible();
  await expect(offer).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Saved Aircraft' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(`PA-28-181 ${tail} — Piper PA-28-181 Archer TX (default)`)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('pendingAircraftData'))).toBeNull();

  await page.goto('/account/aircraft');
  await expect(
    page.getByRole('table', { name: 'Saved aircraft' }).getByRole('row', { name: new RegExp(tail) }),
  ).toContainText('Piper PA-28-181 Archer TX');
});
