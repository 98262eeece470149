import { expect, test } from '@playwright/test';
import { requestInitiators } from './support/resource-initiators';
import { signIn } from './support/session';

// Every shell page preloads the session request (GET /api/auth/me) from its HTML, so the answer arrives with the
// scripts. The page's own request must take that answer: one request, made by the preload, with the cookie.

test('a signed-in page reads the preloaded session: the header shows the user, and the session was fetched once', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/history');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: /Pat/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My Quotes' })).toBeVisible();
  expect(await requestInitiators(page, '/api/auth/me')).toEqual(['link']);
});

test('a visitor on /login reads the preloaded session too: the form shows, and the session was fetched once', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await requestInitiators(page, '/api/auth/me')).toEqual(['link']);
});
