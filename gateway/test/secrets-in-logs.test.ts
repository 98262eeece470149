import request from 'supertest';
import { JsonLogger } from '@rampquote/service-kit';
import { startGateway, type RunningGateway } from './support/gateway-app';
import { PILOT, PILOT_PASSWORD, startFakeIdentity, unusedUrl, type FakeServer } from './support/fake-services';
import { createTestDatabase } from './support/test-database';

const WRONG = 'Wr0ng#Guess-gw';
const RESET_TOKEN = 'reset-token-that-must-stay-secret-0123456789';

/** No password, reset token or link token ever appears in the gateway's logs (every line captured at debug level). */
describe('the gateway logs no secrets (fake svc-identity, real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let identity: FakeServer;
  let gw: RunningGateway;
  const lines: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    identity = await startFakeIdentity();
    gw = await startGateway(
      db.name,
      { IDENTITY_URL: identity.url, QUOTES_URL: await unusedUrl(), LOG_LEVEL: 'debug' },
      new JsonLogger('gateway', 'debug', (line) => lines.push(line)),
    );
  });
  afterAll(async () => {
    await gw?.close();
    await identity?.close();
    await db?.drop();
  });

  it('logs requests and refusals but never the passwords or a reset token', async () => {
    expect((await request(gw.url).post('/api/auth/login').send({ email: PILOT.email, password: WRONG })).status).toBe(
      401,
    );
    expect(
      (await request(gw.url).post('/api/auth/login').send({ email: PILOT.email, password: PILOT_PASSWORD })).status,
    ).toBe(200);
    // A cross-site attempt is refused and logged, with the password in its body.
    const crossSite = await request(gw.url)
      .post('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .send({ email: PILOT.email, password: PILOT_PASSWORD });
    expect(crossSite.status).toBe(403);
    // The reset goes to svc-identity (the fake one answers 404 for it: logged as a failure, token not included).
    await request(gw.url).post('/api/reset-password').send({ token: RESET_TOKEN, password: 'N3w#Password-gw' });

    const logs = lines.join('\n');
    expect(logs).toContain('cross-site request refused');
    for (const secret of [WRONG, PILOT_PASSWORD, RESET_TOKEN, 'N3w#Password-gw']) expect(logs).not.toContain(secret);
  });

  it("logs a failed call to an FBO's link by its route, never the link token in its path", async () => {
    const token = 'fbo-link-token-that-must-stay-secret-4f9c';
    const res = await request(gw.url).get(`/api/fbo-quote/fbo-1/${token}`);
    expect(res.status).toBe(502);
    const logs = lines.join('\n');
    expect(logs).toContain('upstream unreachable');
    expect(logs).toContain('/api/fbo-quote/:fboId/:token');
    expect(logs).not.toContain(token);
  });
});
