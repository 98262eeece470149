import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';

const seriousViolations = (page: Page) => axeViolations(page, ['critical', 'serious']);

const PAGES = [
  { path: '/', heading: 'Never overpay for FBO services again' },
  { path: '/faq', heading: 'Frequently Asked Questions' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/support', heading: 'Support' },
  { path: '/no-such-page', heading: '404 Page Not Found' },
];

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  // Let entrance transitions finish before measuring colours.
  await page.waitForTimeout(400);
}

for (const { path, heading } of PAGES) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await open(page, path, heading);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`${path} fits a 375 px wide screen without horizontal scrolling`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, path, heading);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect(clientWidth).toBe(375);
  });
}

test('the support form with its validation messages shown has no serious violations', async ({ page }) => {
  await open(page, '/support', 'Support');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the mobile menu opens, is walked and closed with the keyboard, and passes the scan when open', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await open(page, '/', 'Never overpay for FBO services again');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  const button = page.getByRole('button', { name: 'Open menu' });
  // Keyboard only: Tab from the skip link and the logo to the menu button.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'FAQ' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Login' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Sign Up' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  // And a link chosen from the menu navigates and closes it.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  await expect(nav).toBeHidden();
});
