import { expect, test } from '@playwright/test';

// mf-account's host is unreachable: every request to where /remotes.json says it lives fails at the network level.
test.beforeEach(async ({ page, request }) => {
  const { remotes } = (await (await request.get('/remotes.json')).json()) as {
    remotes: { name: string; entry: string }[];
  };
  const account = new URL('.', new URL(remotes.find((r) => r.name === 'account')!.entry, 'http://localhost:8080')).href;
  await page.route(`${account}**`, (route) => route.abort('connectionrefused'));
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
