import { expect, test, type Page } from '@playwright/test';

/** The shell's own routes: path, level-1 heading, document title. */
const STATIC_ROUTES = [
  { path: '/', heading: 'Never overpay for FBO services again', title: 'RampQuote — Compare Aviation Service Quotes' },
  { path: '/faq', heading: 'Frequently Asked Questions', title: 'FAQ | RampQuote' },
  { path: '/privacy', heading: 'Privacy Policy', title: 'Privacy Policy | RampQuote' },
  { path: '/terms', heading: 'Terms of Service', title: 'Terms of Service | RampQuote' },
  { path: '/support', heading: 'Support', title: 'Support | RampQuote' },
];

const meta = (page: Page, selector: string) => page.locator(`head meta[${selector}]`);

async function expectPageMeta(page: Page, path: string, title: string) {
  const origin = new URL(page.url()).origin;
  await expect(page).toHaveTitle(title);
  await expect(meta(page, 'name="description"')).toHaveAttribute('content', /.{20,}/);
  await expect(meta(page, 'property="og:type"')).toHaveAttribute('content', 'website');
  await expect(meta(page, 'property="og:url"')).toHaveAttribute('content', origin + path);
  await expect(meta(page, 'property="og:title"')).toHaveAttribute('content', title);
  const description = await meta(page, 'name="description"').getAttribute('content');
  await expect(meta(page, 'property="og:description"')).toHaveAttribute('content', description ?? '');
  await expect(meta(page, 'property="og:image"')).toHaveAttribute('content', `${origin}/social-card.png`);
  await expect(meta(page, 'name="twitter:card"')).toHaveAttribute('content', 'summary_large_image');
  await expect(meta(page, 'name="twitter:title"')).toHaveAttribute('content', title);
  await expect(meta(page, 'name="twitter:description"')).toHaveAttribute('content', description ?? '');
  await expect(meta(page, 'name="twitter:image"')).toHaveAttribute('content', `${origin}/social-card.png`);
  // One tag of each kind, updated in place.
  await expect(meta(page, 'property="og:title"')).toHaveCount(1);
}

for (const route of STATIC_ROUTES) {
  test(`${route.path} renders its heading and its page meta`, async ({ page }) => {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1, name: route.heading, exact: true })).toBeVisible();
    await expectPageMeta(page, route.path, route.title);
  });
}

test('page meta follows client-side navigation', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  await expectPageMeta(page, '/faq', 'FAQ | RampQuote');
  await page.getByRole('link', { name: 'Contact Support' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Support', exact: true })).toBeVisible();
  await expectPageMeta(page, '/support', 'Support | RampQuote');
});

test("a remote's route has its page meta too", async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expectPageMeta(page, '/login', 'Log In | RampQuote');
});

test('an unknown path shows "404 Page Not Found" with its meta', async ({ page }) => {
  await page.goto('/no-such-page-here');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await expectPageMeta(page, '/no-such-page-here', 'Page Not Found | RampQuote');
});

test('/quote-request redirects to /request-quote', async ({ page }) => {
  await page.goto('/quote-request');
  await expect(page).toHaveURL(/\/request-quote$/);
});

test('the social image is served as a 1200×630 PNG', async ({ request }) => {
  const response = await request.get('/social-card.png');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  const body = await response.body();
  expect(body.subarray(1, 4).toString()).toBe('PNG');
  expect(body.readUInt32BE(16)).toBe(1200);
  expect(body.readUInt32BE(20)).toBe(630);
});

test('the static FAQ facts and the legal pages read as the spec says', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(8); // 7 questions + "Still have questions?"
  await expect(page.getByText(/2-24 hours/)).toContainText('1-3 hours');
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/support');

  await page.goto('/privacy');
  await expect(page.getByText('Effective date: June 27, 2025')).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(12);

  await page.goto('/terms');
  await expect(page.getByText('Last updated: June 27, 2025')).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(17);
  await expect(page.getByText(/governed by the laws of Washington State/)).toBeVisible();
});
