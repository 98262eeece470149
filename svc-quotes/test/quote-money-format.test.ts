import { execFileSync } from 'node:child_process';
import { estimatePayload, formPayload, startQuotes, type QuotesTestApp } from './support/quotes-app';

const pdftotext = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');

describe('money and quantities read the same in e-mails and the PDF as on screen', () => {
  let t: QuotesTestApp;

  beforeAll(async () => {
    t = await startQuotes();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes "$2,283.00" in the response e-mail and "100,000 gallons" in the PDF', async () => {
    const pilot = await t.pilot();
    const { fbos } = await t.airportWithFbos(1);
    const payload = formPayload(pilot.aircraft, fbos);
    const created = await t
      .http()
      .post('/api/quote-requests')
      .use(t.as(pilot.user))
      .send({ ...payload, services: { ...payload.services, fuelEstimatedAmount: 100000 } });
    expect(created.status).toBe(201);
    const { id, uniqueId } = created.body;
    await t
      .http()
      .put(`/api/quote-requests/${id}/notifications`)
      .use(t.as(pilot.user))
      .send({ emailEachResponse: true });
    const token = await t.tokenOf(id, fbos[0].id);
    // 6.96 x 300 + 150 + 45
    const answered = await t
      .http()
      .post(`/api/fbo-quote/${fbos[0].id}/${token}/submit`)
      .use(t.as())
      .send(estimatePayload(6.96));
    expect(answered.status).toBe(201);
    const mail = await t.mail.waitFor(pilot.user.email, `${fbos[0].name} answered your quote request ${uniqueId}`);
    expect(mail.text).toContain(`Answer: ${fbos[0].name}: $2,283.00`);

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
    const text = pdftotext(res.body as Buffer);
    expect(text).toContain('Fuel: Jet A, 100,000 gallons');
    expect(text).toContain('Fuel: $6.96 × 100,000 gallons = $696,000.00');
  });
});
