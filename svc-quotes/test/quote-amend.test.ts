import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { estimatePayload, formPayload, startQuotes, type QuotesTestApp, type TestUser } from './support/quotes-app';

const DAY = 24 * 60 * 60 * 1000;
/** 'Fri, 01 May 2030 12:00 UTC', as the quote e-mails write dates. */
const mailDate = (iso: string) => `${new Date(iso).toUTCString().slice(0, 22)} UTC`;
/** 20300501T120000Z, as an .ics writes a date-time. */
const icsDate = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** A property of the calendar entry's (unfolded) lines, e.g. SEQUENCE. */
const icsValue = (ics: string, name: string) =>
  ics
    .replace(/\r\n /g, '')
    .split('\r\n')
    .find((l) => l.startsWith(`${name}:`))
    ?.slice(name.length + 1);

describe('amending a sent request: versions, the FBOs told, earlier estimates out of the comparison', () => {
  let t: QuotesTestApp;

  beforeAll(async () => {
    t = await startQuotes();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A request to two FBOs; the first sent an estimate. */
  async function answered() {
    const pilot = await t.pilot();
    const { fbos } = await t.airportWithFbos(2);
    const payload = formPayload(pilot.aircraft, fbos);
    const created = await t.http().post('/api/quote-requests').use(t.as(pilot.user)).send(payload);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const uniqueId = created.body.uniqueId as string;
    const link = async (i: number) => `/api/fbo-quote/${fbos[i].id}/${await t.tokenOf(id, fbos[i].id)}`;
    const submitted = await t
      .http()
      .post(`${await link(0)}/submit`)
      .use(t.as())
      .send(estimatePayload(6));
    expect(submitted.status).toBe(201);
    const amend = (body: unknown, user = pilot.user) =>
      t
        .http()
        .patch(`/api/quote-requests/${id}`)
        .use(t.as(user))
        .send(body as object);
    const comparison = async () =>
      (await t.http().get(`/api/quote-requests/${id}/comparison`).use(t.as(pilot.user))).body;
    const emailOf = async (fboId: string) =>
      (
        await t.db.query(`SELECT fbo_email FROM quote_invitations WHERE quote_request_id = $1 AND fbo_id = $2`, [
          id,
          fboId,
        ])
      )[0].fbo_email as string;
    const submittedTotal = submitted.body.totalPrice as number;
    return { pilot, fbos, id, uniqueId, payload, link, amend, comparison, emailOf, submittedTotal };
  }

  it('amending the dates stores a version, e-mails each FBO what changed and sets the earlier estimate aside', async () => {
    const r = await answered();
    expect((await r.comparison()).offers.map((o: { fbo: { id: string } }) => o.fbo.id)).toEqual([r.fbos[0].id]);

    const arrival = new Date(Date.now() + 20 * DAY).toISOString();
    const departure = new Date(Date.now() + 22 * DAY).toISOString();
    const res = await r.amend({ arrival, departure });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      quoteRequestId: r.id,
      status: 'pending',
      version: 2,
      amended: true,
      changes: [
        { field: 'arrival', before: r.payload.arrival, after: arrival },
        { field: 'departure', before: r.payload.departure, after: departure },
      ],
      awaitingRepricingFboIds: [r.fbos[0].id],
    });

    // The version is stored with who and when; the request's own values changed.
    const versions = await t.db.query(
      `SELECT version, changes, changed_by, changed_at FROM quote_request_versions WHERE quote_request_id = $1`,
      [r.id],
    );
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 2, changed_by: r.pilot.user.id, changes: res.body.changes });
    expect(versions[0].changed_at).toBeInstanceOf(Date);
    const details = await t.http().get(`/api/quote-requests/${r.id}`).use(t.as(r.pilot.user));
    expect([details.body.arrivalDate, details.body.departureDate]).toEqual([arrival, departure]);
    // The details list the version as the history shows it: who, when, what changed.
    expect(details.body.version).toBe(2);
    expect(details.body.versions).toEqual([
      {
        version: 2,
        changes: res.body.changes,
        changedBy: { id: r.pilot.user.id, name: 'Amelia Earhart' },
        changedAt: versions[0].changed_at.toISOString(),
      },
    ]);

    // Each invited FBO is e-mailed what changed, with its same link.
    for (const fbo of r.fbos) {
      const mail = await t.mail.waitFor(await r.emailOf(fbo.id), `Request amended: ${r.uniqueId}`);
      expect(mail.text).toContain(`Arrival: ${mailDate(r.payload.arrival)} → ${mailDate(arrival)}`);
      expect(mail.text).toContain(`Departure: ${mailDate(r.payload.departure)} → ${mailDate(departure)}`);
      expect(mail.text).toContain(await t.tokenOf(r.id, fbo.id));
    }
    const [event] = await t.db.query(
      `SELECT payload->'data' AS data FROM outbox_events WHERE type = 'quote-request-amended'
          AND payload->'data'->>'quoteRequestId' = $1`,
      [r.id],
    );
    expect(event.data).toMatchObject({ version: 2, changes: res.body.changes });

    // The earlier estimate is kept, marked for version 1, and out of the comparison (listed as awaiting re-pricing).
    const stored = await t.db.query(
      `SELECT request_version, total_price_cents FROM quote_responses WHERE quote_request_id = $1`,
      [r.id],
    );
    expect(stored).toEqual([{ request_version: 1, total_price_cents: String(Math.round(r.submittedTotal * 100)) }]);
    const after = await r.comparison();
    expect(after.offers).toEqual([]);
    expect(after.bestId).toBeNull();
    expect(after.awaitingRepricing).toEqual([{ fboId: r.fbos[0].id, name: r.fbos[0].name, forVersion: 1 }]);
    expect(after.waiting.map((w: { fboId: string }) => w.fboId)).toEqual([r.fbos[1].id]);

    // An estimate for the earlier version cannot be booked.
    const book = await t
      .http()
      .post(`/api/quote-requests/${r.id}/booking`)
      .use(t.as(r.pilot.user))
      .send({ fboId: r.fbos[0].id });
    expect([book.status, book.body]).toEqual([409, { error: 'This FBO has not sent an estimate for this request' }]);
  });

  it('the FBO re-prices from the same link: its new estimate replaces the old one and is back in the comparison', async () => {
    const r = await answered();
    expect((await r.amend({ services: { fuelEstimatedAmount: 500 } })).body).toMatchObject({
      version: 2,
      changes: [{ field: 'fuelAmount', before: 300, after: 500 }],
    });
    const mail = await t.mail.waitFor(await r.emailOf(r.fbos[0].id), `Request amended: ${r.uniqueId}`);
    expect(mail.text).toContain('Fuel quantity: 300 gallons → 500 gallons');

    const repriced = await t
      .http()
      .post(`${await r.link(0)}/submit`)
      .use(t.as())
      .send(estimatePayload(5.5));
    expect(repriced.status).toBe(201);
    const stored = await t.db.query(
      `SELECT request_version, total_price_cents FROM quote_responses WHERE quote_request_id = $1`,
      [r.id],
    );
    expect(stored).toEqual([
      { request_version: 2, total_price_cents: String(Math.round(repriced.body.totalPrice * 100)) },
    ]);
    expect(repriced.body.totalPrice).not.toBe(r.submittedTotal);
    const comparison = await r.comparison();
    expect(comparison.offers.map((o: { fbo: { id: string } }) => o.fbo.id)).toEqual([r.fbos[0].id]);
    expect(comparison.awaitingRepricing).toEqual([]);
    const details = await t.http().get(`/api/quote-requests/${r.id}`).use(t.as(r.pilot.user));
    expect([details.body.status, details.body.responseCount]).toEqual(['responses_received', 1]);

    // Answering again for the same version is refused as before.
    const twice = await t
      .http()
      .post(`${await r.link(0)}/submit`)
      .use(t.as())
      .send(estimatePayload(5.5));
    expect(twice.status).toBe(409);
  });

  it('a cancelled or booked (confirmed) request cannot be amended (409 with a message)', async () => {
    const cancelled = await answered();
    expect((await cancelled.amend({ notes: 'Later' })).status).toBe(200);
    const cancel = await t.http().post(`/api/quote-requests/${cancelled.id}/cancel`).use(t.as(cancelled.pilot.user));
    expect(cancel.status).toBe(200);
    const afterCancel = await cancelled.amend({ notes: 'Again' });
    expect([afterCancel.status, afterCancel.body]).toEqual([409, { error: 'A cancelled request cannot be amended' }]);

    const booked = await answered();
    const book = await t
      .http()
      .post(`/api/quote-requests/${booked.id}/booking`)
      .use(t.as(booked.pilot.user))
      .send({ fboId: booked.fbos[0].id });
    expect(book.status).toBe(200);
    const confirm = await t
      .http()
      .post(`${await booked.link(0)}/booking`)
      .use(t.as())
      .send({ decision: 'confirm' });
    expect([confirm.status, confirm.body.status]).toEqual([200, 'booked']);
    const afterBooking = await booked.amend({ notes: 'Again' });
    expect([afterBooking.status, afterBooking.body]).toEqual([409, { error: 'A booked request cannot be amended' }]);
    const versions = await t.db.query(
      `SELECT count(*)::int AS n FROM quote_request_versions WHERE quote_request_id = $1`,
      [booked.id],
    );
    expect(versions[0].n).toBe(0);
  });

  it("amending a booking that waits for the FBO keeps it, moves the FBO's calendar entry, and the FBO confirms from the same link", async () => {
    const r = await answered();
    const second = await t
      .http()
      .post(`${await r.link(1)}/submit`)
      .use(t.as())
      .send(estimatePayload(6.5));
    expect(second.status).toBe(201);
    const book = await t
      .http()
      .post(`/api/quote-requests/${r.id}/booking`)
      .use(t.as(r.pilot.user))
      .send({ fboId: r.fbos[0].id });
    expect([book.status, book.body.status]).toEqual([200, 'booked-pending']);
    const chosenEmail = await r.emailOf(r.fbos[0].id);
    const requestedSubject = `Booking requested: ${r.uniqueId} at KBFI`;
    await t.mail.waitFor(chosenEmail, requestedSubject);
    const [requestedIcs] = t.attachmentsSent(chosenEmail, requestedSubject, 'booking.ics');
    expect(icsValue(requestedIcs, 'DTSTART')).toBe(icsDate(r.payload.arrival));

    const arrival = new Date(Date.now() + 20 * DAY).toISOString();
    const departure = new Date(Date.now() + 23 * DAY).toISOString();
    const res = await r.amend({ arrival, departure });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'booked-pending', version: 2, amended: true });
    const details = await t.http().get(`/api/quote-requests/${r.id}`).use(t.as(r.pilot.user));
    expect([details.body.status, details.body.arrivalDate]).toEqual(['booked-pending', arrival]);
    expect((await r.comparison()).booking).toMatchObject({
      fboId: r.fbos[0].id,
      fboName: r.fbos[0].name,
      state: 'requested',
    });

    // The chosen FBO's amendment carries the calendar entry moved to the new dates: same event, a higher SEQUENCE.
    const amendedSubject = `Request amended: ${r.uniqueId}`;
    const amendedMail = await t.mail.waitFor(chosenEmail, amendedSubject);
    expect(amendedMail.attachments?.map((a) => [a.fileName, a.contentType.split(';')[0]])).toEqual([
      ['booking.ics', 'text/calendar'],
    ]);
    expect(amendedMail.text).toContain("The customer's booking with you still waits for your confirmation");
    const [amendedIcs] = t.attachmentsSent(chosenEmail, amendedSubject, 'booking.ics');
    expect(icsValue(amendedIcs, 'METHOD')).toBe('REQUEST');
    expect(icsValue(amendedIcs, 'UID')).toBe(icsValue(requestedIcs, 'UID'));
    expect([icsValue(amendedIcs, 'DTSTART'), icsValue(amendedIcs, 'DTEND')]).toEqual([
      icsDate(arrival),
      icsDate(departure),
    ]);
    expect(Number(icsValue(amendedIcs, 'SEQUENCE'))).toBeGreaterThan(Number(icsValue(requestedIcs, 'SEQUENCE')));
    // The FBO not chosen is told what changed, with no calendar entry.
    const otherEmail = await r.emailOf(r.fbos[1].id);
    const otherMail = await t.mail.waitFor(otherEmail, amendedSubject);
    expect(otherMail.attachments ?? []).toEqual([]);

    // The same link still asks the FBO to confirm; its estimate reads as for the earlier version.
    const page = async () =>
      (
        await t
          .http()
          .get(await r.link(0))
          .use(t.as())
      ).body;
    expect(await page()).toMatchObject({
      booking: { state: 'requested' },
      estimate: { forEarlierVersion: true },
      amendment: { version: 2 },
    });
    const confirm = await t
      .http()
      .post(`${await r.link(0)}/booking`)
      .use(t.as())
      .send({ decision: 'confirm' });
    expect([confirm.status, confirm.body]).toMatchObject([200, { status: 'booked', fboId: r.fbos[0].id }]);
    // Confirming the amended booking confirms the FBO's estimate for the request as it now reads.
    expect(await page()).toMatchObject({
      state: 'submitted',
      booking: { state: 'confirmed' },
      estimate: { forEarlierVersion: false },
    });
    const comparison = await r.comparison();
    expect(comparison.offers.map((o: { fbo: { id: string } }) => o.fbo.id)).toEqual([r.fbos[0].id]);
    expect(comparison.awaitingRepricing.map((a: { fboId: string }) => a.fboId)).toEqual([r.fbos[1].id]);
    const pilotSubject = `Booked: ${r.fbos[0].name} confirmed ${r.uniqueId}`;
    await t.mail.waitFor(r.pilot.user.email, pilotSubject);
    const [confirmedIcs] = t.attachmentsSent(r.pilot.user.email, pilotSubject, 'booking.ics');
    expect(icsValue(confirmedIcs, 'DTSTART')).toBe(icsDate(arrival));
    expect(Number(icsValue(confirmedIcs, 'SEQUENCE'))).toBeGreaterThan(Number(icsValue(amendedIcs, 'SEQUENCE')));
    // The other FBO, whose estimate waited for re-pricing, is told it was not selected; its link says so.
    const notSelected = await t.mail.waitFor(otherEmail, `Not selected: ${r.uniqueId}`);
    expect(notSelected.text).toContain('The customer chose another FBO.');
    expect(
      (
        await t
          .http()
          .get(await r.link(1))
          .use(t.as())
      ).body.booking,
    ).toEqual({ state: 'other' });

    const again = await r.amend({ notes: 'One more change' });
    expect([again.status, again.body]).toEqual([409, { error: 'A booked request cannot be amended' }]);
  });

  it("the FBO's page and inbox, and the pilot's answers, say the request was amended and which estimate is for the earlier version", async () => {
    const r = await answered();
    const airportsDb = t.neighbours.airports.app.get(DataSource);
    const member = async (fbo: { id: string }): Promise<TestUser> => {
      const user: TestUser = { id: randomUUID(), email: `desk-${randomUUID().slice(0, 6)}@example.com`, role: 'fbo' };
      await airportsDb.query(`INSERT INTO fbo_members (fbo_id, user_id, role, email) VALUES ($1, $2, 'staff', $3)`, [
        fbo.id,
        user.id,
        user.email,
      ]);
      return user;
    };
    const desks = [await member(r.fbos[0]), await member(r.fbos[1])];
    const row = async (i: number) => {
      const res = await t.http().get('/api/fbo-portal/inbox').use(t.as(desks[i]));
      expect(res.status).toBe(200);
      return res.body.requests.find((x: { quoteRequestId: string }) => x.quoteRequestId === r.id);
    };
    const page = async (i: number) =>
      (
        await t
          .http()
          .get(await r.link(i))
          .use(t.as())
      ).body;
    const inboxPage = async (i: number) =>
      (
        await t
          .http()
          .get(`/api/fbo-portal/requests/${(await row(i)).invitationId}`)
          .use(t.as(desks[i]))
      ).body;
    const answers = async (view = '') =>
      (await t.http().get(`/api/quote-requests/${r.id}/responses${view}`).use(t.as(r.pilot.user))).body;

    // Never amended.
    expect(await page(0)).toMatchObject({ amendment: null, estimate: { forEarlierVersion: false } });
    expect(await row(0)).toMatchObject({ state: 'answered', amendedAt: null, estimateForEarlierVersion: false });
    expect((await answers()).map((a: { forEarlierVersion: boolean }) => a.forEarlierVersion)).toEqual([false]);

    const res = await r.amend({ notes: 'Three passengers now' });
    expect(res.status).toBe(200);
    const [stored] = await t.db.query(
      `SELECT changed_at FROM quote_request_versions WHERE quote_request_id = $1 AND version = 2`,
      [r.id],
    );
    const amendedAt = (stored.changed_at as Date).toISOString();
    const amendment = {
      version: 2,
      amendedAt,
      changes: [{ field: 'notes', before: 'Two passengers, quick turn', after: 'Three passengers now' }],
    };
    // The FBO that answered: its estimate is for the earlier version, by link and in the inbox.
    expect(await page(0)).toMatchObject({ state: 'open', amendment, estimate: { forEarlierVersion: true } });
    expect(await inboxPage(0)).toMatchObject({ amendment, estimate: { forEarlierVersion: true } });
    expect(await row(0)).toMatchObject({ state: 'open', amendedAt, estimateForEarlierVersion: true });
    // The FBO that had not answered sees the amendment, with no estimate to re-price.
    expect(await page(1)).toMatchObject({ state: 'open', amendment, estimate: null });
    expect(await row(1)).toMatchObject({ state: 'open', amendedAt, estimateForEarlierVersion: false });
    // The pilot's answers say it too, in both readings.
    expect((await answers()).map((a: { forEarlierVersion: boolean }) => a.forEarlierVersion)).toEqual([true]);
    expect((await answers('?view=results')).map((a: { forEarlierVersion: boolean }) => a.forEarlierVersion)).toEqual([
      true,
    ]);

    // Re-priced from the same link: the estimate is for the current version again; the amendment still shows.
    const repriced = await t
      .http()
      .post(`${await r.link(0)}/submit`)
      .use(t.as())
      .send(estimatePayload(5.75));
    expect(repriced.status).toBe(201);
    expect(await page(0)).toMatchObject({ state: 'submitted', amendment, estimate: { forEarlierVersion: false } });
    expect(await row(0)).toMatchObject({ state: 'answered', amendedAt, estimateForEarlierVersion: false });
    expect((await answers()).map((a: { forEarlierVersion: boolean }) => a.forEarlierVersion)).toEqual([false]);
  });

  it("another user's request is 404; invalid dates or fuel are 400 with the field's message", async () => {
    const r = await answered();
    const stranger = await t.pilot('Bessie');
    const other = await r.amend({ notes: 'Mine now' }, stranger.user);
    expect([other.status, other.body]).toEqual([404, { error: 'Quote request not found' }]);

    const badDate = await r.amend({ arrival: 'next tuesday' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.details).toEqual([{ field: 'arrival', message: 'Please select arrival date and time' }]);

    const badFuel = await r.amend({ services: { fuelEstimatedAmount: -5 } });
    expect(badFuel.status).toBe(400);
    expect(badFuel.body.details).toEqual([
      { field: 'services.fuelEstimatedAmount', message: 'Fuel amount must be a number from 0 to 100000' },
    ]);

    const backwards = await r.amend({ departure: new Date(Date.now() + DAY).toISOString() });
    expect(backwards.status).toBe(400);
    expect(backwards.body.details).toEqual([{ field: 'departure', message: 'Departure must be after arrival' }]);

    // Nothing was stored.
    const versions = await t.db.query(
      `SELECT count(*)::int AS n FROM quote_request_versions WHERE quote_request_id = $1`,
      [r.id],
    );
    expect(versions[0].n).toBe(0);
  });
});
