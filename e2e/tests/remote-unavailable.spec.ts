import { expect, test } from '@playwright/test';

// mf-account is unreachable: every request for its files fails at the network level.
test.beforeEach(async ({ page }) => {
  await page.route('**/mf/account/**', (route) => route.abort('connectionrefused'));
});

test('the home page still renders when mf-account is unreachable', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto('/');
  await expect(page.getByText('Ready to simplify your FBO experience?')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('/login shows a notice instead of a blank page when mf-account is unreachable', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: /temporarily unavailable/i })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});
