import { execFileSync } from 'node:child_process';
import { estimatePayload, formPayload, startQuotes, type QuotesTestApp } from './support/quotes-app';

describe('booking: the pilot books with an FBO, the FBO confirms or declines from its link', () => {
  let t: QuotesTestApp;

  beforeAll(async () => {
    t = await startQuotes();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A request to three FBOs: the first two sent estimates, the third has not answered. */
  async function answered() {
    const pilot = await t.pilot();
    const { fbos } = await t.airportWithFbos(3);
    const created = await t
      .http()
      .post('/api/quote-requests')
      .use(t.as(pilot.user))
      .send(formPayload(pilot.aircraft, fbos));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const link = async (i: number) => `/api/fbo-quote/${fbos[i].id}/${await t.tokenOf(id, fbos[i].id)}`;
    for (const i of [0, 1]) {
      const res = await t
        .http()
        .post(`${await link(i)}/submit`)
        .use(t.as())
        .send(estimatePayload(6 + i));
      expect(res.status).toBe(201);
    }
    const book = (fboId: string, user = pilot.user) =>
      t.http().post(`/api/quote-requests/${id}/booking`).use(t.as(user)).send({ fboId });
    const decide = async (i: number, body: object) =>
      t
        .http()
        .post(`${await link(i)}/booking`)
        .use(t.as())
        .send(body);
    const status = async () =>
      (await t.http().get(`/api/quote-requests/${id}`).use(t.as(pilot.user))).body.status as string;
    const events = async () =>
      (
        await t.db.query(
          `SELECT type FROM outbox_events WHERE payload->'data'->>'quoteRequestId' = $1 AND type LIKE '%book%'
              OR payload->'data'->>'quoteRequestId' = $1 AND type = 'quote-accepted' ORDER BY seq`,
          [id],
        )
      ).map((r: { type: string }) => r.type);
    return { pilot, fbos, id, book, decide, status, events };
  }

  it('books with an FBO that sent an estimate (booked-pending), and the FBO confirms from its link (booked)', async () => {
    const r = await answered();
    const booked = await r.book(r.fbos[1].id);
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({
      quoteRequestId: r.id,
      status: 'booked-pending',
      fboId: r.fbos[1].id,
      confirmedAt: null,
      declinedFboIds: [],
    });
    expect(await r.status()).toBe('booked-pending');

    // Another FBO's link cannot answer the booking.
    const other = await r.decide(0, { decision: 'confirm' });
    expect([other.status, other.body]).toEqual([410, { error: 'This booking is no longer waiting for your answer.' }]);

    const page = async (i: number) =>
      (
        await t
          .http()
          .get(`/api/fbo-quote/${r.fbos[i].id}/${await t.tokenOf(r.id, r.fbos[i].id)}`)
          .use(t.as())
      ).body.booking;
    expect(await page(1)).toEqual({ state: 'requested' });
    expect(await page(0)).toBeNull();

    const confirmed = await r.decide(1, { decision: 'confirm' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'booked', fboId: r.fbos[1].id });
    expect(typeof confirmed.body.confirmedAt).toBe('string');
    expect(await r.status()).toBe('booked');
    expect(await r.events()).toEqual(['quote-accepted', 'booking-confirmed']);
    // The chosen FBO's link reads the booking confirmed; the other's, that the customer chose another FBO.
    expect(await page(1)).toEqual({ state: 'confirmed' });
    // The PDF names the booked FBO.
    const pdf = await t
      .http()
      .get(`/api/quote-requests/${r.id}/pdf`)
      .use(t.as(r.pilot.user))
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      });
    const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], {
      input: pdf.body as Buffer,
    }).toString();
    expect(text).toContain(`Booked with ${r.fbos[1].name}`);
    expect(await page(0)).toEqual({ state: 'other' });

    // A late estimate leaves the booking as it is.
    const late = await t
      .http()
      .post(`/api/fbo-quote/${r.fbos[2].id}/${await t.tokenOf(r.id, r.fbos[2].id)}/submit`)
      .use(t.as())
      .send(estimatePayload(5));
    expect(late.status).toBe(201);
    expect(await r.status()).toBe('booked');

    // Confirming twice: the booking is no longer waiting.
    expect((await r.decide(1, { decision: 'confirm' })).status).toBe(410);
  });

  it('an FBO that declines (with a reason) returns the request to the pilot, that FBO marked', async () => {
    const r = await answered();
    expect((await r.book(r.fbos[0].id)).status).toBe(200);
    const noReason = await r.decide(0, { decision: 'decline' });
    expect([noReason.status, noReason.body.details]).toEqual([
      400,
      [{ field: 'reason', message: 'Please give a reason for declining' }],
    ]);
    const declined = await r.decide(0, { decision: 'decline', reason: 'Hangar full after all' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      status: 'responses_received',
      fboId: null,
      declinedFboIds: [r.fbos[0].id],
    });
    expect(await r.events()).toEqual(['quote-accepted', 'booking-declined']);
    // The pilot chooses again.
    expect((await r.book(r.fbos[1].id)).body).toMatchObject({
      status: 'booked-pending',
      fboId: r.fbos[1].id,
      declinedFboIds: [r.fbos[0].id],
    });
  });

  it('refuses: another user (404), twice (409), an FBO without an estimate (409), after cancel (409 and 410)', async () => {
    const r = await answered();
    const stranger = await t.pilot('Bessie');
    const theirs = await r.book(r.fbos[0].id, stranger.user);
    expect([theirs.status, theirs.body]).toEqual([404, { error: 'Quote request not found' }]);
    const theirsBadBody = await t.http().post(`/api/quote-requests/${r.id}/booking`).use(t.as(stranger.user)).send({});
    expect(theirsBadBody.status).toBe(404);
    const noOffer = await r.book(r.fbos[2].id);
    expect([noOffer.status, noOffer.body]).toEqual([
      409,
      { error: 'This FBO has not sent an estimate for this request' },
    ]);
    const missing = await t.http().post(`/api/quote-requests/${r.id}/booking`).use(t.as(r.pilot.user)).send({});
    expect([missing.status, missing.body.details]).toEqual([
      400,
      [{ field: 'fboId', message: 'Please choose an FBO' }],
    ]);

    expect((await r.book(r.fbos[0].id)).status).toBe(200);
    const twice = await r.book(r.fbos[1].id);
    expect([twice.status, twice.body]).toEqual([409, { error: 'This request already has a booking' }]);

    const cancelled = await t.http().post(`/api/quote-requests/${r.id}/cancel`).use(t.as(r.pilot.user));
    expect(cancelled.status).toBe(200);
    // The FBO asked to confirm is told, with the calendar entry cancelled.
    const bookedEmail = (
      await t.db.query(`SELECT fbo_email FROM quote_invitations WHERE quote_request_id = $1 AND fbo_id = $2`, [
        r.id,
        r.fbos[0].id,
      ])
    )[0].fbo_email as string;
    const uniqueId = (await t.http().get(`/api/quote-requests/${r.id}`).use(t.as(r.pilot.user))).body.uniqueId;
    const cancelMail = await t.mail.waitFor(bookedEmail, `Booking cancelled: ${uniqueId}`);
    expect(cancelMail.attachments?.map((a) => [a.fileName, a.contentType.split(';')[0]])).toEqual([
      ['booking.ics', 'text/calendar'],
    ]);
    const afterCancel = await r.book(r.fbos[1].id);
    expect([afterCancel.status, afterCancel.body]).toEqual([409, { error: 'This request was cancelled' }]);
    const withdrawn = await r.decide(0, { decision: 'confirm' });
    expect([withdrawn.status, withdrawn.body]).toEqual([
      410,
      { error: 'This quote request was withdrawn by the requester.' },
    ]);
    const forged = await t
      .http()
      .post(`/api/fbo-quote/${r.fbos[0].id}/${'A'.repeat(43)}/booking`)
      .use(t.as())
      .send({ decision: 'confirm' });
    expect(forged.status).toBe(404);
  });

  it('e-mails the chosen FBO its link with the .ics; on confirm the pilot (.ics) and "not selected" to the other', async () => {
    const r = await answered();
    const emailOf = async (fboId: string) =>
      (
        await t.db.query(`SELECT fbo_email FROM quote_invitations WHERE quote_request_id = $1 AND fbo_id = $2`, [
          r.id,
          fboId,
        ])
      )[0].fbo_email as string;
    const { uniqueId } = (await t.http().get(`/api/quote-requests/${r.id}`).use(t.as(r.pilot.user))).body;
    expect((await r.book(r.fbos[1].id)).status).toBe(200);
    const chosen = await t.mail.waitFor(await emailOf(r.fbos[1].id), `Booking requested: ${uniqueId} at KBFI`);
    expect(chosen.text).toContain('chose your estimate for quote request');
    expect(chosen.text).toMatch(/Confirm or decline the booking:\nhttp:\/\/rampquote\.test\/quote\//);
    expect(chosen.attachments?.map((a) => [a.fileName, a.contentType.split(';')[0]])).toEqual([
      ['booking.ics', 'text/calendar'],
    ]);

    expect((await r.decide(1, { decision: 'confirm' })).status).toBe(200);
    const pilotMail = await t.mail.waitFor(r.pilot.user.email, `Booked: ${r.fbos[1].name} confirmed ${uniqueId}`);
    expect(pilotMail.text).toContain(`FBO: ${r.fbos[1].name}`);
    expect(pilotMail.attachments?.map((a) => a.fileName)).toEqual(['booking.ics']);
    const other = await t.mail.waitFor(await emailOf(r.fbos[0].id), `Not selected: ${uniqueId}`);
    expect(other.text).toContain('The customer chose another FBO.');
    // The FBO that never answered is not told.
    const third = await emailOf(r.fbos[2].id);
    expect(
      (await t.mail.all()).filter(
        (m) => m.to.some((to) => to.address === third) && m.subject.startsWith('Not selected'),
      ),
    ).toEqual([]);
  });
});
