import { expect, request as playwrightRequest, test, type Locator, type Page } from '@playwright/test';
import { dismissToast } from './support/toast';

// Billing with the local payment provider (no Stripe keys under `npm start`): cards, default, removal, a
// subscription created, switched and cancelled, and the profile's plan fields filled from `subscription-changed`.

const ORIGIN = { Origin: 'http://localhost:8080' };
const ADMIN = { email: 'admin@rampquote.dev', password: 'RampQuote#2026' };
const PASSWORD = 'Runway#2026a';

const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.rampquote.test`;
/** An expiry three years ahead, `12/YY`. */
const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/** A fresh invited pilot: no cards and no subscription from an earlier run. */
async function registerInvitedPilot(baseURL: string, firstName: string): Promise<string> {
  const email = uniqueEmail('billing');
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: ORIGIN });
  try {
    const registered = await admin.post('/api/auth/register', {
      data: { firstName, lastName: 'Ledger', email, password: PASSWORD },
    });
    expect(registered.status()).toBe(201);
    const login = await admin.post('/api/auth/login', { data: ADMIN });
    expect(login.status()).toBe(200);
    const invited = await admin.post('/api/admin/invites', { data: { value: email } });
    expect(invited.status()).toBe(201);
  } finally {
    await admin.dispose();
  }
  return email;
}

async function logIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Reads a toast and dismisses it, as a user would, so it does not cover the buttons below it. */
async function expectToast(page: Page, title: string | RegExp, description?: string) {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
  await dismissToast(toast);
}

async function fillCard(dialog: Locator, number: string, name: string) {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill(EXPIRY);
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByLabel('Cardholder name').fill(name);
}

test('a pilot saves two cards, changes the default, removes one, subscribes, switches, cancels, and the profile shows the plan', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = await registerInvitedPilot(baseURL!, 'Morgan');

  // /billing needs a login and comes back after it.
  await page.goto('/billing');
  await expect(page).toHaveURL(/\/login\?returnPath=%2Fbilling$/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No payment methods yet' })).toBeVisible();
  await expect(page.getByText('No invoices yet.')).toBeVisible();

  // The card form's messages (spec section 5), nothing sent.
  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await dialog.getByRole('button', { name: 'Save Card' }).click();
  await expect(dialog.getByText('Card number must be at least 16 digits')).toBeVisible();
  await expect(dialog.getByText('Expiry date must be in format MM/YY')).toBeVisible();
  await expect(dialog.getByText('CVC must be at least 3 digits')).toBeVisible();
  await expect(dialog.getByText('Cardholder name is required')).toBeVisible();

  // First card: the entered card (never a fixed test card), and it becomes the default.
  let tokenRequests = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/billing/local/card-token')) tokenRequests++;
  });
  const addBodies: unknown[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/billing/payment-method')
      addBodies.push(r.postDataJSON());
  });
  await fillCard(dialog, '4242 4242 4242 4242', 'Morgan Ledger');
  await dialog.getByRole('button', { name: 'Save Card' }).click();
  await expectToast(page, 'Payment method added successfully');
  await expect(dialog).toBeHidden();
  const cards = page.getByRole('list', { name: 'Saved cards' });
  const visaItem = cards.getByRole('listitem').filter({ hasText: 'Visa' });
  await expect(visaItem).toContainText('4242');
  await expect(visaItem).toContainText(`Expires ${EXPIRY}`);
  await expect(visaItem.getByText('Default', { exact: true })).toBeVisible();
  expect(tokenRequests).toBe(1);
  expect(addBodies).toHaveLength(1);
  expect(addBodies[0]).toEqual({ paymentMethodId: expect.stringMatching(/^pm_/) });
  expect(JSON.stringify(addBodies)).not.toContain('4242424242424242');

  // Second card, by keyboard only.
  await page.getByRole('button', { name: 'Add Payment Method' }).focus();
  await page.keyboard.press('Enter');
  dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await expect(dialog.getByLabel('Card number')).toBeFocused();
  await page.keyboard.type('5555555555554444');
  await page.keyboard.press('Tab');
  await page.keyboard.type(EXPIRY);
  await page.keyboard.press('Tab');
  await page.keyboard.type('321');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Morgan Ledger');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Payment method added successfully');
  const mastercardItem = cards.getByRole('listitem').filter({ hasText: 'Mastercard' });
  await expect(mastercardItem).toContainText('4444');
  await expect(mastercardItem.getByText('Default', { exact: true })).toHaveCount(0);

  // Default: the second card, then back to the first.
  await page.getByRole('button', { name: 'Set as default: Mastercard ending in 4444' }).click();
  await expectToast(page, 'Default payment method updated');
  await expect(mastercardItem.getByText('Default', { exact: true })).toBeVisible();
  await expect(visaItem.getByText('Default', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Set as default: Visa ending in 4242' }).click();
  await expectToast(page, 'Default payment method updated');
  await expect(visaItem.getByText('Default', { exact: true })).toBeVisible();

  // Remove the first (the default) after the confirmation: the other card becomes the default.
  await page.getByRole('button', { name: 'Remove Visa ending in 4242' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove Payment Method' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Payment method removed');
  await expect(visaItem).toHaveCount(0);
  await expect(mastercardItem.getByText('Default', { exact: true })).toBeVisible();

  // The account's Billing Preferences tab shows the same cards, read-only.
  await page.goto('/account/billing');
  const tabCards = page
    .getByRole('tabpanel', { name: 'Billing Preferences' })
    .getByRole('list', { name: 'Saved cards' });
  await expect(tabCards.getByRole('listitem')).toHaveCount(1);
  await expect(tabCards.getByRole('listitem')).toContainText('Mastercard');
  await expect(tabCards.getByRole('button')).toHaveCount(0);

  // Subscribe to Pro from the billing page's summary.
  await page.goto('/billing');
  await page.getByRole('region', { name: 'Subscription' }).getByRole('link', { name: 'View Plans' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  const plan = (name: string) => page.getByRole('article', { name });
  await expect(plan('Pro')).toContainText('$49.00 per month');
  await expect(plan('Enterprise')).toContainText('$199.00 per month');
  await expect(page.getByText('Test mode — no payment is taken')).toBeVisible();
  await plan('Pro').getByRole('button', { name: 'Subscribe to Pro' }).click();
  const subscribe = page.getByRole('alertdialog', { name: 'Subscribe to Pro' });
  await expect(subscribe).toContainText('Subscribe to Pro for $49.00 a month?');
  await subscribe.getByRole('button', { name: 'Subscribe' }).click();
  await expectToast(page, 'Subscription created successfully');
  const current = page.getByRole('region', { name: 'Current Subscription' });
  await expect(current).toContainText('PlanPro');
  await expect(current).toContainText('StatusActive');
  await expect(current).toContainText('Auto-renewYes');
  await expect(plan('Pro').getByRole('button', { name: 'Current Plan' })).toBeDisabled();

  // Switch to Enterprise: an upgrade, the prorated difference charged today.
  await plan('Enterprise').getByRole('button', { name: 'Switch to Enterprise' }).click();
  const upgrade = page.getByRole('alertdialog', { name: 'Switch to Enterprise' });
  await expect(upgrade).toContainText(
    /Switch to Enterprise now\? You'll be charged \$1\d\d\.\d\d today, then \$199\.00 a month\./,
  );
  await upgrade.getByRole('button', { name: 'Switch Now' }).click();
  await expectToast(page, 'Subscription updated successfully');
  await expect(current).toContainText('PlanEnterprise');
  await expect(plan('Enterprise').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(plan('Pro').getByRole('button', { name: 'Switch to Pro' })).toBeEnabled();

  // Cancel at period end: auto-renew No, access until the period end.
  await current.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page
    .getByRole('alertdialog', { name: 'Cancel Subscription' })
    .getByRole('button', { name: 'Cancel Subscription' })
    .click();
  await expectToast(page, /Subscription cancelled\. You keep access until \d{2}\/\d{2}\/\d{4}\./);
  await expect(current).toContainText('Auto-renewNo');
  await expect(current).toContainText(/Access until\d{2}\/\d{2}\/\d{4}/);
  await expect(current.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);

  // The billing page: the summary and the history with a receipt PDF.
  await page.goto('/billing');
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText(
    /Cancelled: access until \d{2}\/\d{2}\/\d{4}/,
  );
  const invoices = page.getByRole('table', { name: 'Invoices' });
  // The newest: the upgrade's prorated charge, then Pro's first month.
  await expect(invoices.getByRole('row')).toHaveCount(3);
  await expect(invoices.getByRole('row').nth(1)).toContainText('Paid');
  await expect(invoices.getByRole('row').nth(1)).toContainText('Enterprise');
  await expect(invoices.getByRole('row').nth(2)).toContainText('$49.00');
  const receipt = invoices.getByRole('link', { name: /^Receipt .* \(PDF\)$/ }).first();
  const pdf = await page.request.get((await receipt.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  // The profile shows the plan once svc-identity has handled subscription-changed.
  await expect(async () => {
    await page.goto('/account/profile');
    await expect(page.getByRole('form', { name: 'Profile', exact: true }).getByLabel('Subscription')).toHaveValue(
      /Enterprise/,
      { timeout: 2_000 },
    );
  }).toPass({ timeout: 20_000 });
});

test('the billing and subscription pages fit a 375 px wide screen', async ({ page, baseURL }) => {
  const email = await registerInvitedPilot(baseURL!, 'Riley');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/login?returnPath=%2Fbilling');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { name: 'No payment methods yet' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await expect(dialog.getByRole('button', { name: 'Save Card' })).toBeInViewport();

  await page.goto('/subscription');
  await expect(page.getByRole('article', { name: 'Enterprise' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
