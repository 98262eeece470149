import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { linkFromMail } from './support/fbo-link';

// End to end: the FBO estimate page by link (read from the mail catcher) in the shell and standalone,
// the Unavailable mark, a catalogue service, the already-submitted screen after a reload, a forged link, a
// decline the pilot sees on the details page, and the FBO accounts' inbox.

const ORIGIN = { Origin: 'http://localhost:8080' };
const PILOT = { email: 'pilot@rampquote.dev', password: 'RampQuote#2026' };
const ADMIN = { email: 'admin@rampquote.dev', password: 'RampQuote#2026' };
const DESTINATION = 'KSEA';
const DEPARTURE = 'KBFI';
/** Password of the FBO accounts this spec registers and the admin makes members of the demo FBOs. */
const FBO_PASSWORD = 'Ramp#Fbo2026a';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const uniqueTail = () =>
  `F${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 6).padEnd(4, '0')}`.toUpperCase();

interface Fbo {
  id: string;
  name: string;
  email: string;
}

interface PilotRequest {
  id: string;
  uniqueId: string;
  fbos: Fbo[];
  pilot: APIRequestContext;
  cleanUp: () => Promise<void>;
}

/** Two demo FBOs of the development seed at KSEA (the second and third: the first has a seeded FBO account of its own), sorted by e-mail. */
async function demoFbos(baseURL: string): Promise<Fbo[]> {
  // The admin's directory names each FBO's address (the public list does not).
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: ORIGIN });
  try {
    expect((await admin.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
    const res = await admin.get(`/api/admin/fbos?airport=${DESTINATION}`);
    expect(res.status()).toBe(200);
    const fbos = ((await res.json()) as { fbos: Fbo[] }).fbos
      .filter((f) => /^demo-fbo-ksea-[23]@example\.com$/.test(f.email))
      .sort((a, b) => a.email.localeCompare(b.email));
    expect(fbos).toHaveLength(2);
    return fbos;
  } finally {
    await admin.dispose();
  }
}

/**
 * The seeded pilot asks `fbos` for an estimate (the request form's payload, through the API) in a session of its
 * own: fuel (300 gal Jet A), an overnight hangar, coffee and GPU. `cleanUp` cancels and deletes it and the aircraft.
 */
async function pilotRequest(baseURL: string, fbos: Fbo[]): Promise<PilotRequest> {
  const pilot = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: ORIGIN });
  expect((await pilot.post('/api/auth/login', { data: PILOT })).status()).toBe(200);
  const aircraftRes = await pilot.post('/api/aircraft', {
    data: { make: 'Cessna', model: '172S Skyhawk', tailNumber: uniqueTail() },
  });
  expect(aircraftRes.status()).toBe(201);
  const aircraft = (await aircraftRes.json()) as { id: string };
  const arrival = new Date(Date.now() + 10 * 24 * 3600_000);
  arrival.setUTCHours(15, 0, 0, 0);
  const departure = new Date(arrival.getTime() + 24 * 3600_000);
  const created = await pilot.post('/api/quote-requests', {
    data: {
      aircraftId: aircraft.id,
      departureAirportCode: DEPARTURE,
      airportCode: DESTINATION,
      arrival: arrival.toISOString(),
      departure: departure.toISOString(),
      services: {
        fuelJetA: true,
        fuelEstimatedAmount: 300,
        hangar: true,
        hangarTypeOvernight: true,
        coffee: true,
        coffeeType: 'regular',
        gpu: true,
        gpuDuration: '15',
      },
      notes: 'E2E: FBO portal',
      selectedFbos: fbos.map((f) => f.id),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, uniqueId } = (await created.json()) as { id: string; uniqueId: string };
  return {
    id,
    uniqueId,
    fbos,
    pilot,
    cleanUp: async () => {
      await pilot.post(`/api/quote-requests/${id}/cancel`);
      await pilot.delete(`/api/quote-requests/${id}`);
      await pilot.delete(`/api/aircraft/${aircraft.id}`);
      await pilot.dispose();
    },
  };
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const priceOf = (page: Page, name: string) =>
  section(page, name).getByRole('spinbutton', { name: new RegExp(`for ${name}$`) });
/** The 'Unavailable' checkbox of a service: its whole label is the touch target. */
const unavailableLabel = (page: Page, name: string) =>
  section(page, name).locator('label[data-part="root"]', { hasText: 'Unavailable' });
const unavailableBox = (page: Page, name: string) =>
  section(page, name).getByRole('checkbox', { name: `Unavailable for ${name}` });

/**
 * Where an FBO opens its link: the site (the gateway answers the link with the portal's standalone page, its scripts
 * under /mf-fbo-portal/), or the portal's own host (built against Preact's React compatibility layer, see
 * mf-fbo-portal/webpack.standalone.config.js). The flows below run on both.
 */
const PAGES = [
  { where: 'at the site', origin: async (_request: APIRequestContext, baseURL: string) => new URL(baseURL).origin },
  { where: 'on the standalone page', origin: portalOrigin },
] as const;

/** The portal's own host (where /remotes.json says it lives): every page path answers its standalone index.html. */
async function portalOrigin(request: APIRequestContext): Promise<string> {
  const { remotes } = (await (await request.get('/remotes.json')).json()) as {
    remotes: { name: string; entry: string }[];
  };
  return new URL(remotes.find((r) => r.name === 'fbo_portal')!.entry).origin;
}

for (const { where, origin } of PAGES) {
  test(`an FBO answers from the e-mailed link ${where}: one service unavailable, a catalogue service added, submitted; a reload says already submitted`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const fbos = await demoFbos(baseURL!);
    const quote = await pilotRequest(baseURL!, fbos);
    try {
      const link = await linkFromMail(request, fbos[0], quote.id);
      await page.goto((await origin(request, baseURL!)) + link);
      await expect(page.getByText(`Estimate Kindly Requested from ${fbos[0].name}`)).toBeVisible();
      await expect(page.getByText('Only provide quotes for services the customer has requested.')).toBeVisible();
      // Outside the site's chrome: no header navigation.
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      // Only the requested sections, then the FBO's own fees (asked of every estimate).
      await expect(page.getByRole('heading', { level: 3 })).toHaveText([
        'Fuel Pricing',
        'Fuel Service',
        'Hangar Service',
        'Additional Services Requested',
        'Other Services',
        'Fees',
      ]);
      await expect(page.getByRole('heading', { level: 4 })).toHaveText(['Coffee', 'GPU']);
      const total = page.getByTestId('estimate-total');
      const submit = page.getByRole('button', { name: 'Submit Estimate' });
      await expect(total).toHaveText('$0.00');
      await expect(submit).toBeDisabled();

      await priceOf(page, 'Fuel Pricing').fill('6.10');
      await expect(total).toHaveText('$1,830.00');
      await priceOf(page, 'Hangar Service').fill('150');
      await priceOf(page, 'Coffee').fill('12');
      await expect(total).toHaveText('$1,992.00');

      // Coffee is not available: the typed price leaves the total and comes back when unchecked.
      await unavailableLabel(page, 'Coffee').click();
      await expect(unavailableBox(page, 'Coffee')).toBeChecked();
      await expect(section(page, 'Coffee').getByText('This service is marked as unavailable')).toBeVisible();
      await expect(priceOf(page, 'Coffee')).toHaveCount(0);
      await expect(total).toHaveText('$1,980.00');
      await unavailableLabel(page, 'Coffee').click();
      await expect(priceOf(page, 'Coffee')).toHaveValue('12');
      await expect(total).toHaveText('$1,992.00');
      await unavailableLabel(page, 'Coffee').click();
      await expect(total).toHaveText('$1,980.00');

      // A service from the catalogue.
      const other = section(page, 'Other Services');
      await expect(other.getByText('No custom services added yet.')).toBeVisible();
      await other.getByRole('button', { name: 'Add Service' }).click();
      await other.getByRole('button', { name: /Select a service\.\.\./ }).click();
      await other.getByPlaceholder('Search services...').fill('crew');
      await other.getByRole('option', { name: 'Crew car' }).click();
      await other.getByLabel(/^Price for other service 1/).fill('40');
      await expect(total).toHaveText('$2,020.00');
      await page.getByLabel('Additional Comments').fill('E2E: ask for the front desk');

      expect(await seriousViolations(page)).toEqual([]);

      await submit.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Estimate Submitted!' })).toBeVisible();
      await expect(
        page.getByText(
          'Thank you for submitting your estimate. Our flight team will be notified and will review it shortly.',
        ),
      ).toBeVisible();

      await page.reload();
      await expect(
        page.getByRole('heading', { level: 1, name: 'This estimate has already been submitted. Thank you!' }),
      ).toBeVisible();
      await expect(page.getByText('$2,020.00')).toBeVisible();

      // What the pilot received.
      const responses = (await (await quote.pilot.get(`/api/quote-requests/${quote.id}/responses`)).json()) as {
        fboId: string;
        totalPrice: number;
        validUntil: string;
        servicesQuoted: {
          coffee?: { unavailable: boolean };
          customServices: { id: string; name: string; price: number }[];
        };
      }[];
      const answer = responses.find((r) => r.fboId === fbos[0].id);
      expect(answer).toMatchObject({
        totalPrice: 2020,
        servicesQuoted: {
          coffee: { unavailable: true },
          customServices: [{ id: 'crew-car', name: 'Crew car', price: 40 }],
        },
      });
      // Valid until: 7 days ahead by default (the end of that local day).
      const days = (Date.parse(answer!.validUntil) - Date.now()) / (24 * 3600_000);
      expect(days).toBeGreaterThan(6.5);
      expect(days).toBeLessThan(8.1);
    } finally {
      await quote.cleanUp();
    }
  });
}

test('a forged link shows "Quote Not Found"', async ({ page, baseURL }) => {
  const [fbo] = await demoFbos(baseURL!);
  const forged = Buffer.from(`forged-${Date.now()}-${Math.random()}`.padEnd(32, 'x'))
    .toString('base64url')
    .slice(0, 43);
  await page.goto(`/quote/${fbo.id}/${forged}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Quote Not Found' })).toBeVisible();
  await expect(
    page.getByText("The quote request you're looking for could not be found or may have expired."),
  ).toBeVisible();
});

for (const { where, origin } of PAGES) {
  test(`an FBO declines with a reason ${where}, and the pilot's details page shows it`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const fbos = await demoFbos(baseURL!);
    const quote = await pilotRequest(baseURL!, fbos);
    try {
      await page.goto((await origin(request, baseURL!)) + (await linkFromMail(request, fbos[1], quote.id)));
      await page.getByRole('button', { name: 'Decline request' }).click();
      const dialog = page.getByRole('dialog', { name: 'Decline this request' });
      // Keyboard users land inside the dialog, on its safe choice; the dialog is styled by its recipe (laid over the
      // page, in view), which comes with the dialog's own chunk.
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expect(dialog.getByRole('button', { name: 'Decline Request' })).toBeInViewport();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByText('No hangar space').click();
      await dialog.getByLabel(/^Details/).fill('E2E: hangar full for the air show');
      await dialog.getByRole('button', { name: 'Decline Request' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Request Declined' })).toBeVisible();

      // The pilot's details page.
      await page.goto('/login?returnPath=' + encodeURIComponent(`/quote-details/${quote.id}`));
      await page.getByLabel('Email').fill(PILOT.email);
      await page.getByLabel('Password', { exact: true }).fill(PILOT.password);
      await page.getByRole('button', { name: 'Log In' }).click();
      const card = page.getByTestId(`response-${fbos[1].id}`);
      await expect(card.getByText('Declined', { exact: true })).toBeVisible();
      await expect(card.getByText('No hangar space')).toBeVisible();
      await expect(card.getByText('E2E: hangar full for the air show')).toBeVisible();
    } finally {
      await quote.cleanUp();
    }
  });
}

test('the standalone page opens an FBO link at 375 px with no shell code and no sideways scrolling', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const fbos = await demoFbos(baseURL!);
  const quote = await pilotRequest(baseURL!, fbos);
  try {
    const link = await linkFromMail(request, fbos[0], quote.id);
    // The portal on its own host (where /remotes.json says it lives): every page path answers the portal's
    // index.html, and the host forwards /api to the gateway, as an Ingress of the FBOs' domain would.
    const portal = await portalOrigin(request);
    const scripts: { url: string; gzip: number }[] = [];
    const requested: string[] = [];
    page.on('request', (req) => requested.push(new URL(req.url()).pathname));
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const body = await res.body().catch(() => null);
      if (body) scripts.push({ url: res.url(), gzip: gzipSync(body, { level: 9 }).length });
    });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(portal + new URL(link, baseURL).pathname);
    await expect(page.getByText(`Estimate Kindly Requested from ${fbos[0].name}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Estimate' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    // No shell code: every script is the portal's, and /remotes.json is never read.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => new URL(s.url).origin !== portal)).toEqual([]);
    expect(requested).not.toContain('/remotes.json');
    const kb = scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024;
    test.info().annotations.push({
      type: 'standalone JavaScript',
      description: `${kb.toFixed(1)} KB gzip in ${scripts.length} files`,
    });

    // Built for the ramp: no sideways scrolling, 44 px touch targets, a decimal keyboard for prices.
    await noSidewaysScroll(page);
    for (const target of [
      priceOf(page, 'Fuel Pricing'),
      page.getByRole('button', { name: 'Submit Estimate' }),
      page.getByRole('button', { name: 'Add Service' }),
      page.getByRole('button', { name: 'Decline request' }),
    ]) {
      const box = await target.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
    await expect(priceOf(page, 'Fuel Pricing')).toHaveAttribute('inputmode', 'decimal');
    await section(page, 'Other Services').getByRole('button', { name: 'Add Service' }).click();
    await section(page, 'Other Services')
      .getByRole('button', { name: /Select a service\.\.\./ })
      .click();
    await expect(section(page, 'Other Services').getByRole('option').first()).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    // What was typed survives a reload (kept in this browser until the server confirms).
    await priceOf(page, 'Hangar Service').fill('175');
    await page.reload();
    await expect(page.getByText('We restored what you entered earlier on this device.')).toBeVisible();
    await expect(priceOf(page, 'Hangar Service')).toHaveValue('175');
  } finally {
    await quote.cleanUp();
  }
});

/**
 * A new FBO account (role fbo, invited by the seeded admin) that the admin makes a member of `fbo`: membership, not
 * the e-mail address, opens an FBO's inbox. Answers the account's e-mail.
 */
async function fboAccount(baseURL: string, fbo: Fbo): Promise<string> {
  const email = `desk-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@e2e.rampquote.test`;
  const visitor = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: ORIGIN });
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: ORIGIN });
  try {
    const registered = await visitor.post('/api/auth/register', {
      data: { firstName: 'Front', lastName: 'Desk', email, password: FBO_PASSWORD, role: 'fbo' },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    expect((await admin.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
    const invited = await admin.post('/api/admin/invites', { data: { value: email } });
    expect(invited.status(), await invited.text()).toBe(201);
    const added = await admin.post(`/api/admin/fbos/${fbo.id}/members`, { data: { email, role: 'staff' } });
    expect(added.status(), await added.text()).toBe(201);
    return email;
  } finally {
    await visitor.dispose();
    await admin.dispose();
  }
}

async function logInAs(page: Page, email: string, password: string, returnPath: string) {
  await page.goto(`/login?returnPath=${encodeURIComponent(returnPath)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(new RegExp(`${returnPath}$`));
}

test("an FBO account's inbox lists the request and opens it without the link, in the shell and on the standalone page; another FBO's inbox does not list it", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const fbos = await demoFbos(baseURL!);
  // The request goes to the first demo FBO only.
  const quote = await pilotRequest(baseURL!, [fbos[0]]);
  const firstDesk = await fboAccount(baseURL!, fbos[0]);
  const otherDesk = await fboAccount(baseURL!, fbos[1]);
  try {
    // A visitor is asked to sign in.
    await page.goto('/fbo-portal');
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?returnPath=%2Ffbo-portal',
    );

    await logInAs(page, firstDesk, FBO_PASSWORD, '/fbo-portal');
    await expect(page.getByRole('heading', { level: 1, name: 'FBO Inbox' })).toBeVisible();
    const open = page.getByRole('link', { name: `Enter estimate for quote ${quote.uniqueId}` });
    await expect(open).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await open.click();
    await expect(page).toHaveURL(/\/fbo-portal\/requests\/[0-9a-f-]{36}$/);
    await expect(page.getByText(`Estimate Kindly Requested from ${fbos[0].name}`)).toBeVisible();
    await priceOf(page, 'Hangar Service').fill('160');
    await page.getByRole('button', { name: 'Submit Estimate' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Estimate Submitted!' })).toBeVisible();
    await page.getByRole('link', { name: '← Back to inbox' }).click();
    await expect(page.getByRole('link', { name: `View for quote ${quote.uniqueId}` })).toBeVisible();

    // The same inbox at the root of the portal's standalone page (its own host; the site's session cookie holds
    // there too), and the answered request opened from it.
    await page.goto((await portalOrigin(request)) + '/');
    await expect(page.getByRole('heading', { level: 1, name: 'FBO Inbox' })).toBeVisible();
    await page.getByRole('link', { name: `View for quote ${quote.uniqueId}` }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'This estimate has already been submitted. Thank you!' }),
    ).toBeVisible();

    // The second demo FBO's account never sees it.
    const other = await browser.newContext({ baseURL });
    try {
      const otherPage = await other.newPage();
      await logInAs(otherPage, otherDesk, FBO_PASSWORD, '/fbo-portal');
      await expect(otherPage.getByRole('heading', { level: 1, name: 'FBO Inbox' })).toBeVisible();
      await expect(otherPage.getByText(/newest first/)).toBeVisible();
      await expect(otherPage.getByText(quote.uniqueId)).toHaveCount(0);
      const inbox = (await (await otherPage.request.get('/api/fbo-portal/inbox')).json()) as {
        requests: { uniqueId: string }[];
      };
      expect(inbox.requests.map((r) => r.uniqueId)).not.toContain(quote.uniqueId);
    } finally {
      await other.close();
    }
  } finally {
    await quote.cleanUp();
  }
});
