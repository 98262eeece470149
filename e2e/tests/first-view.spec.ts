import { expect, request, test, type Page } from '@playwright/test';
import { PILOT, signIn } from './support/session';

/**
 * Opens `path` on a phone-sized page with every script held until `release()`: what shows before is the page's HTML
 * alone. The page's layout shifts are summed from its start (read with layoutShift).
 */
async function openWithScriptsHeld(page: Page, path: string) {
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      await scriptsHeld;
      await route.continue();
    },
  );
  await page.addInitScript(() => {
    const page = window as unknown as { layoutShift: number };
    page.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) page.layoutShift += (entry as PerformanceEntry & { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(path, { waitUntil: 'commit' });
  return { release, view: page.locator('main [data-first-view]') };
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

test("a visitor's login page shows its first view before any script has run, then the page itself takes its place without anything moving, and signing in works", async ({
  page,
}) => {
  const { release, view } = await openWithScriptsHeld(page, '/login');

  // No script yet: the shell's header and the login page's view, which nothing can be typed into yet.
  await expect(view.locator('h1')).toHaveText('Welcome Back');
  await expect(view.getByText('Log in to request and compare FBO quotes.')).toBeVisible();
  await expect(page.locator('header')).toContainText('RampQuote');
  await expect(view).toHaveAttribute('inert', '');
  await expect(view).toHaveAttribute('aria-hidden', 'true');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toHaveCount(0);
  const focusable = await view
    .locator('input[type="email"]')
    .evaluate((input: HTMLInputElement) => (input.focus(), document.activeElement === input));
  expect(focusable).toBe(false);
  await expect(page.getByRole('status')).toHaveCount(0);

  release();
  await expect(view).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toHaveCount(1);
  expect(await layoutShift(page)).toBe(0);

  await page.getByLabel('Email').fill(PILOT.email);
  await page.getByLabel('Password').fill(PILOT.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/history$/);
});

test("a signed-in pilot's My Quotes shows its first view before any script has run, then the page with the pilot's requests without anything moving; a visitor's has none", async ({
  page,
  baseURL,
}) => {
  await signIn(page);
  const { release, view } = await openWithScriptsHeld(page, '/history');

  await expect(view.locator('h1')).toHaveText('My Quotes');
  await expect(view.getByText('View and manage your FBO quote requests')).toBeVisible();
  await expect(view).toHaveAttribute('inert', '');

  release();
  await expect(view).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'My Quotes', level: 1 })).toBeVisible();
  await expect(page.getByText(/^\d+ quote\(s\) found$/).or(page.getByText('No Quotes Yet'))).toBeVisible();
  expect(await layoutShift(page)).toBe(0);

  const visitor = await request.newContext({ baseURL });
  const visitorsPage = await visitor.get('/history', { headers: { Accept: 'text/html' } });
  expect(await visitorsPage.text()).not.toContain('data-first-view');
  await visitor.dispose();
});

test('a signed-in user opening the login page gets no first view: the page goes straight on to My Quotes', async ({
  page,
}) => {
  await signIn(page);
  const html = await (await page.request.get('/login', { headers: { Accept: 'text/html' } })).text();
  expect(html).not.toContain('data-first-view');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { name: 'My Quotes', level: 1 })).toBeVisible();
});
