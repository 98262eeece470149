import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectFitsPhone } from './support/phone-layout';

// The Request for Quote form end to end: a pilot fills it for a demo-FBO airport (KLAX has two demo FBOs in
// development, svc-airports/src/seed/demo-fbos.ts), reviews it, edits it, submits it and lands on the details.

const ORIGIN = { Origin: 'http://localhost:8080' };
const PILOT = { email: 'pilot@rampquote.dev', password: 'RampQuote#2026' };
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** A tail number no other run uses. */
const uniqueTail = () => `Q${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

/** 'YYYY-MM-DD' of today plus `days` in the browser's zone (the date input's format). */
async function dayFromToday(page: Page, days: number): Promise<string> {
  return page.evaluate((d) => {
    const date = new Date();
    date.setDate(date.getDate() + d);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  }, days);
}

async function logIn(page: Page, returnPath: string) {
  await page.goto(`/login?returnPath=${encodeURIComponent(returnPath)}`);
  await page.getByLabel('Email').fill(PILOT.email);
  await page.getByLabel('Password', { exact: true }).fill(PILOT.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(new RegExp(`${returnPath}$`));
}

/** Saves an aircraft for the pilot through the API (the session cookie is the page's); returns its id. */
async function addAircraft(page: Page, tail: string): Promise<string> {
  const res = await page.request.post('/api/aircraft', {
    headers: ORIGIN,
    data: { make: 'Cessna', model: '172S Skyhawk', tailNumber: tail },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function pickAirport(page: Page, field: 'Departure' | 'Destination', code: string) {
  const input = page.getByRole('combobox', { name: new RegExp(`^${field} airport`) });
  await input.fill(code);
  await page.getByRole('option', { name: new RegExp(`^${code} - `) }).click();
  await expect(input).toHaveValue(new RegExp(`^${code} - `));
}

/** Clicks a Chakra checkbox or switch the way a user does: on its label (the input itself is visually hidden). */
async function toggle(page: Page, role: 'checkbox' | 'switch', name: string | RegExp) {
  const control = page.getByRole(role, { name, exact: typeof name === 'string' });
  await page.locator('label', { has: control }).click();
  return control;
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };
    const axe = (
      window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a visitor is asked to log in on /rfi-form', async ({ page }) => {
  await page.goto('/rfi-form');
  await expect(page.getByText('Please log in to continue')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login\?returnPath=%2Frfi-form$/);
});

test('a pilot requests quotes from the demo FBOs at KLAX: form, review, edit, submit, quote details', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, '/rfi-form');
  const tail = uniqueTail();
  const aircraftId = await addAircraft(page, tail);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Request for Quote' })).toBeVisible();
    await page.getByRole('combobox', { name: /^Aircraft/ }).selectOption(aircraftId);

    await pickAirport(page, 'Departure', 'KSEA');
    await pickAirport(page, 'Destination', 'KLAX');
    // Every FBO found at a new destination is selected.
    const fbos = page.getByRole('group', { name: 'FBOs at destination' });
    await expect(fbos.getByRole('checkbox', { name: /Demo FBO Pacific Ramp Services/ })).toBeChecked();
    await expect(fbos.getByRole('checkbox', { name: /Demo FBO Westside Jet Center/ })).toBeChecked();

    await page.getByLabel('Arrival date').fill(await dayFromToday(page, 2));
    await page.getByLabel('Departure date').fill(await dayFromToday(page, 4));
    await page.getByRole('combobox', { name: 'Departure hour' }).selectOption('15');
    await page.getByRole('combobox', { name: 'Departure minute' }).selectOption('30');
    await expect(page.getByText(/Duration at destination/)).toHaveText('Duration at destination: 2 days 3 hours');

    await expect(await toggle(page, 'checkbox', 'Jet A')).toBeChecked();
    await page.getByLabel(/^Estimated fuel amount/).fill('300');
    await expect(await toggle(page, 'switch', 'Potable water')).toBeChecked();
    await expect(page.getByRole('combobox', { name: /^Potable water \(/ })).toHaveValue('5');
    await page.getByRole('textbox', { name: 'Notes' }).fill('E2E run: please ignore.');

    await page.getByRole('button', { name: 'Review Quote Request' }).click();
    await expect(page).toHaveURL(/\/quote-review$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Review Your Quote Request' })).toBeVisible();
    const flight = page.getByRole('region', { name: 'Flight Details' });
    await expect(flight).toContainText(tail);
    await expect(flight).toContainText('KSEA - ');
    await expect(flight).toContainText('KLAX - ');
    await expect(page.getByRole('region', { name: 'Requested Services' })).toContainText('Jet A, 300');
    await expect(page.getByRole('region', { name: 'Selected FBOs' })).toContainText('Demo FBO Westside Jet Center');

    // Edit: the form comes back as it was; drop one FBO and review again.
    await page.getByRole('button', { name: 'Edit Request' }).click();
    await expect(page).toHaveURL(/\/rfi-form$/);
    await expect(page.getByRole('combobox', { name: /^Destination airport/ })).toHaveValue(/^KLAX - /);
    await expect(page.getByLabel(/^Estimated fuel amount/)).toHaveValue('300');
    await expect(await toggle(page, 'checkbox', /Demo FBO Westside Jet Center/)).not.toBeChecked();
    await page.getByRole('button', { name: 'Review Quote Request' }).click();
    const selected = page.getByRole('region', { name: 'Selected FBOs' });
    await expect(selected).toContainText('Demo FBO Pacific Ramp Services');
    await expect(selected).not.toContainText('Demo FBO Westside Jet Center');

    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page).toHaveURL(/\/quote-details\/[^/]+$/);
    // The stored request is gone: the review page has nothing left to show.
    await page.goto('/quote-review');
    await expect(page.getByText('No quote request data found to review.')).toBeVisible();
    await expect(page).toHaveURL(/\/rfi-form$/);
  } finally {
    await page.request.delete(`/api/aircraft/${aircraftId}`, { headers: ORIGIN });
  }
});

test('the request form fits a 375 px wide screen with a side margin and has no serious accessibility violation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await logIn(page, '/rfi-form');
  const h1 = page.getByRole('heading', { level: 1, name: 'Request for Quote' });
  await expect(h1).toBeVisible();
  await pickAirport(page, 'Destination', 'KLAX');
  await expect(page.getByRole('checkbox', { name: /Demo FBO Pacific Ramp Services/ })).toBeChecked();
  await expectFitsPhone(page, h1);
  expect(await seriousViolations(page)).toEqual([]);
});

for (const { path, heading } of [
  { path: '/request-quote', heading: 'Request a Quote' },
  { path: '/rfi-form-test', heading: 'RFI Form Test' },
  { path: '/clean-form', heading: 'Clean Services Form' },
  { path: '/clean-services', heading: 'Clean Services Page' },
]) {
  test(`${path} shows '${heading}' at 375 px with a side margin, without horizontal scrolling or serious accessibility violations`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await logIn(page, path);
    const h1 = page.getByRole('heading', { level: 1, name: heading });
    await expect(h1).toBeVisible();
    if (path === '/rfi-form-test') await expect(page.getByText('No Duplicates Found')).toBeVisible();
    await expectFitsPhone(page, h1);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
