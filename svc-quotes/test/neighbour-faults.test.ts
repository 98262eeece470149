import { formPayload, startQuotesWithStub, type StubbedQuotesTestApp } from './support/quotes-app';

/**
 * Fault cases: svc-quotes' neighbours stood in for by NeighboursStub, whose `mode` makes one hang or fail, and an
 * address where nothing listens. Every other test of svc-quotes runs against the real svc-fleet, svc-airports and
 * svc-identity.
 */
describe('quote requests while a neighbour is down, silent or failing (NeighboursStub)', () => {
  let t: StubbedQuotesTestApp;

  beforeAll(async () => {
    t = await startQuotesWithStub();
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = async (payload: object, user: Parameters<StubbedQuotesTestApp['as']>[0]) =>
    t.http().post('/api/quote-requests').use(t.as(user)).send(payload);

  it('answers 503 when a neighbour is unreachable or silent, 502 when it fails, naming it', async () => {
    const { user, aircraft } = await t.pilot();
    const { fbos } = await t.airportWithFbos(1);
    try {
      t.stub.mode.fleet = 'hang';
      const silent = await create(formPayload(aircraft, fbos), user);
      expect(silent.status).toBe(503);
      expect(silent.body).toEqual({ error: 'The fleet service is unavailable; please try again in a moment' });
      t.stub.mode.fleet = 'ok';
      t.stub.mode.identity = 'error';
      const failing = await create(formPayload(aircraft, fbos), user);
      expect(failing.status).toBe(502);
      expect(failing.body).toEqual({
        error: 'The identity service answered with an error; please try again in a moment',
      });
    } finally {
      t.stub.mode = { fleet: 'ok', airports: 'ok', identity: 'ok' };
    }
    const unreachable = await t.startSibling({ AIRPORTS_URL: 'http://127.0.0.1:9' });
    const res = await t.http(unreachable).post('/api/quote-requests').use(t.as(user)).send(formPayload(aircraft, fbos));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: 'The airports service is unavailable; please try again in a moment' });
    expect(await t.db.query(`SELECT 1 FROM quote_requests WHERE requester_id = $1`, [user.id])).toEqual([]);
  });
});
