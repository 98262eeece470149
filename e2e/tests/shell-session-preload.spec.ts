import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';

// Every shell page preloads the session request (GET /api/auth/me) from its HTML, so the answer arrives with the
// scripts. The page's own request must take that answer: one request, made by the preload, with the cookie.

/** How the page fetched /api/auth/me: one initiator per request ('link' is the preload). */
const sessionFetches = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname === '/api/auth/me')
      .map((e) => (e as PerformanceResourceTiming).initiatorType),
  );

test('a signed-in page reads the preloaded session: the header shows the user, and the session was fetched once', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/history');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: /Pat/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My Quotes' })).toBeVisible();
  expect(await sessionFetches(page)).toEqual(['link']);
});

test('a visitor on /login reads the preloaded session too: the form shows, and the session was fetched once', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await sessionFetches(page)).toEqual(['link']);
});
