import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { signIn } from './support/session';

const PASSWORD = 'Runway#2026a';
const ORIGIN = { Origin: 'http://localhost:8080' };

const uniqueEmail = (prefix = 'pilot') =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.rampquote.test`;

/** The seeded admin puts `email` on the beta invitation list through POST /api/admin/invites, in a session of its own. */
async function inviteAsAdmin(baseURL: string, email: string) {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: ORIGIN });
  try {
    const login = await admin.post('/api/auth/login', {
      data: { email: 'admin@rampquote.dev', password: 'RampQuote#2026' },
    });
    expect(login.status()).toBe(200);
    const res = await admin.post('/api/admin/invites', { data: { value: email } });
    expect(res.status()).toBe(201);
    expect(await res.json()).toMatchObject({ kind: 'email', value: email.toLowerCase() });
    const list = await admin.get('/api/admin/invites');
    expect(list.status()).toBe(200);
    expect((await list.json()).invites).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'email', value: email.toLowerCase() })]),
    );
  } finally {
    await admin.dispose();
  }
}

async function expectSignedOutHeader(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Quotes' })).toHaveCount(0);
}

async function expectSignedInHeader(page: Page, firstName: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'My Quotes' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'New Quote' })).toBeVisible();
  await expect(nav.getByRole('button', { name: new RegExp(firstName) })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /log in|sign in/i }).click();
}

async function logOut(page: Page, firstName: string) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: new RegExp(firstName) })
    .click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
}

test('home page shows the page chrome and the visitor call to action', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/quote/i);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms' })).toHaveAttribute('target', '_blank');
  await expectSignedOutHeader(page);
  await expect(page.getByRole('link', { name: 'Create Your Free Account' })).toHaveAttribute('href', '/register');
  await expect(page.getByText('Ready to simplify your FBO experience?')).toBeVisible();
});

test('a visitor registers, is invited by an admin, logs in and logs out', async ({ page, baseURL }) => {
  const email = uniqueEmail();
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
  await page.getByLabel('First name').fill('Jordan');
  await page.getByLabel('Last name').fill('Vega');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: /create account|sign up|register/i }).click();

  // Registration does not sign in: the invite-only notice is shown instead.
  await expect(page.getByText(/invite-only/i).first()).toBeVisible();
  await expectSignedOutHeader(page);

  // Not invited yet: the neutral invite-only toast, no error.
  await logIn(page, email, PASSWORD);
  await expect(page.getByText('Thanks for your interest!')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expectSignedOutHeader(page);

  // An admin invites the e-mail; now the login goes through.
  await inviteAsAdmin(baseURL!, email);
  await logIn(page, email, PASSWORD);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/history$/);
  await expectSignedInHeader(page, 'Jordan');

  // The session survives a reload (cookie, server-side session).
  await page.reload();
  await expectSignedInHeader(page, 'Jordan');

  await logOut(page, 'Jordan');
  await expectSignedOutHeader(page);
  await page.reload();
  await expectSignedOutHeader(page);
});

test('the seeded invited pilot logs in and returns to the returnPath', async ({ page }) => {
  await page.goto('/login?returnPath=%2Ffaq');
  await page.getByLabel('Email').fill('pilot@rampquote.dev');
  await page.getByLabel('Password', { exact: true }).fill('RampQuote#2026');
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expectSignedInHeader(page, 'Pat');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get a Quote' })).toHaveAttribute('href', '/rfi-form');
  await logOut(page, 'Pat');
});

test('the account menu covers nothing on the page until it is shown under its button', async ({ page }) => {
  await signIn(page);
  await page.goto('/faq');
  const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Pat/ });
  await expect(trigger).toBeVisible();
  // Where a tap lands in the moment the menu opens (right after the render that opens it; the menu is placed under
  // its button a frame or more later): a point of the page just under the header, at its left end.
  const header = (await page.getByRole('banner').boundingBox())!;
  const reached = page.evaluate(
    ({ x, y }) =>
      new Promise<string>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!document.querySelector('[role="menu"][data-state="open"]')) return;
          observer.disconnect();
          const hit = document.elementFromPoint(x, y);
          resolve(hit?.closest('[role="menu"]') ? `the menu (${hit.textContent})` : 'the page');
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      }),
    { x: 40, y: header.y + header.height + 30 },
  );
  await trigger.click();
  expect(await reached).toBe('the page');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
});

test('a wrong password gets the spec message and stays signed out', async ({ page }) => {
  await logIn(page, 'pilot@rampquote.dev', 'Wrong#Password1');
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await expectSignedOutHeader(page);
});

test('unknown paths show the not-found screen and /quote-request redirects', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await page.goto('/quote-request');
  await expect(page).toHaveURL(/\/request-quote$/);
});

test('/client-profile leads to the Profile tab, whose client profile form checks the spec rules and saves with PUT', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('client');
  const registered = await request.post('/api/auth/register', {
    headers: ORIGIN,
    data: { firstName: 'Avery', lastName: 'Lane', email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  await inviteAsAdmin(baseURL!, email);
  await logIn(page, email, PASSWORD);
  await expect(page.getByText('Welcome back!')).toBeVisible();

  await page.goto('/client-profile');
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByRole('heading', { name: 'Client Profile' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Pilot details' });
  await expect(form.getByLabel('Email')).toHaveValue(email);

  await form.getByLabel('Phone number').fill('555-0101');
  await form.getByRole('button', { name: 'Save Client Profile' }).click();
  await expect(form.getByText('Please enter a valid phone number')).toBeVisible();
  await expect(form.getByText('Pilot Certificate Number is required')).toBeVisible();
  await expect(form.getByText('Date of birth is required')).toBeVisible();

  await form.getByLabel('Phone number').fill('555-010-4040');
  await form.getByLabel('Date of birth').fill('1981-07-14');
  await form.getByLabel('Pilot Certificate Number').fill('CP-4411');
  await form.getByLabel('Certification level').selectOption('Commercial');
  await form.getByLabel('Medical class').selectOption('2nd');
  await form.getByLabel('Instrument rating').selectOption('Yes');
  await form.getByLabel('Flight instructor').selectOption('No');
  await form.getByLabel('Flight hours per year').selectOption('76-150');
  await form.getByLabel('Home airport code').fill('KBFI');
  await form.getByLabel('Jet Aviation account number').fill('JA-77');
  await form.getByRole('button', { name: 'Save Client Profile' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();

  await page.reload();
  const reloaded = page.getByRole('form', { name: 'Pilot details' });
  await expect(reloaded.getByLabel('Pilot Certificate Number')).toHaveValue('CP-4411');
  await expect(reloaded.getByLabel('Flight hours per year')).toHaveValue('76-150');
  await expect(reloaded.getByLabel('Jet Aviation account number')).toHaveValue('JA-77');
  // The account profile form shows the same stored phone number.
  await expect(page.getByRole('form', { name: 'Profile', exact: true }).getByLabel('Phone number')).toHaveValue(
    '555-010-4040',
  );
  await logOut(page, 'Avery');
});
