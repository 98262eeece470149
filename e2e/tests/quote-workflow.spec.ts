import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { MAIL_API, mailTo, type Mail } from './support/mail';

// End to end: a pilot asks three demo FBOs at KSEA for quotes → the three links are read from the mail
// catcher → each FBO answers through the API (one without the requested hangar, one with an extra service and a
// waived ramp fee) → the pilot's open details page updates without a reload and ranks only the complete offers by
// landed total, side by side, with Best Price, Highest Price, the savings and why each fee is waived or not → My
// Quotes shows Complete and 100% → the PDF downloads and reads the same ranking (pdftotext).

const ORIGIN = { Origin: 'http://localhost:8080' };
const PILOT = { email: 'pilot@rampquote.dev', password: 'RampQuote#2026' };
const ADMIN = { email: 'admin@rampquote.dev', password: 'RampQuote#2026' };
const DESTINATION = 'KSEA';
const DEPARTURE = 'KLAX';
/** The development seed has two demo FBOs at KSEA; the test adds this third one once (idempotent). */
const THIRD_DEMO_FBO = {
  airport: DESTINATION,
  name: 'Demo FBO Rainier Ramp Services',
  email: 'demo-fbo-ksea-3@example.com',
  phone: '+1 206 555 0103',
};

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const uniqueTail = () =>
  `Q${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 6).padEnd(4, '0')}`.toUpperCase();

interface Fbo {
  id: string;
  name: string;
  email: string;
}

/**
 * Makes sure KSEA has a third demo FBO (as the seeded admin); returns the three demo FBOs there, from the admin's
 * list (the public one names no e-mail).
 */
async function threeDemoFbos(baseURL: string): Promise<Fbo[]> {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: ORIGIN });
  try {
    expect((await admin.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
    const list = async () => {
      const listed = await admin.get(`/api/admin/fbos?airport=${DESTINATION}`);
      expect(listed.status()).toBe(200);
      return ((await listed.json()) as { fbos: (Fbo & { active: boolean })[] }).fbos;
    };
    if (!(await list()).some((f) => f.email === THIRD_DEMO_FBO.email)) {
      expect((await admin.post('/api/admin/fbos', { data: THIRD_DEMO_FBO })).status()).toBe(201);
    }
    const demo = (await list())
      .filter((f) => f.active && f.name.startsWith('Demo FBO'))
      .sort((a, b) => a.email.localeCompare(b.email))
      .map(({ id, name, email }) => ({ id, name, email }));
    expect(demo.length).toBeGreaterThanOrEqual(3);
    return demo.slice(0, 3);
  } finally {
    await admin.dispose();
  }
}

async function logIn(page: Page) {
  await page.goto('/login?returnPath=%2Fhistory');
  await page.getByLabel('Email').fill(PILOT.email);
  await page.getByLabel('Password', { exact: true }).fill(PILOT.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/history$/);
}

/**
 * The invitation link of `fbo` for request `quoteRequestId`: every /quote/{fboId}/{token} link mailed to the FBO
 * is tried against GET /api/fbo-quote/{fboId}/{token} until one names this request (older runs left other mails).
 */
async function invitationToken(request: APIRequestContext, fbo: Fbo, quoteRequestId: string): Promise<string> {
  const linkPattern = new RegExp(`/quote/${fbo.id}/([A-Za-z0-9_-]+)`, 'g');
  const tried = new Set<string>();
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(MAIL_API)).json()) as Mail[];
        const tokens = mails
          .filter((m) => m.to.some((t) => t.address.toLowerCase() === fbo.email.toLowerCase()))
          .flatMap((m) => [...`${m.text ?? ''} ${m.html ?? ''}`.matchAll(linkPattern)].map((match) => match[1]))
          .reverse();
        for (const candidate of tokens) {
          if (tried.has(candidate)) continue;
          tried.add(candidate);
          const page = await request.get(`/api/fbo-quote/${fbo.id}/${candidate}`);
          if (
            page.ok() &&
            ((await page.json()) as { quoteRequest: { id: string } }).quoteRequest.id === quoteRequestId
          ) {
            token = candidate;
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000, message: `an invitation mail to ${fbo.email}` },
    )
    .toBe(true);
  return token!;
}

/** The PDF's text as a reader copies it: Debian's pdftotext (poppler-utils; npm test and CI install it). */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
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

/**
 * The estimate of one FBO: fuel per gallon for 500 gal, hangar per day for 2 days (or unavailable), GPU, and any
 * extra services (not requested) and fees.
 */
function estimate(
  perGallon: number,
  hangarPerDay: number | null,
  gpu: number,
  more: { customServices?: { id: string; name: string; price: number }[]; fees?: object } = {},
) {
  const fuel = Math.round(perGallon * 100 * 500);
  const hangar = hangarPerDay === null ? 0 : Math.round(hangarPerDay * 100 * 2);
  const extras = (more.customServices ?? []).reduce((sum, c) => sum + Math.round(c.price * 100), 0);
  const cents = fuel + hangar + Math.round(gpu * 100) + extras;
  return {
    cents,
    body: {
      servicesQuoted: {
        dedicatedFuel: { price: perGallon, quantity: 500, notes: 'Jet A, into-plane' },
        hangar:
          hangarPerDay === null
            ? { unavailable: true, notes: 'Hangar full that week' }
            : { price: hangarPerDay, days: 2 },
        gpu: { price: gpu },
        customServices: more.customServices ?? [],
      },
      totalPrice: cents / 100,
      fees: more.fees ?? {},
      notes: null,
    },
  };
}

test('a pilot compares three FBO quotes live, sees them complete in My Quotes and downloads the PDF', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const fbos = await threeDemoFbos(baseURL!);
  await logIn(page);

  // An aircraft of the pilot's own for the request (removed at the end).
  const tail = uniqueTail();
  const aircraftRes = await page.request.post('/api/aircraft', {
    headers: ORIGIN,
    data: { make: 'Cessna', model: '172S Skyhawk', tailNumber: tail },
  });
  expect(aircraftRes.status()).toBe(201);
  const aircraft = (await aircraftRes.json()) as { id: string };
  let quoteRequestId: string | undefined;

  try {
    // The pilot requests quotes from the three demo FBOs (the request form's payload, through the API).
    const arrival = new Date(Date.now() + 7 * 24 * 3600_000);
    arrival.setUTCHours(12, 0, 0, 0);
    const departure = new Date(arrival.getTime() + 2 * 24 * 3600_000);
    const created = await page.request.post('/api/quote-requests', {
      headers: ORIGIN,
      data: {
        aircraftId: aircraft.id,
        departureAirportCode: DEPARTURE,
        airportCode: DESTINATION,
        arrival: arrival.toISOString(),
        departure: departure.toISOString(),
        services: {
          fuelJetA: true,
          fuelEstimatedAmount: 500,
          hangar: true,
          hangarPriority: 'medium',
          gpu: true,
          gpuDuration: '15',
        },
        notes: 'E2E: quote workflow',
        selectedFbos: fbos.map((f) => f.id),
      },
    });
    expect(created.status()).toBe(201);
    const { id, uniqueId } = (await created.json()) as { id: string; uniqueId: string };
    quoteRequestId = id;
    expect(uniqueId).toMatch(/^RQ-[23456789A-HJKMNP-Z]{6}$/);

    // The details page is open and follows the request's event stream.
    const streamOpened = page.waitForRequest(
      (req) => new URL(req.url()).pathname === `/api/quote-requests/${id}/events`,
    );
    await page.goto(`/quote-details/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Quote ${uniqueId}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Waiting for Quotes' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Email me for each FBO response' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Email me once all FBOs have responded' })).toBeChecked();
    await streamOpened;
    expect(await seriousViolations(page)).toEqual([]);
    // A marker that a reload would wipe out.
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

    // The three invitation links, from the mail catcher.
    const tokens: string[] = [];
    for (const fbo of fbos) tokens.push(await invitationToken(request, fbo, id));

    // Each FBO answers. The first's ramp fee is waived only from 1,000 gallons; the second adds a crew car nobody
    // asked for and waives its ramp fee from 300 gallons; the third, cheapest, has no hangar.
    const answers = [
      estimate(6.25, 150, 45, { fees: { rampFacility: { price: 200, waivedWithGallons: 1000 } } }),
      estimate(5.9, 175, 40, {
        customServices: [{ id: 'crew-car', name: 'Crew car', price: 40 }],
        fees: { rampFacility: { price: 150, waivedWithGallons: 300 } },
      }),
      estimate(6.1, null, 50),
    ];
    expect(answers.map((a) => a.cents)).toEqual([347_000, 338_000, 310_000]);
    for (let i = 0; i < fbos.length; i++) {
      const res = await request.post(`/api/fbo-quote/${fbos[i].id}/${tokens[i]}/submit`, {
        headers: ORIGIN,
        data: answers[i].body,
      });
      expect(res.status(), await res.text()).toBe(201);
      // The open page shows the answer without a reload.
      await expect(page.getByTestId(`response-${fbos[i].id}`)).toBeVisible({ timeout: 5_000 });
      await expect(page.getByTestId('response-count')).toHaveText(`${i + 1} of 3 FBOs responded`);
    }

    // Landed totals (fuel + requested services + fees not waived at 500 gallons): the second 3,340.00 (its ramp fee
    // waived, the crew car apart), the first 3,470.00 + 200.00 = 3,670.00; the third lacks the hangar: not ranked.
    const best = page.getByTestId(`response-${fbos[1].id}`);
    const highest = page.getByTestId(`response-${fbos[0].id}`);
    const incomplete = page.getByTestId(`response-${fbos[2].id}`);
    await expect(best.getByText('Best Price')).toBeVisible();
    await expect(best.getByTestId('response-total')).toHaveText('$3,340.00');
    await expect(best.getByText('Extras (not requested): $40.00')).toBeVisible();
    await expect(best.getByText(/Waived: 500 gallons requested \(at least 300\)/)).toBeVisible();
    await expect(highest.getByText('Highest Price')).toBeVisible();
    await expect(highest.getByTestId('response-total')).toHaveText('$3,670.00');
    await expect(
      highest.getByText(/Not waived: 500 gallons requested \(waived with at least 1,000 gallons\)/),
    ).toBeVisible();
    await expect(incomplete).toHaveAttribute('data-tone', 'incomplete');
    await expect(incomplete.getByText('Incomplete: no price for Hangar. Not ranked.')).toBeVisible();
    await expect(incomplete.getByText('Best Price')).toHaveCount(0);
    // 3,670.00 − 3,340.00 = 330.00, which is 8.99… % of 3,670.00.
    await expect(page.getByTestId('savings-amount')).toHaveText('$330.00');
    await expect(page.getByTestId('savings-percent')).toHaveText('9.0%');
    await expect(page.getByText('3 quote(s) received')).toBeVisible();
    await expect(page.locator('.chakra-badge', { hasText: 'Completed' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Responses, lowest landed total first' });
    await expect(list.getByRole('article')).toHaveCount(3);
    await expect(list.getByRole('article').first()).toHaveAttribute('data-tone', 'best');
    await expect(page.getByText('Fuel service')).toHaveCount(0);
    // Side by side on a wide screen: the requested services as rows, the FBOs as columns.
    const table = page.getByRole('table', { name: 'Offers side by side' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText([
      'Requested service',
      `${fbos[1].name}Best Price`,
      `${fbos[0].name}Highest Price`,
      `${fbos[2].name}Incomplete`,
    ]);
    await expect(table.getByRole('row', { name: /^Hangar 2 nights/ }).getByRole('cell')).toHaveText([
      '$350.00$175.00 × 2 nights',
      '$300.00$150.00 × 2 nightsLowest',
      'Unavailable',
    ]);
    await expect(highest.getByRole('link', { name: `Contact FBO ${fbos[0].name} by e-mail` })).toHaveAttribute(
      'href',
      new RegExp(`subject=.*${uniqueId}`),
    );
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    // The comparison reads at 375 px: no sideways scrolling.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(best.getByTestId('response-total')).toBeVisible();
    // One card per FBO there, the table hidden.
    await expect(table).toBeHidden();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // My Quotes: Complete and 100 %.
    await page.getByRole('link', { name: '← My Quotes' }).click();
    await expect(page).toHaveURL(/\/history$/);
    const row = page.getByRole('row').filter({ hasText: uniqueId });
    await expect(row.getByText('Complete', { exact: true })).toBeVisible();
    await expect(row.getByText('3/3 responses')).toBeVisible();
    await expect(row.getByText('100% - All quotes received')).toBeVisible();
    await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(await seriousViolations(page)).toEqual([]);

    // Print PDF downloads the real PDF, which names the quote ID.
    await row.getByRole('button', { name: `Actions for ${uniqueId}` }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Print PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`RampQuote-${uniqueId}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(uniqueId);
    expect(text).toContain(`1. ${fbos[1].name}: $3,340.00 landed [Best Price]`);
    expect(text).toContain(`2. ${fbos[0].name}: $3,670.00 landed [Highest Price]`);
    expect(text).toContain(`${fbos[2].name}: incomplete, lacks Hangar`);

    // The pilot books with the best offer; that FBO confirms from its e-mail's link; both e-mails carry the .ics
    // calendar entry; the other FBOs that answered are told they were not selected.
    await page.goto(`/quote-details/${id}`);
    await page.getByRole('button', { name: `Book with ${fbos[1].name}` }).click();
    await page
      .getByRole('alertdialog', { name: `Book with ${fbos[1].name}` })
      .getByRole('button', { name: 'Yes, Book' })
      .click();
    await expect(
      page.getByText(`Booking requested with ${fbos[1].name}: waiting for the FBO to confirm`),
    ).toBeVisible();
    const asked = await mailTo(request, fbos[1].email, `Booking requested: ${uniqueId} at ${DESTINATION}`);
    expect(asked.attachments?.map((a) => a.fileName)).toEqual(['booking.ics']);
    const link = /https?:\/\/\S+\/quote\/\S+/.exec(asked.text ?? '')![0];
    const fboPage = await page.context().newPage();
    await fboPage.goto(link);
    await fboPage.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(fboPage.getByText('Booking confirmed. The customer has been told.')).toBeVisible();
    await fboPage.close();
    const confirmed = await mailTo(request, PILOT.email, `Booked: ${fbos[1].name} confirmed ${uniqueId}`);
    expect(confirmed.attachments?.map((a) => a.fileName)).toEqual(['booking.ics']);
    await mailTo(request, fbos[0].email, `Not selected: ${uniqueId}`);
    await mailTo(request, fbos[2].email, `Not selected: ${uniqueId}`);
    await page.reload();
    await expect(page.getByText(`Booked with ${fbos[1].name}`)).toBeVisible();
  } finally {
    if (quoteRequestId) {
      // Only a complete or cancelled request can be deleted: cancel it first when the test stopped early.
      await page.request.post(`/api/quote-requests/${quoteRequestId}/cancel`, { headers: ORIGIN });
      await page.request.delete(`/api/quote-requests/${quoteRequestId}`, { headers: ORIGIN });
    }
    await page.request.delete(`/api/aircraft/${aircraft.id}`, { headers: ORIGIN });
  }
});
