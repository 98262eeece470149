import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';

// End to end: a pilot asks three demo FBOs at KSEA for quotes → the three links are read from the mail
// catcher → each FBO answers through the API (one marks a service unavailable) → the pilot's open details page
// updates without a reload and shows Best Price, Highest Price and the savings → My Quotes shows Complete and
// 100% → the PDF downloads and contains the quote ID.

const ORIGIN = { Origin: 'http://localhost:8080' };
const PILOT = { email: 'pilot@rampquote.dev', password: 'RampQuote#2026' };
const ADMIN = { email: 'admin@rampquote.dev', password: 'RampQuote#2026' };
const MAIL_API = 'http://localhost:1080/email';
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

interface Mail {
  subject: string;
  text?: string;
  html?: string;
  date?: string;
  to: { address: string }[];
}

/** Makes sure KSEA has a third demo FBO (as the seeded admin); returns the three demo FBOs there. */
async function threeDemoFbos(baseURL: string, request: APIRequestContext): Promise<Fbo[]> {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: ORIGIN });
  try {
    expect((await admin.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
    const listed = await admin.get(`/api/admin/fbos?airport=${DESTINATION}`);
    expect(listed.status()).toBe(200);
    const { fbos } = (await listed.json()) as { fbos: { email: string; active: boolean }[] };
    if (!fbos.some((f) => f.email === THIRD_DEMO_FBO.email)) {
      expect((await admin.post('/api/admin/fbos', { data: THIRD_DEMO_FBO })).status()).toBe(201);
    }
  } finally {
    await admin.dispose();
  }
  const res = await request.get(`/api/airports/${DESTINATION}/fbos`);
  expect(res.status()).toBe(200);
  const demo = ((await res.json()) as { fbos: Fbo[] }).fbos
    .filter((f) => f.name.startsWith('Demo FBO'))
    .sort((a, b) => a.email.localeCompare(b.email));
  expect(demo.length).toBeGreaterThanOrEqual(3);
  return demo.slice(0, 3);
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

/** The words of a PDF: its raw bytes, and the text operators of its (deflated) content streams decoded. */
function pdfText(pdf: Buffer): string {
  const parts = [pdf.toString('latin1')];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    const bodyStart = pdf[start + 6] === 0x0d ? start + 8 : start + 7;
    const end = pdf.indexOf('endstream', bodyStart, 'latin1');
    if (end < 0) break;
    const body = pdf.subarray(bodyStart, end);
    let content: string;
    try {
      content = inflateSync(body).toString('latin1');
    } catch {
      content = body.toString('latin1');
    }
    // Text shown with TJ/Tj: hex strings (pdfkit's standard fonts: one byte per character) and literal strings.
    const shown = [...content.matchAll(/\[([^\][]*)\]\s*TJ|(<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\()])*\))\s*Tj/g)].map(
      (m) => m[1] ?? m[2],
    );
    const text = shown
      .map((ops) =>
        [...ops.matchAll(/<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\()])*)\)/g)]
          .map(([, hex, literal]) =>
            hex !== undefined
              ? Buffer.from(hex.replace(/\s/g, ''), 'hex').toString('latin1')
              : literal.replace(/\\(.)/g, '$1'),
          )
          .join(''),
      )
      .join('\n');
    parts.push(text);
    at = end + 9;
  }
  return parts.join('\n');
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

/** The estimate of one FBO: fuel per gallon for 500 gal, hangar per day for 2 days (or unavailable), GPU. */
function estimate(perGallon: number, hangarPerDay: number | null, gpu: number) {
  const fuel = Math.round(perGallon * 100 * 500);
  const hangar = hangarPerDay === null ? 0 : Math.round(hangarPerDay * 100 * 2);
  const cents = fuel + hangar + Math.round(gpu * 100);
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
        customServices: [],
      },
      totalPrice: cents / 100,
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
  const fbos = await threeDemoFbos(baseURL!, request);
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

    // Each FBO answers; the third marks the hangar unavailable. Totals: 3,470.00 / 3,340.00 / 3,100.00.
    const answers = [estimate(6.25, 150, 45), estimate(5.9, 175, 40), estimate(6.1, null, 50)];
    expect(answers.map((a) => a.cents)).toEqual([347_000, 334_000, 310_000]);
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

    const best = page.getByTestId(`response-${fbos[2].id}`);
    const middle = page.getByTestId(`response-${fbos[1].id}`);
    const highest = page.getByTestId(`response-${fbos[0].id}`);
    await expect(best.getByText('Best Price')).toBeVisible();
    await expect(best.getByTestId('response-total')).toHaveText('$3,100.00');
    await expect(best.getByText('Unavailable')).toBeVisible();
    await expect(middle).toHaveAttribute('data-tone', 'middle');
    await expect(middle.getByTestId('response-total')).toHaveText('$3,340.00');
    await expect(highest.getByText('Highest Price')).toBeVisible();
    await expect(highest.getByTestId('response-total')).toHaveText('$3,470.00');
    // 3,470.00 − 3,100.00 = 370.00, which is 10.66… % of 3,470.00.
    await expect(page.getByTestId('savings-amount')).toHaveText('$370.00');
    await expect(page.getByTestId('savings-percent')).toHaveText('10.7%');
    await expect(page.getByText('3 quote(s) received')).toBeVisible();
    await expect(page.locator('.chakra-badge', { hasText: 'Completed' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Responses, lowest total first' }).getByRole('article')).toHaveCount(3);
    await expect(highest.getByRole('link', { name: `Contact FBO ${fbos[0].name} by e-mail` })).toHaveAttribute(
      'href',
      new RegExp(`subject=.*${uniqueId}`),
    );
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    // The comparison reads at 375 px: no sideways scrolling.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(best.getByTestId('response-total')).toBeVisible();
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
    expect(pdfText(pdf)).toContain(uniqueId);
  } finally {
    if (quoteRequestId) {
      // Only a complete or cancelled request can be deleted: cancel it first when the test stopped early.
      await page.request.post(`/api/quote-requests/${quoteRequestId}/cancel`, { headers: ORIGIN });
      await page.request.delete(`/api/quote-requests/${quoteRequestId}`, { headers: ORIGIN });
    }
    await page.request.delete(`/api/aircraft/${aircraft.id}`, { headers: ORIGIN });
  }
});
