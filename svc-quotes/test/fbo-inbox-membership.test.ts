import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { FboMemberMessages, Routes, type FboContactDto } from '@rampquote/contracts';
import { estimatePayload, formPayload, startQuotes, type QuotesTestApp, type TestUser } from './support/quotes-app';

/**
 * The FBO inbox decided by membership at the real svc-airports: a self-registered `fbo` account with an FBO's
 * address sees nothing, a member of several FBOs sees each with its name and can filter, a member of FBO A gets 404
 * for FBO B's requests, and a removed member sees nothing from the next request on.
 */
describe('the FBO inbox by membership (real svc-airports, PostgreSQL and RabbitMQ)', () => {
  let t: QuotesTestApp;
  let airportsDb: DataSource;

  beforeAll(async () => {
    t = await startQuotes();
    airportsDb = t.neighbours.airports.app.get(DataSource);
  });
  afterAll(async () => {
    await t?.close();
  });

  const newUser = (email = `desk-${randomUUID().slice(0, 6)}@example.com`): TestUser => ({
    id: randomUUID(),
    email,
    role: 'fbo',
  });
  const join = (user: TestUser, fbo: { id: string }, role = 'staff') =>
    airportsDb.query(`INSERT INTO fbo_members (fbo_id, user_id, role, email) VALUES ($1, $2, $3, $4)`, [
      fbo.id,
      user.id,
      role,
      user.email,
    ]);
  const inbox = (user: TestUser, query = '') => t.http().get(`${Routes.fboPortal.inbox}${query}`).use(t.as(user));

  async function requestTo(fbos: FboContactDto[]) {
    const pilot = await t.pilot();
    const res = await t
      .http()
      .post(Routes.quoteRequests.root)
      .use(t.as(pilot.user))
      .send(formPayload(pilot.aircraft, fbos));
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  it("shows an account registered with an FBO's address none of that FBO's requests, nor lets it answer one", async () => {
    const { fbos } = await t.airportWithFbos(1);
    await requestTo(fbos);
    const poser = newUser(fbos[0].email);
    const res = await inbox(poser);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ requests: [], nextCursor: null });
    const [invitation] = await t.db.query(`SELECT id FROM quote_invitations WHERE fbo_id = $1`, [fbos[0].id]);
    const page = await t.http().get(Routes.fboPortal.request(invitation.id)).use(t.as(poser));
    expect(page.status).toBe(404);
    const submit = await t.http().post(Routes.fboPortal.submit(invitation.id)).use(t.as(poser)).send(estimatePayload());
    expect(submit.status).toBe(404);
    expect(await t.db.query(`SELECT 1 FROM quote_responses WHERE invitation_id = $1`, [invitation.id])).toEqual([]);
  });

  it("shows a member of several FBOs each request with its FBO's name, filters by FBO, and 404 for an FBO not theirs", async () => {
    const { fbos } = await t.airportWithFbos(3);
    const toA = await requestTo([fbos[0]]);
    const toB = await requestTo([fbos[1]]);
    await requestTo([fbos[2]]);
    const regional = newUser();
    await join(regional, fbos[0], 'manager');
    await join(regional, fbos[1]);
    const all = await inbox(regional);
    expect(all.status).toBe(200);
    expect(
      all.body.requests.map((r: { quoteRequestId: string; fbo: { name: string } }) => [r.quoteRequestId, r.fbo.name]),
    ).toEqual([
      [toB, fbos[1].name],
      [toA, fbos[0].name],
    ]);
    const onlyA = await inbox(regional, `?fboId=${fbos[0].id}`);
    expect(onlyA.body.requests.map((r: { quoteRequestId: string }) => r.quoteRequestId)).toEqual([toA]);
    const notMine = await inbox(regional, `?fboId=${fbos[2].id}`);
    expect(notMine.status).toBe(404);
    expect(notMine.body.error).toBe(FboMemberMessages.fboNotFound);
  });

  it("answers a member of FBO A 404 for FBO B's inbox request (even with B's address), and nothing is stored", async () => {
    const { fbos } = await t.airportWithFbos(2);
    const id = await requestTo(fbos);
    // A member of A whose own address is B's listed one: the address gives nothing.
    const memberOfA = newUser(fbos[1].email);
    await join(memberOfA, fbos[0]);
    const [ofB] = await t.db.query(`SELECT id FROM quote_invitations WHERE quote_request_id = $1 AND fbo_id = $2`, [
      id,
      fbos[1].id,
    ]);
    expect((await t.http().get(Routes.fboPortal.request(ofB.id)).use(t.as(memberOfA))).status).toBe(404);
    const decline = await t
      .http()
      .post(Routes.fboPortal.decline(ofB.id))
      .use(t.as(memberOfA))
      .send({ reason: 'no_hangar_space' });
    expect(decline.status).toBe(404);
    expect(await t.db.query(`SELECT 1 FROM quote_responses WHERE invitation_id = $1`, [ofB.id])).toEqual([]);
  });

  it('shows a removed member nothing from the next request on', async () => {
    const { fbos } = await t.airportWithFbos(1);
    await requestTo(fbos);
    const staff = newUser();
    await join(staff, fbos[0]);
    expect((await inbox(staff)).body.requests).toHaveLength(1);
    await airportsDb.query(`DELETE FROM fbo_members WHERE user_id = $1`, [staff.id]);
    expect((await inbox(staff)).body).toEqual({ requests: [], nextCursor: null });
  });

  it('lets a pilot who is also a member use the inbox', async () => {
    const { fbos } = await t.airportWithFbos(1);
    const id = await requestTo(fbos);
    const pilotMember: TestUser = { ...newUser(), role: 'pilot' };
    await join(pilotMember, fbos[0]);
    const res = await inbox(pilotMember);
    expect(res.body.requests.map((r: { quoteRequestId: string }) => r.quoteRequestId)).toEqual([id]);
  });
});
