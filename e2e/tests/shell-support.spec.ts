import { expect, test, type Page } from '@playwright/test';
import { Client } from 'pg';

const MAIL_API = process.env.MAILDEV_URL ?? 'http://localhost:1080';
const SUPPORT_EMAIL = process.env.SUPPORT_EMAIL ?? 'support@rampquote.dev';

interface CaughtMail {
  subject: string;
  text: string;
  to: { address: string }[];
}

/** The message whose subject contains `subject`, read from the dev mail catcher's JSON API. */
async function waitForMail(subject: string, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = (await (await fetch(`${MAIL_API}/email`)).json()) as CaughtMail[];
    const found = all.find((m) => m.subject.includes(subject));
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no e-mail with subject "${subject}" in the mail catcher after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function fillForm(page: Page, values: { name: string; email: string; subject: string; message: string }) {
  await field(page, 'Name').fill(values.name);
  await field(page, 'Email').fill(values.email);
  await field(page, 'Subject').fill(values.subject);
  await field(page, 'Message').fill(values.message);
}

async function storedSupportMessage(subject: string) {
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432');
  server.pathname = '/rampquote_identity';
  const client = new Client({ connectionString: server.toString() });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT name, email, subject, message FROM support_messages WHERE subject = $1',
      [subject],
    );
    return rows;
  } finally {
    await client.end();
  }
}

test.beforeEach(async ({ page }) => {
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support', exact: true })).toBeVisible();
});

test("shows the spec's validation messages and sends nothing while a field is invalid", async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/support/contact')) posts.push(request.url());
  });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Subject must be at least 5 characters')).toBeVisible();
  await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
  await expect(field(page, 'Name')).toBeFocused();

  await fillForm(page, { name: 'Al', email: 'al@', subject: 'Fuel', message: 'Too short' });
  await expect(page.getByText('Name must be at least 2 characters')).toHaveCount(0);
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByRole('button', { name: 'Send Message' }).click();
  // The refused send moves focus to the first invalid field (the button had it).
  await expect(field(page, 'Email')).toBeFocused();
  await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();

  // A valid send last (answered here, nothing stored): its request comes after any the refused clicks could have
  // sent, so once its toast shows, it is the only one.
  await page.route('**/api/support/contact', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ message: 'Message sent' }) }),
  );
  await fillForm(page, { name: 'Al', email: 'al@example.com', subject: 'Fuel prices', message: 'Is Jet A available?' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByTestId('toast')).toContainText('Message sent successfully!');
  expect(posts).toHaveLength(1);
});

test('sends a message: "Sending...", the success toast, an empty form, the message stored and e-mailed to support', async ({
  page,
}) => {
  const subject = `Hangar space at KBFI ${Date.now().toString(36)}`;
  const message = 'Could you add hangar quotes for Boeing Field? We arrive next week.';
  // Hold the request briefly so the in-flight state can be seen.
  await page.route('**/api/support/contact', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await fillForm(page, { name: 'Dana Reyes', email: 'dana.reyes@e2e.rampquote.test', subject, message });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('button', { name: /Sending\.\.\./ })).toBeVisible();

  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Message sent successfully!');
  await expect(toast).toContainText("We'll respond as soon as possible.");
  for (const label of ['Name', 'Email', 'Subject', 'Message']) await expect(field(page, label)).toHaveValue('');

  // F8 moves focus to the notification region.
  await page.keyboard.press('F8');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[data-scope="toast"]') !== null))
    .toBe(true);

  expect(await storedSupportMessage(subject)).toEqual([
    { name: 'Dana Reyes', email: 'dana.reyes@e2e.rampquote.test', subject, message },
  ]);

  const mail = await waitForMail(subject);
  expect(mail.to.map((to) => to.address)).toContain(SUPPORT_EMAIL);
  expect(mail.text).toContain(message);
  expect(mail.text).toContain('dana.reyes@e2e.rampquote.test');
});

test("a failed send shows 'Failed to send message' with the server's message and keeps the input", async ({ page }) => {
  await page.route('**/api/support/contact', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Support is unavailable' }),
    }),
  );
  await fillForm(page, {
    name: 'Dana Reyes',
    email: 'dana@example.com',
    subject: 'Fuel prices',
    message: 'Is Jet A self-serve available?',
  });
  await page.getByRole('button', { name: 'Send Message' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Failed to send message');
  await expect(toast).toContainText('Support is unavailable');
  await expect(field(page, 'Subject')).toHaveValue('Fuel prices');
});
