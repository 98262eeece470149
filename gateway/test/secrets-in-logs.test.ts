import request from 'supertest';
import { JsonLogger } from '@rampquote/service-kit';
import { startGateway, type RunningGateway } from './support/gateway-app';
import { unusedUrl } from './support/fake-services';
import type { MailCatcher } from '@rampquote/service-kit/testing';
import { startRealIdentity, type RealIdentity } from './support/real-identity';
import { createTestDatabase } from './support/test-database';

const WRONG = 'Wr0ng#Guess-gw';
const RESET_TOKEN = 'reset-token-that-must-stay-secret-0123456789';

/**
 * No password, reset token or link token ever appears in the gateway's logs (every line captured at debug level).
 * svc-identity is the real one; svc-quotes is down (a failed call is what logs its path).
 */
describe('the gateway logs no secrets (real svc-identity, real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let identity: RealIdentity & { mail: MailCatcher };
  let gw: RunningGateway;
  const lines: string[] = [];

  beforeAll(async () => {
    [db, identity] = await Promise.all([createTestDatabase(), startRealIdentity({ mail: true })]);
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
    const pilot = await identity.account();
    const login = (password: string) => request(gw.url).post('/api/auth/login').send({ email: pilot.email, password });
    expect((await login(WRONG)).status).toBe(401);
    expect((await login(pilot.password)).status).toBe(200);
    // A cross-site attempt is refused and logged, with the password in its body.
    const crossSite = await request(gw.url)
      .post('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .send({ email: pilot.email, password: pilot.password });
    expect(crossSite.status).toBe(403);
    // svc-identity refuses an unknown reset token (a failure the gateway logs) and takes the one it mailed.
    const refused = await request(gw.url)
      .post('/api/reset-password')
      .send({ token: RESET_TOKEN, password: 'N3w#Password-gw' });
    expect(refused.status).toBe(400);
    expect((await request(gw.url).post('/api/auth/forgot-password').send({ email: pilot.email })).status).toBe(200);
    const mail = await identity.mail.waitFor(pilot.email, 'Reset your RampQuote password');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const reset = await request(gw.url).post('/api/reset-password').send({ token, password: 'N3w#Password-gw2' });
    expect(reset.status).toBe(200);

    const logs = lines.join('\n');
    expect(logs).toContain('cross-site request refused');
    for (const secret of [WRONG, pilot.password, RESET_TOKEN, 'N3w#Password-gw', token]) {
      expect(logs).not.toContain(secret);
    }
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
