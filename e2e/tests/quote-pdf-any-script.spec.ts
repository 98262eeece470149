import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ORIGIN, removeQuoteRequest, signIn } from './support/session';

// End to end: a request whose notes name the crew in Cyrillic and Chinese (with an emoji between) prints them in its
// PDF, downloaded from the details page: the text a reader copies out of it (pdftotext) has the letters.

test('the PDF of a request with Cyrillic and CJK notes shows them', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  const aircraftRes = await page.request.post('/api/aircraft', {
    headers: ORIGIN,
    data: { make: 'Cessna', model: '172S Skyhawk', tailNumber: `N${Date.now().toString(36).slice(-4).toUpperCase()}` },
  });
  expect(aircraftRes.status()).toBe(201);
  const aircraft = (await aircraftRes.json()) as { id: string };
  const fbosRes = await page.request.get('/api/airports/KSEA/fbos');
  expect(fbosRes.status()).toBe(200);
  const [fbo] = ((await fbosRes.json()) as { fbos: { id: string }[] }).fbos;
  let id: string | undefined;
  try {
    const arrival = new Date(Date.now() + 5 * 24 * 3600_000);
    const created = await page.request.post('/api/quote-requests', {
      headers: ORIGIN,
      data: {
        aircraftId: aircraft.id,
        departureAirportCode: 'KLAX',
        airportCode: 'KSEA',
        arrival: arrival.toISOString(),
        departure: new Date(arrival.getTime() + 24 * 3600_000).toISOString(),
        services: { fuelJetA: true, fuelEstimatedAmount: 300 },
        notes: 'Crew: Иван Петров, 张伟 — café ✈️ then Ωmega and 東京',
        selectedFbos: [fbo.id],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const request = (await created.json()) as { id: string; uniqueId: string };
    id = request.id;

    await page.goto(`/quote-details/${id}`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print PDF' }).click();
    const download = await downloading;
    const pdf = readFileSync((await download.path())!);
    const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
    expect(text).toContain(request.uniqueId);
    expect(text).toContain('Crew: Иван Петров, 张伟 — café \uFFFD then Ωmega and 東京');
  } finally {
    if (id) await removeQuoteRequest(page, id);
    await page.request.delete(`/api/aircraft/${aircraft.id}`, { headers: ORIGIN });
  }
});
