import request from 'supertest';
import { Routes, IDENTITY_HEADER } from '@rampquote/contracts';
import { bodyHash, signIdentity } from '@rampquote/service-kit';
import { TEST_KEYS } from '@rampquote/service-kit/testing';
import { cookiePair, sessionCookie, startGateway, type RunningGateway } from './support/gateway-app';
import { startRealIdentity, type RealIdentity } from './support/real-identity';
import { startRealService, type RealService } from './support/real-service';
import { startRecordingRelay, type RecordingRelay } from './support/recording-relay';
import { createTestDatabase } from './support/test-database';

const GATEWAY_KEY = TEST_KEYS.privateKey('gateway');
/** The admin a header signed here by hand names (svc-airports takes the gateway's word for the user). */
const ADMIN = { id: '2d7f0a31-5c1e-4b8a-9f60-7a3c2e1b4d02', email: 'admin@example.com', role: 'admin' as const };

const UNAUTHORIZED = { error: 'Unauthorized', details: [{ message: 'Missing or invalid internal identity' }] };

/**
 * The signed identity between the gateway and a real service (svc-airports, its own process): the gateway signs
 * each call for the service and the request's method and path; a header captured on the wire (a recording hop
 * between the two) is refused by the service on any other route, and once it is older than 30 seconds.
 */
describe('gateway → real svc-airports: a captured identity header cannot be replayed', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let identity: RealIdentity;
  let airports: RealService;
  let relay: RecordingRelay;
  let gw: RunningGateway;

  beforeAll(async () => {
    [db, identity, airports] = await Promise.all([
      createTestDatabase(),
      startRealIdentity(),
      startRealService('airports', { DEV_AUTO_IMPORT: 'false' }),
    ]);
    relay = await startRecordingRelay(airports.url);
    gw = await startGateway(db.name, { IDENTITY_URL: identity.url, AIRPORTS_URL: relay.url });
  }, 120_000);

  afterAll(async () => {
    await gw?.close();
    await relay?.close();
    await identity?.close();
    await airports?.close();
    await db?.drop();
  }, 60_000);

  /** An admin of this test, signed in at the gateway (through the real svc-identity). */
  const signInAdmin = async () => {
    const { email, password } = await identity.account({ role: 'admin' });
    const res = await request(gw.url).post('/api/auth/login').send({ email, password });
    expect(res.status).toBe(200);
    return cookiePair(sessionCookie(res.headers)!);
  };
  /** The identity header the service received on the last call to `path`. */
  const capturedOn = (path: string) =>
    relay.seen.filter((r) => r.url === path).at(-1)!.headers[IDENTITY_HEADER] as string;

  it('is accepted by the service for the call it was signed for, and refused on another route or method (401)', async () => {
    const admin = await signInAdmin();
    const res = await request(gw.url).get(Routes.admin.importStatus).set('Cookie', admin);
    expect(res.status).toBe(200);
    const header = capturedOn(Routes.admin.importStatus);
    expect(header).toBeDefined();

    // Replayed as it was: the same call (within its 30 seconds) is what it was made for.
    expect((await request(airports.url).get(Routes.admin.importStatus).set(IDENTITY_HEADER, header)).status).toBe(200);
    // Against another admin route of the same service, or as a state-changing call: refused.
    const otherRoute = await request(airports.url).get(Routes.admin.fbos).set(IDENTITY_HEADER, header);
    expect({ status: otherRoute.status, body: otherRoute.body }).toEqual({ status: 401, body: UNAUTHORIZED });
    const otherMethod = await request(airports.url).post(Routes.admin.importAirports).set(IDENTITY_HEADER, header);
    expect({ status: otherMethod.status, body: otherMethod.body }).toEqual({ status: 401, body: UNAUTHORIZED });
  });

  it('is refused by the service once it is more than 30 seconds old', async () => {
    const user = ADMIN;
    const binding = { service: 'airports', method: 'GET', path: Routes.admin.importStatus };
    const old = signIdentity({ caller: 'gateway', user, iat: Date.now() - 31_000 }, GATEWAY_KEY, binding);
    const res = await request(airports.url).get(Routes.admin.importStatus).set(IDENTITY_HEADER, old);
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: UNAUTHORIZED });
    const fresh = signIdentity({ caller: 'gateway', user }, GATEWAY_KEY, binding);
    expect((await request(airports.url).get(Routes.admin.importStatus).set(IDENTITY_HEADER, fresh)).status).toBe(200);
  });

  it('is good for its query string and body only: the same header with another query or body is refused (401)', async () => {
    const admin = await signInAdmin();
    const listed = await request(gw.url).get(Routes.admin.fbos).query({ airport: 'KBFI' }).set('Cookie', admin);
    // Answered by the service (no such airport here: 404), so the identity was taken.
    expect(listed.status).toBe(404);
    const listHeader = capturedOn(`${Routes.admin.fbos}?airport=KBFI`);
    expect(
      (await request(airports.url).get(`${Routes.admin.fbos}?airport=KBFI`).set(IDENTITY_HEADER, listHeader)).status,
    ).toBe(404);
    const otherQuery = await request(airports.url)
      .get(`${Routes.admin.fbos}?airport=KSEA`)
      .set(IDENTITY_HEADER, listHeader);
    expect({ status: otherQuery.status, body: otherQuery.body }).toEqual({ status: 401, body: UNAUTHORIZED });

    const fbo = {
      airport: 'KBFI',
      name: 'Signed Body Jet Center',
      email: 'signed-body@example.com',
      phone: null,
      logo: null,
    };
    const added = await request(gw.url).post(Routes.admin.fbos).set('Cookie', admin).send(fbo);
    expect(added.status).not.toBe(401);
    const addHeader = capturedOn(Routes.admin.fbos);
    const otherBody = await request(airports.url)
      .post(Routes.admin.fbos)
      .set(IDENTITY_HEADER, addHeader)
      .send({ ...fbo, name: 'Replayed Jet Center', email: 'replayed@example.com' });
    expect({ status: otherBody.status, body: otherBody.body }).toEqual({ status: 401, body: UNAUTHORIZED });
    // The gateway signed the hash of exactly the bytes it forwarded.
    const sentBytes = JSON.stringify(fbo);
    const signedBody = JSON.parse(Buffer.from(addHeader.split('.')[0]!, 'base64url').toString()).body;
    expect(signedBody).toBe(bodyHash(sentBytes));
    const all = await request(gw.url).get(Routes.admin.fbos).set('Cookie', admin);
    expect(JSON.stringify(all.body)).not.toContain('Replayed Jet Center');
  });

  it('is made for the service it goes to: one signed for svc-fleet is refused by svc-airports', async () => {
    const user = ADMIN;
    const forFleet = signIdentity({ caller: 'gateway', user }, GATEWAY_KEY, {
      service: 'fleet',
      method: 'GET',
      path: Routes.admin.importStatus,
    });
    const res = await request(airports.url).get(Routes.admin.importStatus).set(IDENTITY_HEADER, forFleet);
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: UNAUTHORIZED });
  });

  it('signs anonymous calls the same way: a public route answers through the gateway', async () => {
    const res = await request(gw.url).get(Routes.airports.fboServices);
    expect(res.status).toBe(200);
    const header = capturedOn(Routes.airports.fboServices);
    expect(
      (await request(airports.url).get(Routes.airports.search).query({ q: 'KB' }).set(IDENTITY_HEADER, header)).status,
    ).toBe(401);
  });
});
