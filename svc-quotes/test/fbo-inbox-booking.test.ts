import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { FboQuoteMessages, Routes } from '@rampquote/contracts';
import { estimatePayload, formPayload, startQuotes, type QuotesTestApp, type TestUser } from './support/quotes-app';

/**
 * A member of the chosen FBO confirms or declines the pilot's booking from the FBO inbox, with the same rules as the
 * e-mailed link; membership is what svc-airports says, and a member of another FBO gets 404.
 */
describe('booking answered from the FBO inbox (real svc-airports, PostgreSQL, RabbitMQ and SMTP)', () => {
  let t: QuotesTestApp;
  let airportsDb: DataSource;

  beforeAll(async () => {
    t = await startQuotes();
    airportsDb = t.neighbours.airports.app.get(DataSource);
  });
  afterAll(async () => {
    await t?.close();
  });

  const member = async (fbo: { id: string }): Promise<TestUser> => {
    const user: TestUser = { id: randomUUID(), email: `desk-${randomUUID().slice(0, 6)}@example.com`, role: 'fbo' };
    await airportsDb.query(`INSERT INTO fbo_members (fbo_id, user_id, role, email) VALUES ($1, $2, 'staff', $3)`, [
      fbo.id,
      user.id,
      user.email,
    ]);
    return user;
  };

  /** A request to two FBOs that both sent estimates; `bookWith` books with one of them. */
  async function answered() {
    const pilot = await t.pilot();
    const { fbos } = await t.airportWithFbos(2);
    const created = await t
      .http()
      .post(Routes.quoteRequests.root)
      .use(t.as(pilot.user))
      .send(formPayload(pilot.aircraft, fbos));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    for (const [i, fbo] of fbos.entries()) {
      const res = await t
        .http()
        .post(Routes.fboQuote.submit(fbo.id, await t.tokenOf(id, fbo.id)))
        .use(t.as())
        .send(estimatePayload(6 + i));
      expect(res.status).toBe(201);
    }
    const invitationOf = async (fboId: string) =>
      (await t.db.query(`SELECT id FROM quote_invitations WHERE quote_request_id = $1 AND fbo_id = $2`, [id, fboId]))[0]
        .id as string;
    const bookWith = async (fboId: string) => {
      const res = await t
        .http()
        .post(`${Routes.quoteRequests.root}/${id}/booking`)
        .use(t.as(pilot.user))
        .send({ fboId });
      expect(res.status).toBe(200);
    };
    const decide = (user: TestUser, invitationId: string, body: object) =>
      t.http().post(Routes.fboPortal.booking(invitationId)).use(t.as(user)).send(body);
    const details = async () => (await t.http().get(`${Routes.quoteRequests.root}/${id}`).use(t.as(pilot.user))).body;
    return { pilot, fbos, id, invitationOf, bookWith, decide, details };
  }

  it('lets a member of the chosen FBO confirm from the inbox: the request is booked and the pilot e-mailed', async () => {
    const r = await answered();
    await r.bookWith(r.fbos[1].id);
    const staff = await member(r.fbos[1]);
    const confirmed = await r.decide(staff, await r.invitationOf(r.fbos[1].id), { decision: 'confirm' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      quoteRequestId: r.id,
      status: 'booked',
      fboId: r.fbos[1].id,
      declinedFboIds: [],
    });
    expect(typeof confirmed.body.confirmedAt).toBe('string');
    const { status, uniqueId } = await r.details();
    expect(status).toBe('booked');
    const mail = await t.mail.waitFor(r.pilot.user.email, `Booked: ${r.fbos[1].name} confirmed ${uniqueId}`);
    expect(mail.attachments?.map((a) => a.fileName)).toEqual(['booking.ics']);
    // The inbox page reads the booking confirmed, as the link does.
    const page = await t
      .http()
      .get(Routes.fboPortal.request(await r.invitationOf(r.fbos[1].id)))
      .use(t.as(staff));
    expect(page.body.booking).toEqual({ state: 'confirmed' });
  });

  it('lets a member decline with a reason (required): the request returns to the pilot with that FBO marked', async () => {
    const r = await answered();
    await r.bookWith(r.fbos[0].id);
    const staff = await member(r.fbos[0]);
    const invitationId = await r.invitationOf(r.fbos[0].id);
    const noReason = await r.decide(staff, invitationId, { decision: 'decline' });
    expect([noReason.status, noReason.body.details]).toEqual([
      400,
      [{ field: 'reason', message: 'Please give a reason for declining' }],
    ]);
    const declined = await r.decide(staff, invitationId, { decision: 'decline', reason: 'Hangar full after all' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'completed', fboId: null, declinedFboIds: [r.fbos[0].id] });
    expect((await r.details()).status).toBe('completed');
    const [event] = await t.db.query(
      `SELECT payload->'data'->>'reason' AS reason FROM outbox_events
        WHERE type = 'booking-declined' AND payload->'data'->>'quoteRequestId' = $1`,
      [r.id],
    );
    expect(event.reason).toBe('Hangar full after all');
  });

  it("answers a member of another FBO 404 for the chosen FBO's booking, and the booking still waits", async () => {
    const r = await answered();
    await r.bookWith(r.fbos[1].id);
    const ofOtherFbo = await member(r.fbos[0]);
    const res = await r.decide(ofOtherFbo, await r.invitationOf(r.fbos[1].id), { decision: 'confirm' });
    expect([res.status, res.body]).toEqual([404, { error: FboQuoteMessages.notFound }]);
    const notAnId = await r.decide(ofOtherFbo, 'not-an-id', { decision: 'confirm' });
    expect(notAnId.status).toBe(404);
    expect((await r.details()).status).toBe('booked-pending');
  });

  it('answers 410 as the link does when no booking waits for this FBO: none yet, another FBO chosen, cancelled', async () => {
    const r = await answered();
    const staff = await member(r.fbos[0]);
    const invitationId = await r.invitationOf(r.fbos[0].id);
    const notYet = await r.decide(staff, invitationId, { decision: 'confirm' });
    expect([notYet.status, notYet.body]).toEqual([
      410,
      { error: 'This booking is no longer waiting for your answer.' },
    ]);

    await r.bookWith(r.fbos[1].id);
    const notChosen = await r.decide(staff, invitationId, { decision: 'confirm' });
    expect(notChosen.status).toBe(410);

    expect((await t.http().post(`${Routes.quoteRequests.root}/${r.id}/cancel`).use(t.as(r.pilot.user))).status).toBe(
      200,
    );
    const chosenStaff = await member(r.fbos[1]);
    const withdrawn = await r.decide(chosenStaff, await r.invitationOf(r.fbos[1].id), { decision: 'confirm' });
    expect([withdrawn.status, withdrawn.body]).toEqual([
      410,
      { error: 'This quote request was withdrawn by the requester.' },
    ]);
    expect((await r.details()).status).toBe('cancelled');
  });
});
