import { randomUUID } from 'node:crypto';
import {
  EventTypes,
  QUOTE_ID_PATTERN,
  QuoteRequestMessages,
  Routes,
  type QuoteSubmittedData,
} from '@rampquote/contracts';
import { collectEvents, waitFor } from '@rampquote/service-kit/testing';
import { estimatePayload, formPayload, startQuotes, type QuotesTestApp } from './support/quotes-app';

describe('quote requests: create, My Quotes, details, delete (real PostgreSQL and RabbitMQ, real svc-fleet, svc-airports, svc-identity)', () => {
  let t: QuotesTestApp;

  beforeAll(async () => {
    t = await startQuotes();
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = async (payload: object, user: Parameters<QuotesTestApp['as']>[0]) =>
    t.http().post('/api/quote-requests').use(t.as(user)).send(payload);

  it('creates a request from the form payload: a readable quote ID, a snapshot, one invitation per FBO and quote-submitted', async () => {
    const events = await collectEvents(t.env.amqpUrl, t.env.exchange, [EventTypes.quoteSubmitted]);
    try {
      const { user, aircraft } = await t.pilot();
      const { fbos } = await t.airportWithFbos(2);
      const res = await create(
        formPayload(aircraft, fbos, {
          services: { fuelJetA: true, fuelEstimatedAmount: 300, potableWater: true, ice: true },
        }),
        user,
      );
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(['id', 'uniqueId']);
      expect(res.body.uniqueId).toMatch(QUOTE_ID_PATTERN);

      const [row] = await t.db.query(`SELECT * FROM quote_requests WHERE id = $1`, [res.body.id]);
      expect(row).toMatchObject({
        unique_id: res.body.uniqueId,
        requester_id: user.id,
        status: 'pending',
        source: 'form',
        aircraft_id: aircraft.id,
        fuel_type: 'Jet A',
        fuel_amount: '300.0',
        total_fbos_count: 2,
        response_count: 0,
        email_each_response: false,
        email_all_responded: true,
      });
      expect(row.aircraft).toEqual({
        id: aircraft.id,
        name: aircraft.name,
        make: 'Cessna',
        model: 'Citation CJ3',
        tailNumber: aircraft.tailNumber,
      });
      expect(row.airport).toMatchObject({ identifier: 'KBFI', name: 'Boeing Field King County International Airport' });
      expect(row.origin_airport).toMatchObject({ identifier: 'KSEA' });
      expect(row.requester).toMatchObject({
        id: user.id,
        email: user.email,
        firstName: 'Amelia',
        lastName: 'Earhart',
        companyName: 'Electra Flight Department',
        jobTitle: 'Chief Pilot',
      });
      // The section 9 defaults of toggled services whose amounts were left out.
      expect(row.services).toMatchObject({ potableWater: true, potableWaterGallons: 5, ice: true, icePounds: 8 });

      const invitations = await t.db.query(
        `SELECT fbo_id, fbo_email, token_hash, link_nonce, status FROM quote_invitations WHERE quote_request_id = $1`,
        [res.body.id],
      );
      expect(invitations.map((i: { fbo_id: string }) => i.fbo_id).sort()).toEqual(fbos.map((f) => f.id).sort());
      for (const invitation of invitations) {
        expect(invitation.status).toBe('open');
        expect(invitation.token_hash).toMatch(/^[0-9a-f]{64}$/);
        // The token itself is stored nowhere: the hash is of a 256-bit value rebuilt from the nonce.
        const token = await t.tokenOf(res.body.id, invitation.fbo_id);
        expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
        expect(JSON.stringify(await t.db.query(`SELECT * FROM quote_invitations`))).not.toContain(token);
        expect(JSON.stringify(await t.db.query(`SELECT payload FROM outbox_events`))).not.toContain(token);
      }

      const event = await waitFor(
        () => events.received.find((e) => (e.data as QuoteSubmittedData).quoteRequestId === res.body.id),
        10_000,
        'quote-submitted',
      );
      expect(event).toMatchObject({ type: 'quote-submitted', source: 'svc-quotes' });
      expect(event.data).toMatchObject({ uniqueId: res.body.uniqueId, requesterId: user.id, airport: 'KBFI' });
      expect((event.data as QuoteSubmittedData).invitations).toHaveLength(2);
    } finally {
      await events.close();
    }
  });

  it('keeps its snapshot when the aircraft, airport or profile changes afterwards', async () => {
    const { user, aircraft } = await t.pilot();
    const { fbos } = await t.airportWithFbos(1);
    const res = await create(formPayload(aircraft, fbos), user);
    expect(res.status).toBe(201);
    const { fleet, identity } = t.neighbours;
    const renamed = await fleet
      .http()
      .patch(Routes.aircraft.byId(aircraft.id))
      .use(fleet.asUser(user.id))
      .send({ tailNumber: 'N999ZZ' });
    expect([renamed.status, renamed.body.tailNumber]).toEqual([200, 'N999ZZ']);
    const profile = await identity
      .http()
      .patch(Routes.user.profile)
      .use(identity.asGateway(user))
      .send({ lastName: 'Putnam' });
    expect([profile.status, profile.body.lastName]).toEqual([200, 'Putnam']);
    const details = await t.http().get(`/api/quote-requests/${res.body.id}`).use(t.as(user));
    expect(details.body.aircraft.tailNumber).toBe(aircraft.tailNumber);
    expect(details.body.requester.lastName).toBe('Earhart');
  });

  it('answers 400 with the section 5 messages', async () => {
    const { user } = await t.pilot();
    const res = await create(
      {
        aircraftId: '',
        departureAirportCode: 'KS',
        airportCode: '',
        arrival: '',
        departure: '',
        services: {},
        selectedFbos: [],
      },
      user,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Invalid request data',
      details: [
        { field: 'aircraftId', message: 'Please select an aircraft' },
        { field: 'departureAirportCode', message: 'Please select a departure airport' },
        { field: 'airportCode', message: 'Please select a destination airport' },
        { field: 'arrival', message: 'Please select arrival date and time' },
        { field: 'departure', message: 'Please select departure date and time' },
        { field: 'selectedFbos', message: 'Please select at least one FBO' },
      ],
    });
  });

  it('answers 400 with the section 9 range messages', async () => {
    const { user, aircraft } = await t.pilot();
    const { fbos } = await t.airportWithFbos(1);
    const res = await create(
      formPayload(aircraft, fbos, {
        services: { gpu: true, gpuDuration: '140', ice: true, icePounds: 25, newspapers: true, newspapersSets: 0 },
      }),
      user,
    );
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { field: 'services.gpuDuration', message: QuoteRequestMessages.gpuDuration },
      { field: 'services.icePounds', message: 'Ice must be between 2 and 20' },
      { field: 'services.newspapersSets', message: 'Newspapers must be between 1 and 4 sets' },
    ]);
  });

  it('refuses an FBO that is not at the destination airport, and an unknown airport', async () => {
    const { user, aircraft } = await t.pilot();
    const { fbos } = await t.airportWithFbos(1);
    const elsewhere = await t.addFbo('KSEA', 'Sea FBO', `sea-${randomUUID().slice(0, 6)}@example.com`);
    const res = await create(formPayload(aircraft, [...fbos, elsewhere]), user);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { field: 'selectedFbos', message: 'Every selected FBO must be at the destination airport' },
    ]);
    const unknown = await create(formPayload(aircraft, fbos, { departureAirportCode: 'KXXX' }), user);
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([{ field: 'departureAirportCode', message: 'Airport KXXX not found' }]);
    expect(await t.db.query(`SELECT 1 FROM quote_requests WHERE requester_id = $1`, [user.id])).toEqual([]);
  });

  it("answers 404 for another user's aircraft and stores nothing", async () => {
    const { user } = await t.pilot();
    const other = await t.pilot('Bessie');
    const { fbos } = await t.airportWithFbos(1);
    const res = await create(formPayload(other.aircraft, fbos), user);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Aircraft not found' });
    expect(await t.db.query(`SELECT 1 FROM quote_requests WHERE requester_id = $1`, [user.id])).toEqual([]);
  });

  it("accepts the legacy wizard's payload and stores it the same way (default aircraft, every FBO at the destination)", async () => {
    const { user, aircraft } = await t.pilot();
    await t.airportWithFbos(1);
    const atDestination = await t.fbosAt('KBFI');
    const arrival = new Date(Date.now() + 86_400_000 * 5).toISOString();
    const departure = new Date(Date.now() + 86_400_000 * 6).toISOString();
    const res = await create(
      { destination: 'KBFI', services: ['fuel', 'hangar', 'gpu'], duration: { arrival, departure } },
      user,
    );
    expect(res.status).toBe(201);
    expect(res.body.uniqueId).toMatch(QUOTE_ID_PATTERN);
    const details = await t.http().get(`/api/quote-requests/${res.body.id}`).use(t.as(user));
    expect(details.body).toMatchObject({
      aircraftId: aircraft.id,
      airport: { identifier: 'KBFI' },
      originAirport: null,
      arrivalDate: arrival,
      departureDate: departure,
      totalFbosCount: atDestination.length,
      requestedServices: ['Fuel', 'GPU (15 min)', 'Hangar (medium priority)'],
    });
    const invalid = await create(
      { destination: '', services: [], duration: { arrival: departure, departure: arrival } },
      user,
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.details.map((d: { message: string }) => d.message)).toEqual([
      'Please select a destination airport.',
      'Please select at least one service.',
      'Error: Departure time must be after arrival time.',
    ]);
    const backwards = await create(
      { destination: 'KBFI', services: ['fuel'], duration: { arrival: departure, departure: arrival } },
      user,
    );
    expect(backwards.body.details).toEqual([
      { field: 'duration.departure', message: 'Error: Departure time must be after arrival time.' },
    ]);
  });

  it('lists My Quotes rows newest first with the counts and both airports, and only the caller’s', async () => {
    const { user, aircraft } = await t.pilot();
    const other = await t.pilot('Bessie');
    const { fbos } = await t.airportWithFbos(3);
    const first = await create(formPayload(aircraft, fbos), user);
    const second = await create(formPayload(aircraft, fbos.slice(0, 1)), user);
    await create(formPayload(other.aircraft, fbos), other.user);
    const res = await t.http().get('/api/quote-requests').use(t.as(user));
    expect(res.status).toBe(200);
    expect(res.body.map((r: { id: string }) => r.id)).toEqual([second.body.id, first.body.id]);
    expect(res.body[1]).toEqual({
      id: first.body.id,
      uniqueId: first.body.uniqueId,
      status: 'pending',
      createdAt: expect.any(String),
      arrivalDate: expect.any(String),
      departureDate: expect.any(String),
      airport: { identifier: 'KBFI', name: 'Boeing Field King County International Airport' },
      originAirport: { identifier: 'KSEA', name: 'Seattle-Tacoma International Airport' },
      responseCount: 0,
      totalFbosCount: 3,
    });
  });

  it('pages My Quotes with ?limit and the cursor of the Link header, newest first, without gaps or repeats', async () => {
    const { user, aircraft } = await t.pilot();
    const { fbos } = await t.airportWithFbos(1);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.unshift((await create(formPayload(aircraft, fbos), user)).body.id);
    const all = await t.http().get('/api/quote-requests').use(t.as(user));
    expect(all.body.map((r: { id: string }) => r.id)).toEqual(made);
    expect(all.headers.link).toBeUndefined();
    expect(all.headers['content-type']).toMatch(/^application\/json/);
    for (const r of all.body)
      for (const at of [r.createdAt, r.arrivalDate, r.departureDate]) expect(at).toBe(new Date(at).toISOString());

    const seen: string[] = [];
    let path: string | undefined = '/api/quote-requests?limit=2';
    const sizes: number[] = [];
    while (path) {
      const res = await t.http().get(path).use(t.as(user));
      expect(res.status).toBe(200);
      sizes.push(res.body.length);
      seen.push(...res.body.map((r: { id: string }) => r.id));
      expect(res.body[0]).toEqual(all.body.find((r: { id: string }) => r.id === res.body[0].id));
      path = /^<([^>]+)>; rel="next"$/.exec(res.headers.link ?? '')?.[1];
      if (path) expect(path).toBe(`/api/quote-requests?limit=2&cursor=${res.headers['x-next-cursor']}`);
    }
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(made);
    // Exactly a page's worth: no next page is announced.
    expect((await t.http().get('/api/quote-requests?limit=5').use(t.as(user))).headers.link).toBeUndefined();
  });

  it('answers at most 200 rows without ?limit, the next page named in Link', async () => {
    const { user, aircraft } = await t.pilot();
    const { fbos } = await t.airportWithFbos(1);
    const newest = (await create(formPayload(aircraft, fbos), user)).body.id;
    // 200 older copies of it, straight in the table (every column but the keys and the time copied).
    const columns: { column_name: string }[] = await t.db.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'quote_requests'
         AND column_name NOT IN ('id', 'unique_id', 'created_at') ORDER BY ordinal_position`,
    );
    const copied = columns.map((c) => `"${c.column_name}"`).join(', ');
    await t.db.query(
      `INSERT INTO quote_requests (id, unique_id, created_at, ${copied})
       SELECT gen_random_uuid(), 'COPY-' || n, created_at - n * interval '1 minute', ${copied}
       FROM quote_requests, generate_series(1, 200) AS n WHERE id = $1`,
      [newest],
    );
    const first = await t.http().get('/api/quote-requests').use(t.as(user));
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(200);
    expect(first.body[0].id).toBe(newest);
    const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.link ?? '')?.[1];
    expect(next).toBe(`/api/quote-requests?limit=200&cursor=${first.headers['x-next-cursor']}`);
    const last = await t.http().get(next!).use(t.as(user));
    expect(last.body).toHaveLength(1);
    expect(last.headers.link).toBeUndefined();
  });

  it('refuses an unusable limit or cursor with 400 and the field', async () => {
    const { user } = await t.pilot();
    for (const query of ['limit=0', 'limit=201', 'limit=abc', 'limit=1.5']) {
      const res = await t.http().get(`/api/quote-requests?${query}`).use(t.as(user));
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ field: 'limit', message: 'limit must be a whole number from 1 to 200' }]);
    }
    const forged = await t.http().get('/api/quote-requests?limit=2&cursor=bm90LWEtY3Vyc29y').use(t.as(user));
    expect(forged.status).toBe(400);
    expect(forged.body.details).toEqual([{ field: 'cursor', message: 'cursor is not one this list gave out' }]);
  });

  it('sends My Quotes gzipped to a client that accepts gzip, the same rows and tag as without, and a change at once', async () => {
    const { user, aircraft } = await t.pilot();
    const { fbos } = await t.airportWithFbos(2);
    for (let i = 0; i < 5; i += 1) expect((await create(formPayload(aircraft, fbos), user)).status).toBe(201);
    // supertest unzips a gzip answer itself (as a browser does); Content-Length tells the bytes that were sent
    const read = (encoding: string) =>
      t.http().get('/api/quote-requests').use(t.as(user)).set('Accept-Encoding', encoding);
    const plain = await read('identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const rows = plain.body;
    expect(rows).toHaveLength(5);
    const zipped = await read('br;q=1.0, gzip;q=0.8');
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(Number(zipped.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']) / 2);
    expect(zipped.body).toEqual(rows);
    expect((await read('gzip;q=0')).headers['content-encoding']).toBeUndefined();
    // The pages answered from memory follow every change: a cancel and a delete show in the very next read.
    expect((await t.http().post(`/api/quote-requests/${rows[0].id}/cancel`).use(t.as(user))).status).toBe(200);
    const cancelled = await read('gzip');
    expect(cancelled.headers['content-encoding']).toBe('gzip');
    expect(cancelled.headers.etag).not.toBe(plain.headers.etag);
    expect(cancelled.body).toEqual([{ ...rows[0], status: 'cancelled' }, ...rows.slice(1)]);
    expect((await read('identity')).body).toEqual(cancelled.body);
    expect((await t.http().delete(`/api/quote-requests/${rows[0].id}`).use(t.as(user))).status).toBe(200);
    expect((await read('gzip')).body).toEqual(rows.slice(1));
  });

  it('answers 304 to a repeated My Quotes read while nothing changed, and the new list once a request changes', async () => {
    const { user, aircraft } = await t.pilot();
    const other = await t.pilot('Bessie');
    const { fbos } = await t.airportWithFbos(2);
    const first = await create(formPayload(aircraft, fbos), user);
    const read = (etag?: string) =>
      t
        .http()
        .get('/api/quote-requests')
        .use(t.as(user))
        .set(etag ? { 'If-None-Match': etag } : {});
    const res = await read();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await read(etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    // A reload that asks for no cached answer gets the list.
    const reload = await t
      .http()
      .get('/api/quote-requests')
      .use(t.as(user))
      .set({ 'If-None-Match': etag, 'Cache-Control': 'no-cache' });
    expect(reload.status).toBe(200);
    expect(reload.body).toHaveLength(1);
    // Another user's new request does not change this list, and the other user's list never matches this tag (one
    // browser, two users signed in one after the other).
    await create(formPayload(other.aircraft, fbos), other.user);
    expect((await read(etag)).status).toBe(304);
    const others = await t.http().get('/api/quote-requests').use(t.as(other.user)).set({ 'If-None-Match': etag });
    expect(others.status).toBe(200);
    expect(others.body).toHaveLength(1);
    // An FBO's answer changes the row's count: the list is sent again.
    const token = await t.tokenOf(first.body.id, fbos[0].id);
    expect(
      (await t.http().post(`/api/fbo-quote/${fbos[0].id}/${token}/submit`).use(t.as()).send(estimatePayload())).status,
    ).toBe(201);
    const changed = await read(etag);
    expect(changed.status).toBe(200);
    expect(changed.body[0].responseCount).toBe(1);
    expect(changed.headers.etag).not.toBe(etag);
    // A new request of this user changes it too, and so does a cancel and a delete.
    await create(formPayload(aircraft, fbos), user);
    const grown = await read(changed.headers.etag as string);
    expect(grown.status).toBe(200);
    expect(grown.body).toHaveLength(2);
    expect((await t.http().post(`/api/quote-requests/${grown.body[0].id}/cancel`).use(t.as(user))).status).toBe(200);
    const cancelled = await read(grown.headers.etag as string);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body[0].status).toBe('cancelled');
    expect((await t.http().delete(`/api/quote-requests/${grown.body[0].id}`).use(t.as(user))).status).toBe(200);
    const shrunk = await read(cancelled.headers.etag as string);
    expect(shrunk.status).toBe(200);
    expect(shrunk.body).toHaveLength(1);
  });

  it('reads the details summary of section 2 with the notification preferences and the invited FBOs', async () => {
    const { user, aircraft } = await t.pilot();
    const { fbos } = await t.airportWithFbos(2);
    const { body } = await create(formPayload(aircraft, fbos), user);
    const res = await t.http().get(`/api/quote-requests/${body.id}`).use(t.as(user));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: body.id,
      uniqueId: body.uniqueId,
      status: 'pending',
      cancelledAt: null,
      aircraft: { make: 'Cessna', model: 'Citation CJ3', tailNumber: aircraft.tailNumber, name: aircraft.name },
      airport: {
        identifier: 'KBFI',
        code: 'BFI',
        name: 'Boeing Field King County International Airport',
        city: 'Seattle',
        state: 'WA',
      },
      originAirport: { identifier: 'KSEA' },
      tripDurationDays: 2,
      fuelType: 'Jet A',
      fuelAmount: 300,
      notes: 'Two passengers, quick turn',
      responseCount: 0,
      totalFbosCount: 2,
      notifications: { emailEachResponse: false, emailAllResponded: true },
      requestedServices: [
        'Fuel: Jet A, 300 gal',
        'GPU (30 min)',
        'Lavatory service (dry)',
        'Coffee (regular)',
        'Hangar (medium priority)',
      ],
    });
    // Each invited FBO as its snapshot was stored, in the order they were chosen, not answered yet.
    const snapshots: { fbo: object }[] = await t.db.query(
      `SELECT fbo FROM quote_invitations WHERE quote_request_id = $1 ORDER BY position`,
      [body.id],
    );
    expect(res.body.fbos).toEqual(snapshots.map(({ fbo }) => ({ ...fbo, status: 'open', respondedAt: null })));
    expect(res.body.fbos.map((f: { id: string }) => f.id)).toEqual(fbos.map((f) => f.id));
    // Times as the browser reads them (UTC ISO with milliseconds), the stored requester snapshot with them.
    const [stored] = await t.db.query(`SELECT created_at, arrival_date, requester FROM quote_requests WHERE id = $1`, [
      body.id,
    ]);
    expect(res.body).toMatchObject({
      createdAt: stored.created_at.toISOString(),
      arrivalDate: stored.arrival_date.toISOString(),
      requester: stored.requester,
    });
  });

  it("answers 404 for another user's request, a missing id and a malformed one, and changes nothing", async () => {
    const { user, aircraft } = await t.pilot();
    const other = await t.pilot('Bessie');
    const { fbos } = await t.airportWithFbos(1);
    const { body } = await create(formPayload(aircraft, fbos), user);
    for (const path of [
      `/api/quote-requests/${body.id}`,
      `/api/quote-requests/${body.id}/responses`,
      `/api/quote-requests/${body.id}/pdf`,
    ]) {
      const res = await t.http().get(path).use(t.as(other.user));
      expect([path, res.status, res.body]).toEqual([path, 404, { error: 'Quote request not found' }]);
    }
    expect((await t.http().delete(`/api/quote-requests/${body.id}`).use(t.as(other.user))).status).toBe(404);
    expect((await t.http().post(`/api/quote-requests/${body.id}/cancel`).use(t.as(other.user))).status).toBe(404);
    expect(
      (
        await t
          .http()
          .put(`/api/quote-requests/${body.id}/notifications`)
          .use(t.as(other.user))
          .send({ emailEachResponse: true })
      ).status,
    ).toBe(404);
    expect((await t.http().get(`/api/quote-requests/${randomUUID()}`).use(t.as(user))).status).toBe(404);
    expect((await t.http().get(`/api/quote-requests/not-a-uuid`).use(t.as(user))).status).toBe(404);
    const [row] = await t.db.query(`SELECT status, email_each_response FROM quote_requests WHERE id = $1`, [body.id]);
    expect(row).toEqual({ status: 'pending', email_each_response: false });
  });

  it('needs a signed-in user (401) and a signed identity', async () => {
    expect((await t.http().get('/api/quote-requests').use(t.as())).body).toEqual({ error: 'Authentication required' });
    expect((await t.http().get('/api/quote-requests')).status).toBe(401);
  });

  it('saves the notification preferences', async () => {
    const { user, aircraft } = await t.pilot();
    const { fbos } = await t.airportWithFbos(1);
    const { body } = await create(formPayload(aircraft, fbos), user);
    const res = await t
      .http()
      .put(`/api/quote-requests/${body.id}/notifications`)
      .use(t.as(user))
      .send({ emailEachResponse: true });
    expect(res.body).toEqual({ emailEachResponse: true, emailAllResponded: true });
    const bad = await t
      .http()
      .put(`/api/quote-requests/${body.id}/notifications`)
      .use(t.as(user))
      .send({ emailAllResponded: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { field: 'emailAllResponded', message: 'emailAllResponded must be true or false' },
    ]);
    expect((await t.http().get(`/api/quote-requests/${body.id}`).use(t.as(user))).body.notifications).toEqual({
      emailEachResponse: true,
      emailAllResponded: true,
    });
    const patched = await t
      .http()
      .patch(`/api/quote-requests/${body.id}/notifications`)
      .use(t.as(user))
      .send({ emailAllResponded: false });
    expect(patched.body).toEqual({ emailEachResponse: true, emailAllResponded: false });
  });

  it('deletes only a complete request: 409 while FBOs have not answered, then 200 and everything gone', async () => {
    const { user, aircraft } = await t.pilot();
    const { fbos } = await t.airportWithFbos(1);
    const { body } = await create(formPayload(aircraft, fbos), user);
    const open = await t.http().delete(`/api/quote-requests/${body.id}`).use(t.as(user));
    expect(open.status).toBe(409);
    expect(open.body).toEqual({ error: QuoteRequestMessages.deleteNotComplete });
    const token = await t.tokenOf(body.id, fbos[0].id);
    expect(
      (await t.http().post(`/api/fbo-quote/${fbos[0].id}/${token}/submit`).use(t.as()).send(estimatePayload())).status,
    ).toBe(201);
    // Complete, but another user's: 404, and it stays.
    const stranger = await t
      .http()
      .delete(`/api/quote-requests/${body.id}`)
      .use(t.as((await t.pilot()).user));
    expect([stranger.status, stranger.body]).toEqual([404, { error: QuoteRequestMessages.notFound }]);
    expect(await t.db.query(`SELECT status FROM quote_requests WHERE id = $1`, [body.id])).toEqual([
      { status: 'completed' },
    ]);
    const res = await t.http().delete(`/api/quote-requests/${body.id}`).use(t.as(user));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: body.id });
    expect(
      await t.db.query(
        `SELECT 1 FROM quote_invitations WHERE quote_request_id = $1 UNION ALL SELECT 1 FROM quote_responses WHERE quote_request_id = $1`,
        [body.id],
      ),
    ).toEqual([]);
    expect((await t.http().get(`/api/fbo-quote/${fbos[0].id}/${token}`).use(t.as())).status).toBe(404);
  });
});
