import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { FboInboxMessages, Routes, type FboContactDto } from '@rampquote/contracts';
import { formPayload, startQuotes, type QuotesTestApp, type TestUser } from './support/quotes-app';

/** The FBO inbox a page at a time: `?limit=` rows, newest first, the next page from the answer's `nextCursor`. */
describe('the FBO inbox in pages (real svc-airports, PostgreSQL and RabbitMQ)', () => {
  let t: QuotesTestApp;
  let airportsDb: DataSource;

  beforeAll(async () => {
    t = await startQuotes();
    airportsDb = t.neighbours.airports.app.get(DataSource);
  });
  afterAll(async () => {
    await t?.close();
  });

  const member = async (...fbos: { id: string }[]): Promise<TestUser> => {
    const user: TestUser = { id: randomUUID(), email: `desk-${randomUUID().slice(0, 6)}@example.com`, role: 'fbo' };
    for (const fbo of fbos)
      await airportsDb.query(`INSERT INTO fbo_members (fbo_id, user_id, role, email) VALUES ($1, $2, 'staff', $3)`, [
        fbo.id,
        user.id,
        user.email,
      ]);
    return user;
  };
  const inbox = (user: TestUser, query = '') => t.http().get(`${Routes.fboPortal.inbox}${query}`).use(t.as(user));

  /** `count` requests to these FBOs, each from a new pilot; their ids, oldest first. */
  async function requestsTo(fbos: FboContactDto[], count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const pilot = await t.pilot();
      const res = await t
        .http()
        .post(Routes.quoteRequests.root)
        .use(t.as(pilot.user))
        .send(formPayload(pilot.aircraft, fbos));
      expect(res.status).toBe(201);
      ids.push(res.body.id as string);
    }
    return ids;
  }

  /** Every page from `query` on, following nextCursor. */
  async function allPages(user: TestUser, query: string) {
    const pages: { requests: { quoteRequestId: string }[]; nextCursor: string | null }[] = [];
    for (let cursor: string | null = null; pages.length < 50;) {
      const res = await inbox(user, `${query}${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      pages.push(res.body);
      cursor = res.body.nextCursor;
      if (!cursor) break;
    }
    return pages.map((p) => ({ ids: p.requests.map((r) => r.quoteRequestId), last: p.nextCursor === null }));
  }

  it('answers 25 rows by default, newest first, with the cursor of the next page; the last page has none', async () => {
    const { fbos } = await t.airportWithFbos(1);
    const ids = await requestsTo(fbos, 27);
    const desk = await member(fbos[0]);
    const first = await inbox(desk);
    expect(first.status).toBe(200);
    expect(first.body.requests.map((r: { quoteRequestId: string }) => r.quoteRequestId)).toEqual(
      [...ids].reverse().slice(0, 25),
    );
    expect(typeof first.body.nextCursor).toBe('string');
    const rest = await inbox(desk, `?before=${encodeURIComponent(first.body.nextCursor)}`);
    expect(rest.body).toEqual({
      requests: [
        expect.objectContaining({ quoteRequestId: ids[1] }),
        expect.objectContaining({ quoteRequestId: ids[0] }),
      ],
      nextCursor: null,
    });
  });

  it('walks every request once with ?limit=, rows sent at the same instant included, across several FBOs and with ?fboId=', async () => {
    const { fbos } = await t.airportWithFbos(2);
    const toA = await requestsTo([fbos[0]], 3);
    const toBoth = await requestsTo(fbos, 2);
    const toB = await requestsTo([fbos[1]], 2);
    // Two invitations sent at the same instant: the id decides their order, and neither is skipped or repeated.
    await t.db.query(
      `UPDATE quote_invitations SET created_at = (SELECT created_at FROM quote_invitations WHERE quote_request_id = $1 LIMIT 1)
        WHERE quote_request_id = $2`,
      [toA[2], toA[1]],
    );
    const desk = await member(fbos[0], fbos[1]);
    const everything = await inbox(desk, '?limit=100');
    expect(everything.body.nextCursor).toBeNull();
    const all = everything.body.requests.map((r: { quoteRequestId: string }) => r.quoteRequestId);
    expect(all).toHaveLength(3 + 2 * 2 + 2);
    expect(new Set(all)).toEqual(new Set([...toA, ...toBoth, ...toBoth, ...toB]));
    const newestFirst = everything.body.requests.map((r: { createdAt: string }) => r.createdAt);
    expect(newestFirst).toEqual([...newestFirst].sort().reverse());

    const pages = await allPages(desk, '?limit=2');
    expect(pages.map((p) => p.ids.length)).toEqual([2, 2, 2, 2, 1]);
    expect(pages.flatMap((p) => p.ids)).toEqual(all);
    expect(pages.map((p) => p.last)).toEqual([false, false, false, false, true]);

    const onlyA = await allPages(desk, `?fboId=${fbos[0].id}&limit=3`);
    expect(onlyA.flatMap((p) => p.ids)).toEqual(
      everything.body.requests
        .filter((r: { fbo: { id: string } }) => r.fbo.id === fbos[0].id)
        .map((r: { quoteRequestId: string }) => r.quoteRequestId),
    );
    expect(onlyA.map((p) => p.ids.length)).toEqual([3, 2]);
  });

  it('refuses a limit that is not a whole number from 1 to 100, or a cursor it did not give, with 400 and the message', async () => {
    const { fbos } = await t.airportWithFbos(1);
    await requestsTo(fbos, 1);
    const desk = await member(fbos[0]);
    for (const limit of ['0', '101', 'ten', '2.5', '-1', '', '1&limit=2']) {
      const res = await inbox(desk, `?limit=${limit}`);
      expect([limit, res.status, res.body]).toEqual([
        limit,
        400,
        { error: 'Invalid request data', details: [{ field: 'limit', message: FboInboxMessages.limit }] },
      ]);
    }
    expect(FboInboxMessages.limit).toBe('limit must be a whole number from 1 to 100');
    const forged = Buffer.from('yesterday|not-an-id').toString('base64url');
    for (const before of ['garbage', forged, '']) {
      const res = await inbox(desk, `?before=${before}`);
      expect([before, res.status, res.body]).toEqual([
        before,
        400,
        { error: 'Invalid request data', details: [{ field: 'before', message: FboInboxMessages.cursor }] },
      ]);
    }
    expect((await inbox(desk, '?limit=100')).status).toBe(200);
    expect((await inbox(desk, '?limit=1')).body.requests).toHaveLength(1);
  });
});
