import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';

const PASSWORD = 'Runway#2026a';
const NEW_PASSWORD = 'Hangar#2027b';
const ORIGIN = { Origin: 'http://localhost:8080' };
const MAIL_API = 'http://localhost:1080/email';

const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.rampquote.test`;

/** Registers through the API (the register form itself is covered by accounts-flow.spec.ts). */
async function registerUser(request: APIRequestContext, email: string, firstName: string) {
  const res = await request.post('/api/auth/register', {
    headers: ORIGIN,
    data: { firstName, lastName: 'Tester', email, password: PASSWORD },
  });
  expect(res.status()).toBe(201);
}

/** The seeded admin invites `value` through POST /api/admin/invites, in a session of its own. */
async function inviteAsAdmin(baseURL: string, value: string) {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: ORIGIN });
  try {
    const login = await admin.post('/api/auth/login', {
      data: { email: 'admin@rampquote.dev', password: 'RampQuote#2026' },
    });
    expect(login.status()).toBe(200);
    const res = await admin.post('/api/admin/invites', { data: { value } });
    expect(res.status()).toBe(201);
    expect(await res.json()).toMatchObject({ kind: 'email', value: value.toLowerCase() });
  } finally {
    await admin.dispose();
  }
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

interface Mail {
  subject: string;
  text: string;
  to: { address: string }[];
}

async function waitForMail(request: APIRequestContext, to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(MAIL_API)).json()) as Mail[];
        found = mails.find((m) => m.subject === subject && m.to.some((t) => t.address === to));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

test('register → the admin invites the e-mail → the user is told, logs in, edits the profile and logs out', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('invitee');
  await registerUser(request, email, 'Casey');
  await inviteAsAdmin(baseURL!, email);
  await waitForMail(request, email, 'Your RampQuote access is open');

  await logIn(page, email, PASSWORD);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/history$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: /Casey/ }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  const form = page.getByRole('form', { name: 'Profile' });
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByLabel('Account Type')).toHaveValue('Pilot');
  await form.getByLabel('First name').fill('Morgan');
  await form.getByLabel('Phone number').fill('555-010-2030');
  await form.getByLabel('AVFUEL account number').fill('AV-778');
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();

  // The header (session user) follows the change, also after a reload (the gateway replaced the session user).
  await expect(nav.getByRole('button', { name: /Morgan/ })).toBeVisible();
  await page.reload();
  await expect(nav.getByRole('button', { name: /Morgan/ })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('AVFUEL account number')).toHaveValue('AV-778');

  await nav.getByRole('button', { name: /Morgan/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/login\?returnPath=%2Faccount%2Fprofile$/);
});

test('forgot password → reset link from the mail catcher → the new password works, the old one does not', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('forgetful');
  await registerUser(request, email, 'Riley');
  await inviteAsAdmin(baseURL!, email);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Email Sent' })).toBeVisible();

  const mail = await waitForMail(request, email, 'Reset your RampQuote password');
  const link = /http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  await logIn(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await logIn(page, email, NEW_PASSWORD);
  await expect(page.getByText('Welcome back!')).toBeVisible();

  // The link is single use.
  await page.context().clearCookies();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel('New password', { exact: true }).fill('Another#2028c');
  await page.getByLabel('Confirm new password').fill('Another#2028c');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText('Your password reset link is invalid or has expired. Please request a new one.'),
  ).toBeVisible();
});
