import * as argon2 from 'argon2';
import { DataSource } from 'typeorm';
import { Routes, type UserDto } from '@rampquote/contracts';
import { DevSeedService, DEV_SEED_PASSWORD } from '../src/seed/dev-seed.service';
import { startIdentity, type IdentityTestApp } from './support/identity-app';
import request from 'supertest';

const PASSWORD = 'Str0ng#Pass';

describe('credential check, user lookup, seed and health (real PostgreSQL and RabbitMQ)', () => {
  let t: IdentityTestApp;
  let db: DataSource;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startIdentity();
    db = t.app.get(DataSource);
    for (const email of ['invited@example.com', 'uninvited@example.com', 'crew@invited-domain.example']) {
      const res = await t
        .http()
        .post('/api/auth/register')
        .use(t.asGateway())
        .send({ firstName: 'A', lastName: 'B', email, password: PASSWORD });
      expect(res.status).toBe(201);
      ids[email] = res.body.user.id;
    }
    await db.query(
      `INSERT INTO beta_invitations (id, kind, value) VALUES (gen_random_uuid(), 'email', 'invited@example.com'), (gen_random_uuid(), 'domain', 'invited-domain.example')`,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const verify = (body: object, http = t.http()) =>
    http.post(Routes.internal.verifyCredentials).use(t.asGateway()).send(body);

  it('accepts an invited e-mail with the right password (any case) and returns the user', async () => {
    const res = await verify({ email: 'Invited@Example.com', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      user: {
        id: ids['invited@example.com'],
        username: 'invited',
        email: 'invited@example.com',
        role: 'pilot',
        firstName: 'A',
        lastName: 'B',
        companyName: null,
      },
    });
  });

  it('accepts an e-mail whose domain is invited', async () => {
    const res = await verify({ email: 'crew@invited-domain.example', password: PASSWORD });
    expect(res.body.ok).toBe(true);
  });

  it('answers beta_access_required to someone not invited with the right password', async () => {
    const res = await verify({ email: 'uninvited@example.com', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: false, error: 'beta_access_required' });
  });

  it('lets everyone in when BETA_OPEN=true', async () => {
    const open = await t.startSibling({ BETA_OPEN: 'true' });
    const res = await verify({ email: 'uninvited@example.com', password: PASSWORD }, request(open.getHttpServer()));
    expect(res.body).toMatchObject({ ok: true, user: { email: 'uninvited@example.com' } });
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const wrong = await verify({ email: 'invited@example.com', password: 'Wr0ng#Pass' });
    const unknown = await verify({ email: 'nobody@example.com', password: PASSWORD });
    expect(wrong.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(wrong.body).toEqual({ ok: false, error: 'invalid_credentials' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('does not reveal the beta status to a wrong password', async () => {
    const res = await verify({ email: 'uninvited@example.com', password: 'Wr0ng#Pass' });
    expect(res.body).toEqual({ ok: false, error: 'invalid_credentials' });
  });

  it('refuses a malformed body with 400', async () => {
    const res = await verify({ email: 'invited@example.com' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Invalid request data',
      details: [{ field: 'password', message: 'Password is required' }],
    });
  });

  it('stores passwords with the current argon2id parameters, and hashes an older hash again at the next sign-in', async () => {
    const storedHash = async (email: string) =>
      ((await db.query(`SELECT password_hash FROM users WHERE email = $1`, [email])) as { password_hash: string }[])[0]!
        .password_hash;
    const email = 'crew@invited-domain.example';
    // Registration (beforeAll) used the current parameters.
    expect(await storedHash(email)).toMatch(/^\$argon2id\$v=19\$m=19456,p=2,t=2\$/);

    // A hash from before (the library's defaults): the right password still signs in, and the hash is made again.
    const older = await argon2.hash(PASSWORD, {
      type: argon2.argon2id,
      memoryCost: 65536,
      timeCost: 3,
      parallelism: 4,
    });
    await db.query(`UPDATE users SET password_hash = $1 WHERE email = $2`, [older, email]);
    expect((await verify({ email, password: 'Wr0ng#Pass' })).body).toEqual({ ok: false, error: 'invalid_credentials' });
    expect(await storedHash(email)).toBe(older);
    expect((await verify({ email, password: PASSWORD })).body).toMatchObject({ ok: true, user: { email } });
    const rehashed = await storedHash(email);
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=19456,p=2,t=2\$/);
    expect(await argon2.verify(rehashed, PASSWORD)).toBe(true);

    // A current hash is left as it is.
    expect((await verify({ email, password: PASSWORD })).body).toMatchObject({ ok: true });
    expect(await storedHash(email)).toBe(rehashed);
  });

  it('only answers the gateway', async () => {
    const res = await t
      .http()
      .post(Routes.internal.verifyCredentials)
      .send({ email: 'invited@example.com', password: PASSWORD });
    expect(res.status).toBe(401);
  });

  it('returns a user by id to the gateway, 404 otherwise', async () => {
    const found = await t.http().get(Routes.internal.userById(ids['invited@example.com'])).use(t.asGateway());
    expect(found.status).toBe(200);
    expect((found.body as UserDto).email).toBe('invited@example.com');
    const missing = await t
      .http()
      .get(Routes.internal.userById('00000000-0000-4000-8000-000000000000'))
      .use(t.asGateway());
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'User not found' });
    expect((await t.http().get(Routes.internal.userById('not-a-uuid')).use(t.asGateway())).status).toBe(404);
  });

  it('creates the development accounts once, invited, with the documented password', async () => {
    // Not seeded outside development.
    expect(
      await db.query(`SELECT 1 FROM users WHERE email LIKE '%@rampquote.dev' OR email = 'demo-fbo-ksea-1@example.com'`),
    ).toHaveLength(0);
    const seed = t.app.get(DevSeedService);
    expect(await seed.seed()).toEqual(['admin@rampquote.dev', 'pilot@rampquote.dev', 'demo-fbo-ksea-1@example.com']);
    expect(await seed.seed()).toEqual([]);
    // A development database from before an account was added to the list gets only that one.
    await db.query(`DELETE FROM users WHERE email = 'demo-fbo-ksea-1@example.com'`);
    expect(await seed.seed()).toEqual(['demo-fbo-ksea-1@example.com']);
    const fbo = await verify({ email: 'demo-fbo-ksea-1@example.com', password: DEV_SEED_PASSWORD });
    expect(fbo.body).toMatchObject({ ok: true, user: { role: 'fbo', firstName: 'Seattle', lastName: 'Jet Center' } });
    const admin = await verify({ email: 'admin@rampquote.dev', password: DEV_SEED_PASSWORD });
    expect(admin.body).toMatchObject({ ok: true, user: { role: 'admin' } });
    const pilot = await verify({ email: 'pilot@rampquote.dev', password: DEV_SEED_PASSWORD });
    expect(pilot.body).toMatchObject({ ok: true, user: { role: 'pilot' } });
  });

  it('reports database and broker up on /health without any identity', async () => {
    const res = await t.http().get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', service: 'svc-identity', database: 'up', broker: 'up' });
  });
});
