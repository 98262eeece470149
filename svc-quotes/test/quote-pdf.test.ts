import { execFileSync } from 'node:child_process';
import { estimatePayload, formPayload, startQuotes, type QuotesTestApp } from './support/quotes-app';

/** The PDF's text as a reader copies it (Debian's pdftotext, poppler-utils), one line per printed line. */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
}

describe('the quote request PDF (pdfkit)', () => {
  let t: QuotesTestApp;

  beforeAll(async () => {
    t = await startQuotes();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gives the owner a PDF with the quote ID, the trip, each FBO's lines and what an incomplete answer lacks", async () => {
    const pilot = await t.pilot();
    const { fbos } = await t.airportWithFbos(3);
    const created = await t
      .http()
      .post('/api/quote-requests')
      .use(t.as(pilot.user))
      .send(formPayload(pilot.aircraft, fbos));
    const { id, uniqueId } = created.body;
    const answer = async (i: number, body: object, action = 'submit') =>
      t
        .http()
        .post(`/api/fbo-quote/${fbos[i].id}/${await t.tokenOf(id, fbos[i].id)}/${action}`)
        .use(t.as())
        .send(body);
    expect((await answer(0, estimatePayload(7))).status).toBe(201); // 2100 + 150 + 45 = 2295
    expect((await answer(1, estimatePayload(6))).status).toBe(201); // 1800 + 150 + 45 = 1995
    expect((await answer(2, { reason: 'fuel_not_available' }, 'decline')).status).toBe(201);

    const res = await t
      .http()
      .get(`/api/quote-requests/${id}/pdf`)
      .use(t.as(pilot.user))
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${uniqueId}.pdf"`);
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(`Quote request ${uniqueId}`);
    expect(text).toContain('KSEA Seattle-Tacoma International Airport, Seattle, WA');
    expect(text).toContain(`${pilot.aircraft.tailNumber} Cessna Citation CJ3`);
    expect(text).toContain('- GPU (30 min)');
    // Neither answer prices the requested coffee and lavatory service: both are shown with what they lack, neither
    // ranked (the ranking of complete offers: quote-comparison.test.ts).
    expect(text).toContain(
      `${fbos[1].name}: incomplete, lacks Lavatory service, Coffee - requested services priced $2,145.00`,
    );
    expect(text).toContain(
      `${fbos[0].name}: incomplete, lacks Lavatory service, Coffee - requested services priced $2,445.00`,
    );
    expect(text).toContain('Fuel: $6.00 × 300 gallons = $1,800.00 (lowest) (Jet A with Prist)');
    expect(text).toContain('Hangar: $150.00 × 2 nights = $300.00');
    expect(text).toContain('Coffee: unavailable');
    expect(text).not.toContain('[Best Price]');
    expect(text).toContain(`- ${fbos[2].name}: Fuel not available`);
  });

  it("answers 404 for another user's request", async () => {
    const pilot = await t.pilot();
    const { fbos } = await t.airportWithFbos(1);
    const created = await t
      .http()
      .post('/api/quote-requests')
      .use(t.as(pilot.user))
      .send(formPayload(pilot.aircraft, fbos));
    const res = await t
      .http()
      .get(`/api/quote-requests/${created.body.id}/pdf`)
      .use(t.as((await t.pilot('Bessie')).user));
    expect([res.status, res.body]).toEqual([404, { error: 'Quote request not found' }]);
  });
});
