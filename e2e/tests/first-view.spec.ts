import { expect, request, test, type Page } from '@playwright/test';
import { PILOT, signIn } from './support/session';

/** The page's layout shifts since it started, summed as CLS sums them (shifts just after an input do not count). */
const layoutShift = (page: Page) =>
  page.evaluate(async () => {
    // The frame that showed the last change has been rendered, its shifts recorded, once two more frames have begun.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    const shifts = observer.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
    observer.disconnect();
    return shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0);
  });

/**
 * Opens `path` on a phone-sized page with every script held until `release()`: what shows before is the page's HTML
 * alone. `shiftSinceRelease()` sums the layout shifts the scripts caused (on a busy machine the browser may paint the
 * HTML before all of it has arrived, a shift of its own, which is not the page taking over).
 */
async function openWithScriptsHeld(page: Page, path: string) {
  let releaseScripts!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      await scriptsHeld;
      await route.continue();
    },
  );
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(path, { waitUntil: 'commit' });
  let shiftBefore = 0;
  return {
    view: page.locator('main [data-first-view]'),
    release: async () => {
      shiftBefore = await layoutShift(page);
      releaseScripts();
    },
    shiftSinceRelease: async () => (await layoutShift(page)) - shiftBefore,
  };
}

test("a visitor's login page shows its first view before any script has run, then the page itself takes its place without anything moving, and signing in works", async ({
  page,
}) => {
  const { release, view, shiftSinceRelease } = await openWithScriptsHeld(page, '/login');

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

  await release();
  await expect(view).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toHaveCount(1);
  await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeVisible();
  expect(await shiftSinceRelease()).toBe(0);

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
  const { release, view, shiftSinceRelease } = await openWithScriptsHeld(page, '/history');

  await expect(view.locator('h1')).toHaveText('My Quotes');
  await expect(view.getByText('View and manage your FBO quote requests')).toBeVisible();
  await expect(view).toHaveAttribute('inert', '');

  await release();
  await expect(view).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'My Quotes', level: 1 })).toBeVisible();
  await expect(page.getByText(/^\d+ quote\(s\) found$/).or(page.getByText('No Quotes Yet'))).toBeVisible();
  expect(await shiftSinceRelease()).toBe(0);

  const visitor = await request.newContext({ baseURL });
  const visitorsPage = await visitor.get('/history', { headers: { Accept: 'text/html' } });
  expect(await visitorsPage.text()).not.toContain('data-first-view');
  await visitor.dispose();
});

test("a signed-in pilot's Request for Quote shows its first view before any script has run, then the form, which takes typing, without anything moving", async ({
  page,
}) => {
  await signIn(page);
  const { release, view, shiftSinceRelease } = await openWithScriptsHeld(page, '/rfi-form');

  await expect(view.locator('h1')).toHaveText('Request for Quote');
  await expect(
    view.getByText('Ask the FBOs at your destination for fuel, hangar and ground-service prices'),
  ).toBeVisible();
  await expect(view).toHaveAttribute('inert', '');
  await expect(page.getByRole('form', { name: 'Request for Quote' })).toHaveCount(0);

  await release();
  await expect(view).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Request for Quote', level: 1 })).toHaveCount(1);
  const departure = page.getByRole('combobox', { name: /^Departure airport/ });
  await expect(departure).toBeVisible();
  expect(await shiftSinceRelease()).toBe(0);
  await departure.fill('KSEA');
  await expect(departure).toHaveValue('KSEA');
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
