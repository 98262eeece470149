import { expect, test, type Browser, type Page } from '@playwright/test';
import { estimateSection, priceOf, unavailableLabel } from './support/estimate-page';
import { linkFromMail } from './support/fbo-link';
import { fboLinkPathOf, mailListItems, mailTo } from './support/mail';
import { apiAs, DEMO_PASSWORD, ORIGIN, removeQuoteRequest, signIn } from './support/session';

// End to end: a pilot asks two demo FBOs at KSEA for an estimate (one night, fuel and a hangar); both answer from
// their e-mailed links, one with a hangar price, the other without a hangar → the pilot amends the request from its
// details page (departure one day later: two nights) → each FBO is e-mailed what changed with the link it already
// had → the earlier answers are shown as such, out of the ranking, and the History names who amended and when →
// one FBO re-prices from the same link (the form opens with its earlier prices) → the pilot's comparison ranks that
// offer again, its hangar priced for the two nights.

const DESTINATION = 'KSEA';
const DEPARTURE_AIRPORT = 'KBFI';
const ADMIN = { email: 'admin@rampquote.dev', password: DEMO_PASSWORD };
const DAY_MS = 24 * 3600_000;

// Dates on the page, in the form and in the mails (which read UTC) then name the same days.
test.use({ timezoneId: 'UTC', locale: 'en-US', actionTimeout: 15_000, navigationTimeout: 20_000 });

interface Fbo {
  id: string;
  name: string;
  email: string;
}

const uniqueTail = () =>
  `M${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 6).padEnd(4, '0')}`.toUpperCase();

/** The second and third demo FBOs of the development seed at KSEA (the admin's list names their addresses). */
async function twoDemoFbos(baseURL: string): Promise<[Fbo, Fbo]> {
  const admin = await apiAs(baseURL, ADMIN);
  try {
    const res = await admin.get(`/api/admin/fbos?airport=${DESTINATION}`);
    expect(res.status()).toBe(200);
    const fbos = ((await res.json()) as { fbos: Fbo[] }).fbos
      .filter((f) => /^demo-fbo-ksea-[23]@example\.com$/.test(f.email))
      .sort((a, b) => a.email.localeCompare(b.email))
      .map(({ id, name, email }) => ({ id, name, email }));
    expect(fbos).toHaveLength(2);
    return [fbos[0], fbos[1]];
  } finally {
    await admin.dispose();
  }
}

/** "Fri, 01 May 2030 12:00 UTC", as the mails write a date. */
const mailDate = (iso: string) => `${new Date(iso).toUTCString().slice(0, 22)} UTC`;

/** A date-time as the details page writes it ("Mon, Jun 1, 2026, 3:00 PM" in the browser's locale and zone). */
const pageDateTime = (page: Page, iso: string) =>
  page.evaluate(
    (value) =>
      new Date(value).toLocaleString(undefined, {
        weekday: 'short',
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
    iso,
  );

/** A page of its own for an FBO: no session, only the link it was e-mailed. */
async function fboPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, timezoneId: 'UTC', locale: 'en-US' });
  return context.newPage();
}

test('a pilot amends the dates of a sent request; each FBO is told what changed with its same link, and one re-prices from it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const [alpha, bravo] = await twoDemoFbos(baseURL!);
  await signIn(page);
  const aircraftRes = await page.request.post('/api/aircraft', {
    headers: ORIGIN,
    data: { make: 'Cessna', model: '172S Skyhawk', tailNumber: uniqueTail() },
  });
  expect(aircraftRes.status()).toBe(201);
  const aircraft = (await aircraftRes.json()) as { id: string };
  let quoteRequestId: string | undefined;
  const fboPages: Page[] = [];

  try {
    // The request as the request form sends it: one night at KSEA, 300 gallons of Jet A and a hangar.
    const arrival = new Date(Date.now() + 10 * DAY_MS);
    arrival.setUTCHours(15, 0, 0, 0);
    const departure = new Date(arrival.getTime() + DAY_MS);
    const amendedDeparture = new Date(departure.getTime() + DAY_MS);
    const created = await page.request.post('/api/quote-requests', {
      headers: ORIGIN,
      data: {
        aircraftId: aircraft.id,
        departureAirportCode: DEPARTURE_AIRPORT,
        airportCode: DESTINATION,
        arrival: arrival.toISOString(),
        departure: departure.toISOString(),
        services: { fuelJetA: true, fuelEstimatedAmount: 300, hangar: true, hangarPriority: 'medium' },
        notes: 'E2E: amend a sent request',
        selectedFbos: [alpha.id, bravo.id],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id, uniqueId } = (await created.json()) as { id: string; uniqueId: string };
    quoteRequestId = id;

    // Both FBOs answer from their e-mailed links: Alpha prices the hangar, Bravo has none free.
    const links = {
      alpha: await linkFromMail(request, alpha, id),
      bravo: await linkFromMail(request, bravo, id),
    };
    const alphaPage = await fboPage(browser, baseURL!);
    const bravoPage = await fboPage(browser, baseURL!);
    fboPages.push(alphaPage, bravoPage);

    await alphaPage.goto(links.alpha);
    await expect(alphaPage.getByText(`Estimate Kindly Requested from ${alpha.name}`)).toBeVisible();
    await priceOf(alphaPage, 'Fuel Pricing').fill('6.10');
    await priceOf(alphaPage, 'Hangar Service').fill('150');
    await expect(estimateSection(alphaPage, 'Hangar Service').getByText('× 1 night = $150.00')).toBeVisible();
    await expect(alphaPage.getByTestId('estimate-total')).toHaveText('$1,980.00');
    await alphaPage.getByRole('button', { name: 'Submit Estimate' }).click();
    await expect(alphaPage.getByRole('heading', { level: 1, name: 'Estimate Submitted!' })).toBeVisible();

    await bravoPage.goto(links.bravo);
    await expect(bravoPage.getByText(`Estimate Kindly Requested from ${bravo.name}`)).toBeVisible();
    await priceOf(bravoPage, 'Fuel Pricing').fill('5.90');
    await unavailableLabel(bravoPage, 'Hangar Service').click();
    await expect(bravoPage.getByTestId('estimate-total')).toHaveText('$1,770.00');
    await bravoPage.getByRole('button', { name: 'Submit Estimate' }).click();
    await expect(bravoPage.getByRole('heading', { level: 1, name: 'Estimate Submitted!' })).toBeVisible();

    // The pilot's comparison before the amendment: Alpha, the one complete offer, has the Best Price.
    await page.goto(`/quote-details/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Quote ${uniqueId}` })).toBeVisible();
    await expect(page.getByTestId('response-count')).toHaveText('2 of 2 FBOs responded');
    const ranked = page.getByRole('list', { name: 'Responses, lowest landed total first' });
    const alphaCard = ranked.getByTestId(`response-${alpha.id}`);
    const bravoCard = ranked.getByTestId(`response-${bravo.id}`);
    await expect(alphaCard.getByText('Best Price')).toBeVisible();
    await expect(alphaCard.getByTestId('response-total')).toHaveText('$1,980.00');
    await expect(bravoCard.getByText('Incomplete: no price for Hangar. Not ranked.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'History' })).toHaveCount(0);

    // The pilot amends the request: the form opens filled with it; the departure moves one day later.
    await page.getByRole('button', { name: 'Amend request' }).click();
    await expect(page).toHaveURL(/\/rfi-form$/);
    await expect(page.getByRole('heading', { level: 1, name: `Amend Request ${uniqueId}` })).toBeVisible();
    const departureDay = page.getByLabel('Departure date');
    await expect(departureDay).toHaveValue(departure.toISOString().slice(0, 10));
    await expect(page.getByLabel('Arrival date')).toHaveValue(arrival.toISOString().slice(0, 10));
    await expect(page.getByLabel(/^Estimated fuel amount/)).toHaveValue('300');
    await departureDay.fill(amendedDeparture.toISOString().slice(0, 10));
    await expect(page.getByText(/Duration at destination/)).toHaveText(/^Duration at destination: 2 days\b/);
    await page.getByRole('button', { name: 'Review Amendment' }).click();
    await expect(page).toHaveURL(/\/quote-review$/);
    await page.getByRole('button', { name: 'Submit Amendment' }).click();
    await expect(page).toHaveURL(new RegExp(`/quote-details/${id}$`));
    await expect(page.getByText('Quote request amended', { exact: true })).toBeVisible();
    await expect(page.getByText('The FBOs were told what changed.')).toBeVisible();

    // Each FBO is e-mailed what changed (the departure only), with the link it already had.
    const changed = `Departure: ${mailDate(departure.toISOString())} → ${mailDate(amendedDeparture.toISOString())}`;
    for (const [fbo, link] of [
      [alpha, links.alpha],
      [bravo, links.bravo],
    ] as const) {
      const mail = await mailTo(request, fbo.email, `Request amended: ${uniqueId}`);
      expect(mailListItems(mail, 'What changed'), `what changed, in the mail to ${fbo.name}`).toEqual([changed]);
      expect(fboLinkPathOf(mail, fbo.id), `the link in the mail to ${fbo.name}`).toBe(link);
    }

    // The details: the earlier answers are shown as such, out of the ranking; the History says who and when.
    const awaiting = page.getByTestId('awaiting-repricing');
    await expect(awaiting).toContainText(alpha.name);
    await expect(awaiting).toContainText(bravo.name);
    await expect(awaiting).toContainText('their estimates were for the earlier version of this request');
    const earlier = page.getByRole('region', { name: 'Estimates for the earlier version' });
    for (const [fbo, total] of [
      [alpha, '$1,980.00'],
      [bravo, '$1,770.00'],
    ] as const) {
      const card = earlier.getByRole('article', { name: fbo.name });
      await expect(card.getByText('For the earlier version', { exact: true })).toBeVisible();
      await expect(card.getByTestId('earlier-total')).toHaveText(total);
      await expect(page.getByRole('button', { name: `Book with ${fbo.name}` })).toHaveCount(0);
    }
    await expect(page.getByText('Best Price')).toHaveCount(0);
    await expect(page.getByTestId('savings-amount')).toHaveCount(0);
    await expect(ranked.getByRole('article')).toHaveCount(0);
    await expect(page.getByTestId('response-count')).toHaveText('0 of 2 FBOs responded');

    const details = (await (await page.request.get(`/api/quote-requests/${id}`)).json()) as {
      versions: { version: number; changedBy: { name: string }; changedAt: string }[];
    };
    const amendment = details.versions.find((v) => v.version === 2);
    expect(amendment, 'version 2 of the request').toBeDefined();
    expect(Math.abs(Date.parse(amendment!.changedAt) - Date.now())).toBeLessThan(5 * 60_000);
    const me = (await (await page.request.get('/api/auth/me')).json()) as {
      user?: { firstName: string; lastName: string };
      firstName?: string;
      lastName?: string;
    };
    const pilot = me.user ?? me;
    expect(amendment!.changedBy.name).toBe(`${pilot.firstName} ${pilot.lastName}`);
    const history = page.getByRole('region', { name: 'History' });
    await expect(
      history.getByText(
        `Version 2: amended by ${amendment!.changedBy.name} on ${await pageDateTime(page, amendment!.changedAt)}`,
      ),
    ).toBeVisible();
    await expect(history.getByRole('listitem').filter({ hasText: /^Departure:/ })).toHaveText(
      `Departure: ${await pageDateTime(page, departure.toISOString())} → ${await pageDateTime(page, amendedDeparture.toISOString())}`,
    );

    // Alpha opens the same link: the request as it now reads, its earlier prices filled in; it re-prices the fuel.
    await alphaPage.goto(links.alpha);
    const notice = alphaPage.getByRole('status').filter({ hasText: 'The customer amended this request' });
    await expect(notice).toContainText(
      "Your estimate of $1,980.00 was for the earlier version and is not in the customer's comparison until you send it again",
    );
    await expect(priceOf(alphaPage, 'Fuel Pricing')).toHaveValue('6.1');
    await expect(priceOf(alphaPage, 'Hangar Service')).toHaveValue('150');
    await priceOf(alphaPage, 'Fuel Pricing').fill('6.20');
    // The hangar is priced for the stay as it now reads: two nights.
    await expect(estimateSection(alphaPage, 'Hangar Service').getByText('× 2 nights = $300.00')).toBeVisible();
    await expect(alphaPage.getByTestId('estimate-total')).toHaveText('$2,160.00');
    await alphaPage.getByRole('button', { name: 'Submit Estimate' }).click();
    await expect(alphaPage.getByRole('heading', { level: 1, name: 'Estimate Submitted!' })).toBeVisible();

    // The pilot's open page ranks Alpha's new offer again: 300 gal x $6.20 and 2 nights x $150.
    await expect(alphaCard.getByText('Best Price')).toBeVisible();
    await expect(alphaCard.getByTestId('response-total')).toHaveText('$2,160.00');
    await expect(page.getByTestId('response-count')).toHaveText('1 of 2 FBOs responded');
    await expect(
      alphaCard
        .getByRole('list', { name: `Requested services at ${alpha.name}` })
        .getByRole('listitem')
        .filter({ hasText: /^Hangar/ }),
    ).toHaveText(/^Hangar \(2 nights\)\$150\.00 × 2 nights\$300\.00$/);
    await expect(page.getByRole('article', { name: alpha.name })).toHaveCount(1);
    // Bravo has not answered the amended request yet: its earlier estimate alone is still shown as such.
    await expect(awaiting).toContainText(`Waiting for ${bravo.name} to confirm or re-price`);
    await expect(awaiting).not.toContainText(alpha.name);
    await expect(earlier.getByRole('article')).toHaveCount(1);
    await expect(earlier.getByRole('article', { name: bravo.name })).toBeVisible();
    await expect(bravoCard).toHaveCount(0);
  } finally {
    for (const p of fboPages) await p.context().close();
    if (quoteRequestId) await removeQuoteRequest(page, quoteRequestId);
    await page.request.delete(`/api/aircraft/${aircraft.id}`, { headers: ORIGIN });
  }
});
