import { execFileSync } from 'node:child_process';
import { formPayload, startQuotes, type QuotesTestApp } from './support/quotes-app';

const DAY = 24 * 60 * 60 * 1000;
const pdftotext = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');

describe('the like-for-like comparison (GET /api/quote-requests/{id}/comparison)', () => {
  let t: QuotesTestApp;

  beforeAll(async () => {
    t = await startQuotes();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A request for 500 gallons of Jet A, a hangar and a GPU, staying 1 day 19 hours, sent to `count` FBOs. */
  async function request(count: number) {
    const pilot = await t.pilot();
    const { fbos } = await t.airportWithFbos(count);
    const arrival = Date.now() + 10 * DAY;
    const created = await t
      .http()
      .post('/api/quote-requests')
      .use(t.as(pilot.user))
      .send(
        formPayload(pilot.aircraft, fbos, {
          arrival: new Date(arrival).toISOString(),
          departure: new Date(arrival + DAY + 19 * 60 * 60 * 1000).toISOString(),
          services: { fuelJetA: true, fuelEstimatedAmount: 500, hangar: true, gpu: true, gpuDuration: '30' },
        }),
      );
    expect(created.status).toBe(201);
    const submit = async (i: number, body: object) =>
      t
        .http()
        .post(`/api/fbo-quote/${fbos[i].id}/${await t.tokenOf(created.body.id, fbos[i].id)}/submit`)
        .use(t.as())
        .send(body);
    return { pilot, fbos, id: created.body.id as string, uniqueId: created.body.uniqueId as string, submit };
  }

  it('ranks only complete offers by landed total, shows what an incomplete one lacks, the extras apart and the fees waived', async () => {
    const r = await request(3);
    // A: cheapest on the services it priced, but no hangar.
    const a = await r.submit(0, {
      servicesQuoted: {
        dedicatedFuel: { price: 6, quantity: 500 },
        fuel: {},
        hangar: { unavailable: true },
        gpu: { price: 40 },
      },
      totalPrice: 3040,
    });
    expect(a.status).toBe(201);
    // B: a crew car nobody asked for; its ramp fee is waived from 300 gallons.
    const b = await r.submit(1, {
      servicesQuoted: {
        dedicatedFuel: { price: 6.5, quantity: 500 },
        hangar: { price: 125, days: 1 },
        gpu: { price: 45 },
        customServices: [{ id: '7', name: 'Crew car', price: 40 }],
      },
      totalPrice: 3460,
      fees: { rampFacility: { price: 150, waivedWithGallons: 300 }, handling: { price: 25 } },
    });
    expect(b.status).toBe(201);
    // C: everything; its ramp fee is waived only from 1,000 gallons.
    const c = await r.submit(2, {
      servicesQuoted: {
        dedicatedFuel: { price: 6.25, quantity: 500 },
        hangar: { price: 150, days: 1 },
        gpu: { price: 35 },
      },
      totalPrice: 3310,
      fees: { rampFacility: { price: 200, waivedWithGallons: '1000' } },
    });
    expect(c.status).toBe(201);

    const res = await t.http().get(`/api/quote-requests/${r.id}/comparison`).use(t.as(r.pilot.user));
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.nights).toBe(2);
    expect(body.rows).toEqual([
      { key: 'fuel', label: 'Fuel', detail: 'Jet A, 500 gallons' },
      { key: 'hangar', label: 'Hangar', detail: '2 nights' },
      { key: 'gpu', label: 'GPU', detail: null },
    ]);
    const summary = body.offers.map((o: Record<string, unknown>) => [
      (o.fbo as { id: string }).id,
      o.rank,
      o.complete,
      o.missing,
      o.comparableTotal,
      o.extrasTotal,
      o.feesTotal,
      o.landedTotal,
    ]);
    expect(summary).toEqual([
      [r.fbos[1].id, 'best', true, [], 3545, 40, 25, 3570],
      [r.fbos[2].id, 'highest', true, [], 3460, 0, 200, 3660],
      [r.fbos[0].id, 'incomplete', false, ['Hangar'], 3040, 0, 0, 3040],
    ]);
    expect(body.savings).toEqual({ amount: 90, percent: 2.5 });
    const [best, highest] = body.offers;
    expect(best.cells[1]).toMatchObject({ unitPrice: 125, quantity: 2, unit: 'night', total: 250, lowest: true });
    expect(best.extras).toEqual([{ name: 'Crew car', price: 40, notes: null }]);
    expect(best.fees[0]).toMatchObject({
      label: 'Ramp/facility fee',
      waived: true,
      note: 'Waived: 500 gallons requested (at least 300)',
    });
    expect(highest.fees[0]).toMatchObject({
      waived: false,
      note: 'Not waived: 500 gallons requested (waived with at least 1,000 gallons)',
    });
    // The fuel row is one row: no "Fuel service – Not priced" beside it.
    expect(body.offers[2].cells.map((cell: { key: string; status: string }) => [cell.key, cell.status])).toEqual([
      ['fuel', 'priced'],
      ['hangar', 'unavailable'],
      ['gpu', 'priced'],
    ]);

    // The FBO's page reads its fees back.
    const page = await t
      .http()
      .get(`/api/fbo-quote/${r.fbos[1].id}/${await t.tokenOf(r.id, r.fbos[1].id)}`)
      .use(t.as());
    expect(page.body.estimate.fees).toEqual({
      rampFacility: { price: 150, waivedWithGallons: 300 },
      handling: { price: 25, waivedWithGallons: null },
    });

    // The PDF is built from the comparison.
    const pdf = await t
      .http()
      .get(`/api/quote-requests/${r.id}/pdf`)
      .use(t.as(r.pilot.user))
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    const text = pdftotext(pdf.body as Buffer);
    expect(text).toContain(`1. ${r.fbos[1].name}: $3,570.00 landed [Best Price]`);
    expect(text).toContain(`2. ${r.fbos[2].name}: $3,660.00 landed [Highest Price]`);
    expect(text).toContain(`${r.fbos[0].name}: incomplete, lacks Hangar`);
    expect(text).toContain('Hangar: $125.00 × 2 nights = $250.00 (lowest)');
    expect(text).toContain('Ramp/facility fee: $150.00 - Waived: 500 gallons requested (at least 300)');
    expect(text).toContain('Extras (not requested): Crew car $40.00; total $40.00');
    expect(text).toContain('Savings: $90.00 (2.5% of the highest price)');
    expect(text).not.toContain('Fuel service');
    expect(text.match(/Fuel: Jet A, 500 gallons/g)).toHaveLength(1);
  });

  it('refuses fees with negative prices or waivers that are not whole gallons from 1 to 100,000, with the field', async () => {
    const r = await request(1);
    const services = { dedicatedFuel: { price: 6, quantity: 500 }, hangar: { price: 100 }, gpu: { price: 40 } };
    const post = (fees: object) => r.submit(0, { servicesQuoted: services, totalPrice: 3140, fees });

    const negative = await post({ handling: { price: -5 } });
    expect([negative.status, negative.body.details]).toEqual([
      400,
      [{ field: 'fees.handling.price', message: 'Fee prices must be 0 or more with at most 2 decimals' }],
    ]);
    for (const waivedWithGallons of [0, 1.5, 100_001, -3, 'lots']) {
      const bad = await post({ rampFacility: { price: 100, waivedWithGallons } });
      expect([bad.status, bad.body.details]).toEqual([
        400,
        [
          {
            field: 'fees.rampFacility.waivedWithGallons',
            message: 'Waiver thresholds must be whole gallons from 1 to 100,000',
          },
        ],
      ]);
    }
    const edge = await post({ rampFacility: { price: 100, waivedWithGallons: 100_000 }, security: { price: 0 } });
    expect(edge.status).toBe(201);
  });

  it("answers 404 for another user's request and for an unknown id", async () => {
    const r = await request(1);
    const other = await t.pilot('Bessie');
    const theirs = await t.http().get(`/api/quote-requests/${r.id}/comparison`).use(t.as(other.user));
    expect([theirs.status, theirs.body]).toEqual([404, { error: 'Quote request not found' }]);
    const unknown = await t.http().get('/api/quote-requests/not-an-id/comparison').use(t.as(r.pilot.user));
    expect(unknown.status).toBe(404);
  });

  it('has no Best Price while no offer is complete, and lists who has not answered', async () => {
    const r = await request(2);
    await r.submit(0, {
      servicesQuoted: { dedicatedFuel: { price: 6, quantity: 500 }, gpu: { price: 40 } },
      totalPrice: 3040,
    });
    const res = await t.http().get(`/api/quote-requests/${r.id}/comparison`).use(t.as(r.pilot.user));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bestId: null, highestId: null, savings: null });
    expect(res.body.offers[0]).toMatchObject({ rank: 'incomplete', missing: ['Hangar'] });
    expect(res.body.waiting).toEqual([{ fboId: r.fbos[1].id, name: r.fbos[1].name, status: 'open' }]);
  });
});
