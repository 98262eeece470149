import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';

// End to end: FBO rights come only from membership. An admin adds a member from the Admin Dashboard, who then lands
// on the FBO inbox and sees the FBO's request; a user claims an FBO through the link mailed to its listed address; a
// manager adds staff from Team; an account registered with an FBO's address (and invited) sees nothing of it.

const ORIGIN = { Origin: 'http://localhost:8080' };
const ADMIN = { email: 'admin@rampquote.dev', password: 'RampQuote#2026' };
const PILOT = { email: 'pilot@rampquote.dev', password: 'RampQuote#2026' };
const MAIL_API = 'http://localhost:1080/email';
const PASSWORD = 'Ramp#Desk2026a';
const DESTINATION = 'KSEA';

const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const uniqueEmail = (prefix: string) => `${prefix}-${unique()}@e2e.rampquote.test`;

interface Fbo {
  id: string;
  name: string;
  email: string;
}

interface Mail {
  text?: string;
  to: { address: string }[];
}

async function api(baseURL: string, credentials?: { email: string; password: string }) {
  const ctx = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: ORIGIN });
  if (credentials) {
    // A just-invited account may take a moment to be let in.
    await expect
      .poll(async () => (await ctx.post('/api/auth/login', { data: credentials })).status(), { timeout: 15_000 })
      .toBe(200);
  }
  return ctx;
}

/** A new FBO at KSEA with its own listed address (deactivated by `retire`). */
async function newFbo(admin: APIRequestContext, label: string): Promise<Fbo> {
  const res = await admin.post('/api/admin/fbos', {
    data: { airport: DESTINATION, name: `E2E ${label} ${unique()}`, email: uniqueEmail('fbo-desk'), phone: null },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Fbo;
}

async function retire(admin: APIRequestContext, fbo: Fbo) {
  await admin.patch(`/api/admin/fbos/${fbo.id}`, { data: { active: false } });
}

/** An account registered as `fbo` with `email` and invited by the admin. */
async function fboAccount(baseURL: string, admin: APIRequestContext, email = uniqueEmail('desk')) {
  const visitor = await api(baseURL);
  try {
    const res = await visitor.post('/api/auth/register', {
      data: { firstName: 'Front', lastName: 'Desk', email, password: PASSWORD, role: 'fbo' },
    });
    expect(res.status(), await res.text()).toBe(201);
  } finally {
    await visitor.dispose();
  }
  expect((await admin.post('/api/admin/invites', { data: { value: email } })).status()).toBe(201);
  return { email, password: PASSWORD };
}

/** The seeded pilot asks `fbo` for an estimate; `cleanUp` cancels and deletes it with its aircraft. */
async function pilotRequest(baseURL: string, fbo: Fbo) {
  const pilot = await api(baseURL, PILOT);
  const tail = `E${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 4)}`.toUpperCase();
  const aircraftRes = await pilot.post('/api/aircraft', {
    data: { make: 'Cessna', model: '172S Skyhawk', tailNumber: tail },
  });
  expect(aircraftRes.status()).toBe(201);
  const aircraft = (await aircraftRes.json()) as { id: string };
  const arrival = new Date(Date.now() + 10 * 24 * 3600_000);
  arrival.setUTCHours(15, 0, 0, 0);
  const created = await pilot.post('/api/quote-requests', {
    data: {
      aircraftId: aircraft.id,
      departureAirportCode: 'KBFI',
      airportCode: DESTINATION,
      arrival: arrival.toISOString(),
      departure: new Date(arrival.getTime() + 24 * 3600_000).toISOString(),
      services: { fuelJetA: true, fuelEstimatedAmount: 200, gpu: true, gpuDuration: '15' },
      notes: 'E2E: FBO membership',
      selectedFbos: [fbo.id],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, uniqueId } = (await created.json()) as { id: string; uniqueId: string };
  return {
    uniqueId,
    cleanUp: async () => {
      await pilot.post(`/api/quote-requests/${id}/cancel`);
      await pilot.delete(`/api/quote-requests/${id}`);
      await pilot.delete(`/api/aircraft/${aircraft.id}`);
      await pilot.dispose();
    },
  };
}

/** Signs in on the login page without a returnPath: the page decides where the user lands. */
async function signIn(page: Page, credentials: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  // Signed in once the login page is left: a navigation before that would abort the sign-in.
  await expect(page).not.toHaveURL(/\/login/);
}

test('an admin adds a member from the Admin Dashboard, who then lands on the FBO inbox and sees its request', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await api(baseURL!, ADMIN);
  const fbo = await newFbo(admin, 'Members');
  const quote = await pilotRequest(baseURL!, fbo);
  const desk = await fboAccount(baseURL!, admin);
  try {
    await signIn(page, ADMIN);
    await page.goto('/admin');
    await page.getByLabel('Airport (identifier or IATA code)').fill(DESTINATION);
    await page.getByRole('button', { name: 'Show FBOs' }).click();
    await page.getByRole('button', { name: `Members of ${fbo.name}` }).click();
    await expect(page.getByText(/No members yet/)).toBeVisible();
    await page.getByLabel('Member e-mail').fill(desk.email);
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect(page.getByText(`Front Desk · ${desk.email} · Manager`)).toBeVisible();

    const member = await browser.newContext({ baseURL });
    try {
      const memberPage = await member.newPage();
      await signIn(memberPage, desk);
      await expect(memberPage).toHaveURL(/\/fbo-portal$/);
      await expect(memberPage.getByRole('heading', { level: 1, name: 'FBO Inbox' })).toBeVisible();
      await expect(memberPage.getByRole('link', { name: `Enter estimate for quote ${quote.uniqueId}` })).toBeVisible();
      const nav = memberPage.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Team' })).toBeAttached();
      await expect(nav.getByRole('link', { name: 'New Quote' })).toHaveCount(0);
    } finally {
      await member.close();
    }
  } finally {
    await quote.cleanUp();
    await retire(admin, fbo);
    await admin.dispose();
  }
});

test('a user claims an FBO through the link mailed to its listed address and becomes its manager', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await api(baseURL!, ADMIN);
  const fbo = await newFbo(admin, 'Claim');
  const desk = await fboAccount(baseURL!, admin);
  try {
    // An fbo account without an FBO is led to "Claim your FBO".
    await signIn(page, desk);
    await expect(page).toHaveURL(/\/fbo-portal\/claim$/);
    await page.getByRole('textbox', { name: 'Airport' }).fill(DESTINATION);
    await page.getByRole('button', { name: new RegExp(`^${DESTINATION} ·`) }).click();
    await page.getByRole('radio', { name: fbo.name }).check({ force: true });
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByText("We sent a link to the FBO's listed address")).toBeVisible();

    let path: string | undefined;
    await expect
      .poll(
        async () => {
          const mails = (await (await request.get(MAIL_API)).json()) as Mail[];
          const mail = mails.filter((m) => m.to.some((t) => t.address === fbo.email)).pop();
          path = /\/fbo-portal\/claim\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
          return Boolean(path);
        },
        { timeout: 20_000, message: `the claim mail to ${fbo.email}` },
      )
      .toBe(true);
    await page.goto(path!);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(`You are now the manager of ${fbo.name} (${DESTINATION}).`)).toBeVisible();
    await page.getByRole('link', { name: 'Open the FBO inbox' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'FBO Inbox' })).toBeVisible();
    await expect(page.getByText(`Quote requests sent to ${fbo.name}, newest first.`)).toBeVisible();

    // The link is used up.
    await page.goto(path!);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  } finally {
    await retire(admin, fbo);
    await admin.dispose();
  }
});

test('a manager adds staff from Team, who then sees the FBO inbox but cannot change the team', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await api(baseURL!, ADMIN);
  const fbo = await newFbo(admin, 'Team');
  const manager = await fboAccount(baseURL!, admin);
  const staff = await fboAccount(baseURL!, admin);
  expect(
    (
      await admin.post(`/api/admin/fbos/${fbo.id}/members`, { data: { email: manager.email, role: 'manager' } })
    ).status(),
  ).toBe(201);
  try {
    await signIn(page, manager);
    await expect(page).toHaveURL(/\/fbo-portal$/);
    await page.goto('/fbo-portal/team');
    await page.getByLabel('E-mail of their RampQuote account').fill(staff.email);
    await page.getByRole('button', { name: 'Add to the team' }).click();
    const team = page.getByRole('list', { name: 'Team members' });
    await expect(team.getByText(staff.email)).toBeVisible();

    const other = await browser.newContext({ baseURL });
    try {
      const staffPage = await other.newPage();
      await signIn(staffPage, staff);
      await expect(staffPage).toHaveURL(/\/fbo-portal$/);
      await staffPage.goto('/fbo-portal/team');
      await expect(staffPage.getByText('Only a manager of this FBO can add or remove members.')).toBeVisible();
      await expect(staffPage.getByRole('button', { name: 'Add to the team' })).toHaveCount(0);
      const refused = await staffPage.request.post(`/api/fbo/${fbo.id}/members`, {
        headers: ORIGIN,
        data: { email: manager.email },
      });
      expect(refused.status()).toBe(403);
    } finally {
      await other.close();
    }
  } finally {
    await retire(admin, fbo);
    await admin.dispose();
  }
});

test("an account registered with an FBO's address and invited sees none of that FBO's requests", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await api(baseURL!, ADMIN);
  const fbo = await newFbo(admin, 'Poser');
  const quote = await pilotRequest(baseURL!, fbo);
  // The public directory names no address to copy.
  const listed = await (await api(baseURL!)).get(`/api/airports/${DESTINATION}/fbos`);
  expect(await listed.text()).not.toContain(fbo.email);
  const poser = await fboAccount(baseURL!, admin, fbo.email);
  try {
    await signIn(page, poser);
    await expect(page).toHaveURL(/\/fbo-portal\/claim$/);
    await page.goto('/fbo-portal');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your account is not linked to an FBO yet' }),
    ).toBeVisible();
    const inbox = await page.request.get('/api/fbo-portal/inbox');
    expect(inbox.status()).toBe(200);
    expect(await inbox.json()).toEqual({ requests: [], nextCursor: null });
    await expect(page.getByText(quote.uniqueId)).toHaveCount(0);
  } finally {
    await quote.cleanUp();
    await retire(admin, fbo);
    await admin.dispose();
  }
});
