import { randomUUID } from 'node:crypto';
import { EventTypes, FboQuoteMessages, type FboRespondedData } from '@rampquote/contracts';
import { collectEvents, waitFor } from '@rampquote/service-kit/testing';
import { DataSource } from 'typeorm';
import { estimatePayload, formPayload, startQuotes, type QuotesTestApp, type TestUser } from './support/quotes-app';

describe('the FBO side: estimate page by link, estimate, decline, validity, cancel, inbox (real PostgreSQL and RabbitMQ)', () => {
  let t: QuotesTestApp;

  beforeAll(async () => {
    t = await startQuotes();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A request to `count` FBOs; `link(i)` is the i-th FBO's link path. */
  async function request(count: number, overrides: Record<string, unknown> = {}) {
    const pilot = await t.pilot();
    const { fbos } = await t.airportWithFbos(count);
    const res = await t
      .http()
      .post('/api/quote-requests')
      .use(t.as(pilot.user))
      .send(formPayload(pilot.aircraft, fbos, overrides));
    expect(res.status).toBe(201);
    const tokens = await Promise.all(fbos.map((f) => t.tokenOf(res.body.id, f.id)));
    return {
      ...pilot,
      fbos,
      id: res.body.id as string,
      uniqueId: res.body.uniqueId as string,
      link: (i: number) => `/api/fbo-quote/${fbos[i].id}/${tokens[i]}`,
      token: (i: number) => tokens[i],
    };
  }
  const visitor = () => t.as();

  it('serves the estimate page data of section 3 by link', async () => {
    const r = await request(2);
    const res = await t.http().get(r.link(0)).use(visitor());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'open',
      quoteRequest: {
        id: r.id,
        uniqueId: r.uniqueId,
        fuelAmount: 300,
        fuelType: 'Jet A',
        notes: 'Two passengers, quick turn',
        services: {
          fuel: true,
          fuelJetA: true,
          fuelEstimatedAmount: 300,
          hangar: true,
          gpu: true,
          coffee: true,
          lavService: true,
          lavServiceType: 'dry',
          catering: false,
        },
      },
      user: {
        companyName: 'Electra Flight Department',
        firstName: 'Amelia',
        lastName: 'Earhart',
        jobTitle: 'Chief Pilot',
        phoneNumber: '+1 425 555 0199',
        email: r.user.email,
      },
      aircraft: { tailNumber: r.aircraft.tailNumber, make: 'Cessna', model: 'Citation CJ3' },
      airport: {
        identifier: 'KBFI',
        name: 'Boeing Field King County International Airport',
        city: 'Seattle',
        state: 'WA',
      },
      departureAirport: { identifier: 'KSEA' },
      fbo: { id: r.fbos[0].id, name: r.fbos[0].name },
      requestedKeys: ['dedicatedFuel', 'fuel', 'hangar', 'lavatory', 'coffee', 'gpu'],
      estimate: null,
      declined: null,
    });
    const days = (Date.parse(res.body.defaultValidUntil) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('answers 404 for a forged or malformed token and 403 for an FBO not invited with that link', async () => {
    const r = await request(2);
    const forged = await t
      .http()
      .get(`/api/fbo-quote/${r.fbos[0].id}/${Buffer.alloc(32, 7).toString('base64url')}`)
      .use(visitor());
    expect([forged.status, forged.body]).toEqual([404, { error: 'Quote not found' }]);
    expect((await t.http().get(`/api/fbo-quote/${r.fbos[0].id}/short`).use(visitor())).status).toBe(404);
    const crossed = await t
      .http()
      .get(`/api/fbo-quote/${r.fbos[1].id}/${r.token(0)}`)
      .use(visitor());
    expect([crossed.status, crossed.body]).toEqual([
      403,
      { error: 'This FBO is not authorized to submit quotes for this airport.' },
    ]);
    const submit = await t
      .http()
      .post(`/api/fbo-quote/${randomUUID()}/${r.token(0)}/submit`)
      .use(visitor())
      .send(estimatePayload());
    expect([submit.status, submit.body]).toEqual([403, { error: FboQuoteMessages.forbidden }]);
    expect(await t.db.query(`SELECT 1 FROM quote_responses WHERE quote_request_id = $1`, [r.id])).toEqual([]);
  });

  it('stores an estimate in cents, moves the request to responses_received and writes fbo-responded', async () => {
    const events = await collectEvents(t.env.amqpUrl, t.env.exchange, [EventTypes.fboResponded]);
    try {
      const r = await request(2);
      const res = await t
        .http()
        .post(`${r.link(0)}/submit`)
        .use(visitor())
        .send(estimatePayload(6.25));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ state: 'submitted', quoteRequestId: r.id, totalPrice: 2070 });
      const [row] = await t.db.query(
        `SELECT kind, total_price_cents, price_per_gallon_cents, services_quoted, notes, valid_until FROM quote_responses WHERE quote_request_id = $1`,
        [r.id],
      );
      expect(row).toMatchObject({
        kind: 'submitted',
        total_price_cents: '207000',
        price_per_gallon_cents: '625',
        notes: 'Thanks for choosing us',
      });
      expect(row.services_quoted.dedicatedFuel).toEqual({
        priceCents: 625,
        quantity: 300,
        days: null,
        unavailable: false,
        notes: 'Jet A with Prist',
      });
      expect(row.services_quoted.coffee).toMatchObject({ unavailable: true, priceCents: null });
      expect(row.valid_until.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
      const [stored] = await t.db.query(`SELECT status, response_count FROM quote_requests WHERE id = $1`, [r.id]);
      expect(stored).toEqual({ status: 'responses_received', response_count: 1 });
      const event = await waitFor(
        () => events.received.find((e) => (e.data as FboRespondedData).quoteRequestId === r.id),
        10_000,
        'fbo-responded',
      );
      expect(event.data).toMatchObject({
        kind: 'submitted',
        fboId: r.fbos[0].id,
        totalPriceCents: 207000,
        responseCount: 1,
        totalFbosCount: 2,
        status: 'responses_received',
      });
      const page = await t.http().get(r.link(0)).use(visitor());
      expect(page.body.state).toBe('submitted');
      expect(page.body.estimate).toMatchObject({
        totalPrice: 2070,
        notes: 'Thanks for choosing us',
        servicesQuoted: { hangar: { price: 150, days: 1 } },
      });
    } finally {
      await events.close();
    }
  });

  it('answers 409 to a second answer from the same FBO and keeps the first', async () => {
    const r = await request(2);
    expect(
      (
        await t
          .http()
          .post(`${r.link(0)}/submit`)
          .use(visitor())
          .send(estimatePayload(6))
      ).status,
    ).toBe(201);
    const again = await t
      .http()
      .post(`${r.link(0)}/submit`)
      .use(visitor())
      .send(estimatePayload(5));
    expect([again.status, again.body]).toEqual([
      409,
      { error: 'This FBO has already submitted a quote for this request.' },
    ]);
    const decline = await t
      .http()
      .post(`${r.link(0)}/decline`)
      .use(visitor())
      .send({ reason: 'no_hangar_space' });
    expect(decline.status).toBe(409);
    expect(
      await t.db.query(`SELECT total_price_cents FROM quote_responses WHERE quote_request_id = $1`, [r.id]),
    ).toEqual([{ total_price_cents: '199500' }]);
  });

  it('takes one answer per FBO when answers race, and counts concurrent answers of different FBOs', async () => {
    const r = await request(3);
    const same = await Promise.all(
      [1, 2, 3].map(() =>
        t
          .http()
          .post(`${r.link(0)}/submit`)
          .use(visitor())
          .send(estimatePayload()),
      ),
    );
    expect(same.map((res) => res.status).sort()).toEqual([201, 409, 409]);
    const others = await Promise.all([
      t
        .http()
        .post(`${r.link(1)}/submit`)
        .use(visitor())
        .send(estimatePayload(5)),
      t
        .http()
        .post(`${r.link(2)}/decline`)
        .use(visitor())
        .send({ reason: 'closed_on_dates' }),
    ]);
    expect(others.map((res) => res.status)).toEqual([201, 201]);
    const [row] = await t.db.query(`SELECT status, response_count FROM quote_requests WHERE id = $1`, [r.id]);
    expect(row).toEqual({ status: 'completed', response_count: 3 });
  });

  it('settles a cancel racing the answers without an error: each FBO either answered (counted) or withdrawn', async () => {
    for (let round = 0; round < 5; round += 1) {
      const r = await request(3);
      const [cancel, ...answers] = await Promise.all([
        t.http().post(`/api/quote-requests/${r.id}/cancel`).use(t.as(r.user)),
        t
          .http()
          .post(`${r.link(0)}/submit`)
          .use(visitor())
          .send(estimatePayload()),
        t
          .http()
          .post(`${r.link(1)}/decline`)
          .use(visitor())
          .send({ reason: 'closed_on_dates' }),
        t
          .http()
          .post(`${r.link(2)}/submit`)
          .use(visitor())
          .send(estimatePayload(5)),
      ]);
      const answered = answers.filter((a) => a.status === 201).length;
      // A cancel that came after every answer finds the request complete (409); else the late answers are refused (410).
      expect([cancel.status, answers.map((a) => a.status).sort()]).toEqual(
        cancel.status === 409
          ? [409, [201, 201, 201]]
          : [200, [...Array(answered).fill(201), ...Array(3 - answered).fill(410)]],
      );
      const [row] = await t.db.query(`SELECT status, response_count FROM quote_requests WHERE id = $1`, [r.id]);
      expect(row).toEqual({ status: cancel.status === 409 ? 'completed' : 'cancelled', response_count: answered });
      const invitations: { status: string }[] = await t.db.query(
        `SELECT status FROM quote_invitations WHERE quote_request_id = $1`,
        [r.id],
      );
      expect(invitations.filter((i) => i.status === 'withdrawn')).toHaveLength(3 - answered);
      expect(
        await t.db.query(`SELECT count(*)::int AS n FROM quote_responses WHERE quote_request_id = $1`, [r.id]),
      ).toEqual([{ n: answered }]);
    }
  });

  it('validates the estimate: No Services Quoted, total above zero, prices with at most 2 decimals, only requested services', async () => {
    const r = await request(1);
    const post = (body: object) =>
      t
        .http()
        .post(`${r.link(0)}/submit`)
        .use(visitor())
        .send(body);
    const nothing = await post({ servicesQuoted: { gpu: { price: 0 } }, totalPrice: 0 });
    expect(nothing.status).toBe(400);
    expect(nothing.body.details).toEqual([
      { field: 'totalPrice', message: 'Total Estimate Amount must be greater than 0' },
      {
        field: 'servicesQuoted',
        message: 'Please provide pricing for at least one service or mark services as unavailable.',
      },
    ]);
    const prices = await post({ servicesQuoted: { gpu: { price: -5 }, hangar: { price: 10.555 } }, totalPrice: 10 });
    expect(prices.body.details).toEqual([
      { field: 'servicesQuoted.hangar.price', message: 'Prices must be 0 or more with at most 2 decimals' },
      { field: 'servicesQuoted.gpu.price', message: 'Prices must be 0 or more with at most 2 decimals' },
    ]);
    const mismatch = await post({ servicesQuoted: { gpu: { price: 40 } }, totalPrice: 45 });
    expect(mismatch.body.details).toEqual([
      { field: 'totalPrice', message: 'Total Estimate Amount does not match the entered prices' },
    ]);
    const unrequested = await post({
      servicesQuoted: { catering: { price: 80 }, gpu: { price: 40 } },
      totalPrice: 120,
    });
    expect(unrequested.status).toBe(400);
    expect(unrequested.body.details).toEqual([
      {
        field: 'servicesQuoted.catering',
        message: 'Only requested services can be quoted: catering was not requested',
      },
    ]);
    const validity = await post({ ...estimatePayload(), validUntil: '2000-01-01' });
    expect(validity.body.details).toEqual([
      { field: 'validUntil', message: 'Valid until must be a date in the future' },
    ]);
    expect(await t.db.query(`SELECT 1 FROM quote_responses WHERE quote_request_id = $1`, [r.id])).toEqual([]);
  });

  it('takes a decline with a reason as an answer: completed when every FBO answered, shown as Declined', async () => {
    const r = await request(2);
    const noText = await t
      .http()
      .post(`${r.link(1)}/decline`)
      .use(visitor())
      .send({ reason: 'other' });
    expect([noText.status, noText.body.details]).toEqual([
      400,
      [{ field: 'text', message: 'Please describe the reason' }],
    ]);
    expect(
      (
        await t
          .http()
          .post(`${r.link(0)}/submit`)
          .use(visitor())
          .send({ ...estimatePayload(), validUntil: new Date(Date.now() + 3 * 86_400_000).toISOString() })
      ).status,
    ).toBe(201);
    const declined = await t
      .http()
      .post(`${r.link(1)}/decline`)
      .use(visitor())
      .send({ reason: 'fuel_not_available', text: 'Truck in maintenance' });
    expect(declined.status).toBe(201);
    expect(declined.body).toMatchObject({ state: 'declined', quoteRequestId: r.id });
    // Reopened, each link shows its own answer with the time it was stored.
    const answers: { kind: string; created_at: Date; valid_until: Date | null }[] = await t.db.query(
      `SELECT kind, created_at, valid_until FROM quote_responses WHERE quote_request_id = $1 ORDER BY created_at`,
      [r.id],
    );
    const [declinedPage, submittedPage] = [
      await t.http().get(r.link(1)).use(visitor()),
      await t.http().get(r.link(0)).use(visitor()),
    ];
    expect(declinedPage.body).toMatchObject({
      state: 'declined',
      estimate: null,
      declined: {
        reason: 'fuel_not_available',
        text: 'Truck in maintenance',
        declinedAt: answers[1].created_at.toISOString(),
      },
    });
    expect(submittedPage.body).toMatchObject({
      state: 'submitted',
      declined: null,
      estimate: { submittedAt: answers[0].created_at.toISOString(), validUntil: answers[0].valid_until!.toISOString() },
    });
    const details = await t.http().get(`/api/quote-requests/${r.id}`).use(t.as(r.user));
    expect(details.body).toMatchObject({ status: 'completed', responseCount: 2, totalFbosCount: 2 });
    const responses = await t.http().get(`/api/quote-requests/${r.id}/responses`).use(t.as(r.user));
    expect(responses.body).toHaveLength(2);
    // Each invited FBO in invitation order with its answer and when it came.
    const answered: { responded_at: Date }[] = await t.db.query(
      `SELECT responded_at FROM quote_invitations WHERE quote_request_id = $1 ORDER BY position`,
      [r.id],
    );
    expect(
      details.body.fbos.map((f: { id: string; status: string; respondedAt: string }) => [
        f.id,
        f.status,
        f.respondedAt,
      ]),
    ).toEqual([
      [r.fbos[0].id, 'submitted', answered[0].responded_at.toISOString()],
      [r.fbos[1].id, 'declined', answered[1].responded_at.toISOString()],
    ]);
    expect(responses.body[1]).toMatchObject({
      fboId: r.fbos[1].id,
      status: 'declined',
      declined: { reason: 'fuel_not_available', label: 'Fuel not available', text: 'Truck in maintenance' },
      totalPrice: null,
      validUntil: null,
      expired: false,
    });
    expect(responses.body[0]).toMatchObject({
      fboId: r.fbos[0].id,
      status: 'submitted',
      totalPrice: 2070,
      totalPriceCents: 207000,
      pricePerGallon: 6.25,
      fuelQuantity: 300,
      fuelType: 'Jet A',
      totalFuelPrice: 1875,
      fbo: { id: r.fbos[0].id, name: r.fbos[0].name, email: r.fbos[0].email },
      servicesQuoted: {
        hangar: { price: 150, days: 1, total: 150, unavailable: false },
        coffee: { unavailable: true, total: 0 },
        customServices: [],
      },
      expired: false,
    });
    const results = await t.http().get(`/api/quote-requests/${r.id}/responses?view=results`).use(t.as(r.user));
    expect(results.body[0]).toMatchObject({
      totalPrice: 207000,
      pricePerGallon: 6.25,
      responseTime: responses.body[0].respondedAt,
      servicesQuoted: { fuel: { price: 6.25, discount: 0 }, hangar: { dailyRate: 150, discount: 0 } },
    });
    expect(results.body[1]).toMatchObject({ totalPrice: null, status: 'declined' });
  });

  it('marks an estimate whose validity has passed as expired in the comparison', async () => {
    const r = await request(1);
    await t
      .http()
      .post(`${r.link(0)}/submit`)
      .use(visitor())
      .send(estimatePayload());
    await t.db.query(
      `UPDATE quote_responses SET valid_until = now() - interval '1 minute' WHERE quote_request_id = $1`,
      [r.id],
    );
    const responses = await t.http().get(`/api/quote-requests/${r.id}/responses`).use(t.as(r.user));
    expect(responses.body[0]).toMatchObject({ status: 'submitted', expired: true });
  });

  it('shows an unanswered invitation as expired once the visit is over, and refuses answers with 410', async () => {
    const r = await request(1);
    await t.db.query(
      `UPDATE quote_requests SET arrival_date = now() - interval '3 days', departure_date = now() - interval '1 day' WHERE id = $1`,
      [r.id],
    );
    expect((await t.http().get(r.link(0)).use(visitor())).body.state).toBe('expired');
    const res = await t
      .http()
      .post(`${r.link(0)}/submit`)
      .use(visitor())
      .send(estimatePayload());
    expect([res.status, res.body]).toEqual([
      410,
      { error: 'This quote request has expired: the visit dates have passed.' },
    ]);
  });

  it('cancels an open request: withdrawn links (410 on answer), answered FBOs unchanged, quote-cancelled written', async () => {
    const events = await collectEvents(t.env.amqpUrl, t.env.exchange, [EventTypes.quoteCancelled]);
    try {
      const r = await request(3);
      await t
        .http()
        .post(`${r.link(0)}/submit`)
        .use(visitor())
        .send(estimatePayload());
      const res = await t.http().post(`/api/quote-requests/${r.id}/cancel`).use(t.as(r.user));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: r.id, status: 'cancelled', cancelledAt: expect.any(String) });
      expect(res.body.withdrawnFboIds.sort()).toEqual([r.fbos[1].id, r.fbos[2].id].sort());
      expect((await t.http().get(r.link(0)).use(visitor())).body.state).toBe('submitted');
      expect((await t.http().get(r.link(1)).use(visitor())).body.state).toBe('withdrawn');
      const late = await t
        .http()
        .post(`${r.link(1)}/submit`)
        .use(visitor())
        .send(estimatePayload());
      expect([late.status, late.body]).toEqual([
        410,
        { error: 'This quote request was withdrawn by the requester. No estimate is needed.' },
      ]);
      const details = await t.http().get(`/api/quote-requests/${r.id}`).use(t.as(r.user));
      expect(details.body).toMatchObject({ status: 'cancelled', cancelledAt: res.body.cancelledAt, responseCount: 1 });
      expect(details.body.fbos.map((f: { status: string }) => f.status)).toEqual([
        'submitted',
        'withdrawn',
        'withdrawn',
      ]);
      const again = await t.http().post(`/api/quote-requests/${r.id}/cancel`).use(t.as(r.user));
      expect([again.status, again.body]).toEqual([409, { error: 'This quote request has already been cancelled' }]);
      const event = await waitFor(
        () => events.received.find((e) => (e.data as { quoteRequestId: string }).quoteRequestId === r.id),
        10_000,
        'quote-cancelled',
      );
      expect((event.data as { withdrawnInvitationIds: string[] }).withdrawnInvitationIds).toHaveLength(2);
      // A cancelled request may be deleted.
      expect((await t.http().delete(`/api/quote-requests/${r.id}`).use(t.as(r.user))).status).toBe(200);
    } finally {
      await events.close();
    }
  });

  it('does not cancel a request every FBO already answered (409)', async () => {
    const r = await request(1);
    await t
      .http()
      .post(`${r.link(0)}/decline`)
      .use(visitor())
      .send({ reason: 'closed_on_dates' });
    const res = await t.http().post(`/api/quote-requests/${r.id}/cancel`).use(t.as(r.user));
    expect([res.status, res.body]).toEqual([
      409,
      { error: 'Only an open quote request can be cancelled; every FBO has already answered' },
    ]);
  });

  describe('the FBO inbox', () => {
    /** A new FBO account made a member of `fbo` at svc-airports (membership, not the e-mail, gives the inbox). */
    const fboUser = async (fbo: { id: string }): Promise<TestUser> => {
      const user: TestUser = { id: randomUUID(), email: `staff-${randomUUID().slice(0, 6)}@example.com`, role: 'fbo' };
      await t.neighbours.airports.app
        .get(DataSource)
        .query(`INSERT INTO fbo_members (fbo_id, user_id, role, email) VALUES ($1, $2, 'staff', $3)`, [
          fbo.id,
          user.id,
          user.email,
        ]);
      return user;
    };

    it("lists the invitations sent to the member's FBO, newest first with their states, and never another FBO's", async () => {
      const first = await request(2);
      const mine = first.fbos[0];
      // The same FBO (same e-mail) invited again, later, by another request.
      const pilot = await t.pilot('Jackie');
      const again = await t
        .http()
        .post('/api/quote-requests')
        .use(t.as(pilot.user))
        .send(formPayload(pilot.aircraft, [mine]));
      const third = await request(1);
      await t
        .http()
        .post(`${first.link(0)}/decline`)
        .use(visitor())
        .send({ reason: 'no_hangar_space' });

      const user = await fboUser(mine);
      const res = await t.http().get('/api/fbo-portal/inbox').use(t.as(user));
      expect(res.status).toBe(200);
      expect(
        res.body.requests.map((row: { quoteRequestId: string; state: string }) => [row.quoteRequestId, row.state]),
      ).toEqual([
        [again.body.id, 'open'],
        [first.id, 'declined'],
      ]);
      expect(res.body.requests[1]).toMatchObject({
        uniqueId: first.uniqueId,
        fbo: { id: mine.id, name: mine.name },
        airport: { identifier: 'KBFI' },
        departureAirport: { identifier: 'KSEA' },
        requester: { name: 'Amelia Earhart', companyName: 'Electra Flight Department' },
        aircraft: { tailNumber: first.aircraft.tailNumber },
        requestedServices: expect.arrayContaining(['GPU (30 min)']),
      });

      const other = await t
        .http()
        .get('/api/fbo-portal/inbox')
        .use(t.as(await fboUser(third.fbos[0])));
      expect(other.body.requests.map((row: { quoteRequestId: string }) => row.quoteRequestId)).toEqual([third.id]);
    });

    it('opens an inbox request without the link and answers it; another FBO gets 404, a pilot sees nothing', async () => {
      const r = await request(2);
      const user = await fboUser(r.fbos[0]);
      const invitationId = (await t.http().get('/api/fbo-portal/inbox').use(t.as(user))).body.requests[0].invitationId;
      const page = await t.http().get(`/api/fbo-portal/requests/${invitationId}`).use(t.as(user));
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({
        state: 'open',
        invitationId,
        quoteRequest: { id: r.id },
        fbo: { id: r.fbos[0].id },
      });

      const intruder = await fboUser(r.fbos[1]);
      expect((await t.http().get(`/api/fbo-portal/requests/${invitationId}`).use(t.as(intruder))).status).toBe(404);
      expect(
        (
          await t
            .http()
            .post(`/api/fbo-portal/requests/${invitationId}/submit`)
            .use(t.as(intruder))
            .send(estimatePayload())
        ).status,
      ).toBe(404);
      expect((await t.http().get('/api/fbo-portal/inbox').use(t.as(r.user))).body).toEqual({
        requests: [],
        nextCursor: null,
      });

      const submitted = await t
        .http()
        .post(`/api/fbo-portal/requests/${invitationId}/submit`)
        .use(t.as(user))
        .send(estimatePayload());
      expect(submitted.status).toBe(201);
      expect((await t.http().get('/api/fbo-portal/inbox').use(t.as(user))).body.requests[0].state).toBe('answered');
      expect((await t.http().get(r.link(0)).use(visitor())).body.state).toBe('submitted');
    });

    it('declines an inbox request without the link: stored as the FBO answer, shown on the link page; another FBO gets 404, a second answer 409', async () => {
      const r = await request(2);
      const user = await fboUser(r.fbos[0]);
      const invitationId = (await t.http().get('/api/fbo-portal/inbox').use(t.as(user))).body.requests[0].invitationId;
      const decline = (who: TestUser) =>
        t
          .http()
          .post(`/api/fbo-portal/requests/${invitationId}/decline`)
          .use(t.as(who))
          .send({ reason: 'closed_on_dates', text: 'Ramp closed for resurfacing' });

      expect((await decline(await fboUser(r.fbos[1]))).status).toBe(404);
      const declined = await decline(user);
      expect([declined.status, declined.body]).toEqual([
        201,
        { state: 'declined', quoteRequestId: r.id, respondedAt: expect.any(String) },
      ]);
      expect((await t.http().get('/api/fbo-portal/inbox').use(t.as(user))).body.requests[0].state).toBe('declined');
      expect((await t.http().get(r.link(0)).use(visitor())).body).toMatchObject({
        state: 'declined',
        declined: { reason: 'closed_on_dates', text: 'Ramp closed for resurfacing' },
      });
      expect((await decline(user)).status).toBe(409);
    });

    it('shows withdrawn and expired requests', async () => {
      const cancelled = await request(1);
      await t.http().post(`/api/quote-requests/${cancelled.id}/cancel`).use(t.as(cancelled.user));
      const stale = await request(1);
      await t.db.query(`UPDATE quote_requests SET departure_date = now() - interval '1 hour' WHERE id = $1`, [
        stale.id,
      ]);
      const w = await t
        .http()
        .get('/api/fbo-portal/inbox')
        .use(t.as(await fboUser(cancelled.fbos[0])));
      const e = await t
        .http()
        .get('/api/fbo-portal/inbox')
        .use(t.as(await fboUser(stale.fbos[0])));
      expect(w.body.requests.map((row: { state: string }) => row.state)).toEqual(['withdrawn']);
      expect(e.body.requests.map((row: { state: string }) => row.state)).toEqual(['expired']);
    });
  });
});
