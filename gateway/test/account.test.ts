import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { Client } from 'pg';
import { Routes, type UserDto } from '@rampquote/contracts';
import { databaseUrl, type verifyIdentity } from '@rampquote/service-kit';
import { cookiePair, sessionCookie, startGateway, type RunningGateway } from './support/gateway-app';
import { PILOT, PILOT_PASSWORD, verifyReceived } from './support/fake-services';
import { createTestDatabase, SERVER_URL } from './support/test-database';

const OTHER: UserDto = {
  ...PILOT,
  id: '0b0e7a52-6a55-4f0b-9e3c-3a4b1c1d2e3f',
  email: 'other@rampquote.dev',
  username: 'other',
  firstName: 'Olly',
};
const PASSWORDS: Record<string, string> = { [PILOT.email]: PILOT_PASSWORD, [OTHER.email]: PILOT_PASSWORD };

/** A profile change with this first name gets no answer from the stand-in svc-identity. */
const SLOW = 'Slow';

/** A stand-in svc-identity for the calls the gateway answers itself. */
async function startIdentityStub() {
  const calls: { method: string; url: string; identity: ReturnType<typeof verifyIdentity>; body: unknown }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : undefined;
      const identity = verifyReceived(req, 'identity');
      calls.push({ method: req.method!, url: req.url!, identity, body });
      res.setHeader('content-type', 'application/json');
      const send = (status: number, payload: unknown) => {
        res.statusCode = status;
        res.end(JSON.stringify(payload));
      };
      if (!identity.ok) return send(401, { error: 'Unauthorized' });
      if (req.url === Routes.internal.verifyCredentials) {
        const user = [PILOT, OTHER].find((u) => u.email === body.email);
        return send(
          200,
          user && PASSWORDS[user.email] === body.password
            ? { ok: true, user }
            : { ok: false, error: 'invalid_credentials' },
        );
      }
      if (req.url === '/api/user/profile' && (req.method === 'PATCH' || req.method === 'PUT')) {
        if (body.firstName === SLOW) return; // never answers
        if (body.firstName === '')
          return send(400, {
            error: 'Invalid request data',
            details: [{ field: 'firstName', message: 'First name is required' }],
          });
        const user = [PILOT, OTHER].find((u) => u.id === identity.identity.user?.id)!;
        return send(200, {
          ...user,
          ...body,
          email: user.email,
          role: user.role,
          phoneNumber: body.phoneNumber ?? null,
        });
      }
      if (req.url === '/internal/password-reset' && req.method === 'POST') {
        if (body.token === 'good-token') {
          PASSWORDS[PILOT.email] = body.password;
          return send(200, { userId: PILOT.id });
        }
        return send(400, { error: 'This password reset link is invalid or expired' });
      }
      send(404, { error: 'Not found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

describe('gateway: profile changes update the session, a password reset ends sessions (real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let identity: Awaited<ReturnType<typeof startIdentityStub>>;
  let gw: RunningGateway;
  let pg: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    identity = await startIdentityStub();
    gw = await startGateway(db.name, { IDENTITY_URL: identity.url, IDENTITY_TIMEOUT_MS: '1000' });
    pg = new Client({ connectionString: databaseUrl(SERVER_URL, db.name) });
    await pg.connect();
  });
  afterAll(async () => {
    await pg?.end();
    await gw?.close();
    await identity?.close();
    await db?.drop();
  });

  const login = async (email: string, password = PILOT_PASSWORD) => {
    const res = await request(gw.url).post('/api/auth/login').send({ email, password });
    expect(res.status).toBe(200);
    return cookiePair(sessionCookie(res.headers)!);
  };
  const me = (cookie: string) => request(gw.url).get('/api/auth/me').set('Cookie', cookie);

  it('PATCH /api/user/profile forwards with the signed user and replaces the session user with the answer', async () => {
    const cookie = await login(PILOT.email);
    const res = await request(gw.url)
      .patch('/api/user/profile')
      .set('Cookie', cookie)
      .send({ firstName: 'Patricia', companyName: 'Acme Air', phoneNumber: '5550101234' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Patricia', companyName: 'Acme Air', phoneNumber: '5550101234' });
    const call = identity.calls.find((c) => c.method === 'PATCH')!;
    expect(call.identity.ok && call.identity.identity.user).toEqual({
      id: PILOT.id,
      email: PILOT.email,
      role: PILOT.role,
    });
    expect((await me(cookie)).body).toEqual({ ...PILOT, firstName: 'Patricia', companyName: 'Acme Air' });
  });

  it('PUT /api/user/profile does the same', async () => {
    const cookie = await login(PILOT.email);
    const res = await request(gw.url)
      .put('/api/user/profile')
      .set('Cookie', cookie)
      .send({ firstName: 'Pat', lastName: 'Pilot' });
    expect(res.status).toBe(200);
    expect((await me(cookie)).body.firstName).toBe('Pat');
  });

  it('PATCH /api/user/Profile (any letter case, trailing slash) refreshes the session user like /api/user/profile', async () => {
    const cookie = await login(PILOT.email);
    for (const [path, firstName] of [
      ['/api/user/Profile', 'Paula'],
      ['/API/User/profile/', 'Petra'],
    ]) {
      const res = await request(gw.url).patch(path).set('Cookie', cookie).send({ firstName });
      expect({ path, status: res.status, firstName: res.body.firstName }).toEqual({ path, status: 200, firstName });
      expect((await me(cookie)).body.firstName).toBe(firstName);
    }
    // The gateway called svc-identity on the one path it serves (never the browser's spelling).
    expect(identity.calls.filter((c) => c.method === 'PATCH').map((c) => c.url)).not.toContain('/api/user/Profile');
  });

  it('answers 504 naming svc-identity when it does not answer a profile change in time, and keeps the session user', async () => {
    const cookie = await login(PILOT.email);
    const before = (await me(cookie)).body.firstName;
    const res = await request(gw.url).patch('/api/user/profile').set('Cookie', cookie).send({ firstName: SLOW });
    expect(res.status).toBe(504);
    expect(res.body).toEqual({
      error: 'Service unavailable',
      details: [{ message: 'svc-identity did not answer in time' }],
    });
    expect((await me(cookie)).body.firstName).toBe(before);
  });

  it('passes a refused change through and keeps the session user', async () => {
    const cookie = await login(PILOT.email);
    await request(gw.url).patch('/api/user/profile').set('Cookie', cookie).send({ firstName: 'Before' });
    const res = await request(gw.url).patch('/api/user/profile').set('Cookie', cookie).send({ firstName: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Invalid request data',
      details: [{ field: 'firstName', message: 'First name is required' }],
    });
    expect((await me(cookie)).body.firstName).toBe('Before');
  });

  it('answers a profile change without a session with 401, without calling the service', async () => {
    const before = identity.calls.length;
    const res = await request(gw.url).patch('/api/user/profile').send({ firstName: 'X' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Authentication required' });
    expect(identity.calls.length).toBe(before);
  });

  it('records the user id of each session (the table can be searched by it)', async () => {
    await login(OTHER.email);
    const rows = await pg.query(`SELECT count(*)::int AS n FROM session WHERE (sess -> 'user') ->> 'id' = $1`, [
      OTHER.id,
    ]);
    expect(rows.rows[0].n).toBeGreaterThan(0);
  });

  it('a failed reset leaves sessions alone and passes the error through', async () => {
    const cookie = await login(PILOT.email);
    const res = await request(gw.url).post('/api/reset-password').send({ token: 'bad', password: 'N3w#Password' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'This password reset link is invalid or expired' });
    expect((await me(cookie)).status).toBe(200);
  });

  it('a successful reset ends every session of that user (and only theirs) and answers 200', async () => {
    const first = await login(PILOT.email);
    const second = await login(PILOT.email);
    const other = await login(OTHER.email);
    const res = await request(gw.url)
      .post('/api/reset-password')
      .send({ token: 'good-token', password: 'N3w#Password' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your password has been reset. You can now log in.' });
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect((await me(other)).status).toBe(200);
    const left = await pg.query(`SELECT count(*)::int AS n FROM session WHERE (sess -> 'user') ->> 'id' = $1`, [
      PILOT.id,
    ]);
    expect(left.rows[0].n).toBe(0);
    const reset = identity.calls.find(
      (c) => c.url === '/internal/password-reset' && c.body && (c.body as { token: string }).token === 'good-token',
    )!;
    expect(reset.identity.ok && reset.identity.identity.caller).toBe('gateway');
    await login(PILOT.email, 'N3w#Password');
  });

  it('answers 502 when svc-identity is down', async () => {
    const cookie = await login(OTHER.email);
    await identity.close();
    const res = await request(gw.url).patch('/api/user/profile').set('Cookie', cookie).send({ firstName: 'X' });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'Service unavailable', details: [{ message: 'svc-identity is not reachable' }] });
  });
});
