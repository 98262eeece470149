import { DataSource } from 'typeorm';
import { Routes, IDENTITY_HEADER, RegistrationMessages, type UserRegisteredData } from '@rampquote/contracts';
import { OutboxRelay, signIdentity } from '@rampquote/service-kit';
import { collectEvents, waitFor, TEST_KEYS } from '@rampquote/service-kit/testing';
import { startIdentity, type IdentityTestApp } from './support/identity-app';

const REGISTER = Routes.auth.register;
const valid = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.com',
  password: 'Str0ng#Pass',
  confirmPassword: 'Str0ng#Pass',
};

describe('POST /api/auth/register (real PostgreSQL and RabbitMQ)', () => {
  let t: IdentityTestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await startIdentity();
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t?.close();
  });

  const register = (body: object) => t.http().post(REGISTER).use(t.asGateway()).send(body);

  describe('validation', () => {
    it.each([
      ['firstName', { firstName: '' }, 'First name is required'],
      ['lastName', { lastName: '  ' }, 'Last name is required'],
      ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
      ['password (length)', { password: 'Sh0rt#' }, 'Password must be at least 8 characters'],
      ['password (uppercase)', { password: 'lower#case1' }, 'Password must contain at least one uppercase letter'],
      ['password (lowercase)', { password: 'UPPER#CASE1' }, 'Password must contain at least one lowercase letter'],
      ['password (number)', { password: 'No#Digits!' }, 'Password must contain at least one number'],
      ['password (special)', { password: 'NoSpecial12' }, 'Password must contain at least one special character'],
      ['role', { role: 'admin' }, 'Role must be pilot or fbo'],
    ])('rejects an invalid %s with the spec message', async (_name, change, message) => {
      const res = await register({ ...valid, ...change });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Invalid request data');
      expect(res.body.details).toEqual([{ field: expect.any(String), message }]);
    });

    it('lists one detail per failed rule', async () => {
      const res = await register({ email: 'x', password: 'abc' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'Invalid request data',
        details: [
          { field: 'firstName', message: 'First name is required' },
          { field: 'lastName', message: 'Last name is required' },
          { field: 'email', message: 'Please enter a valid email address' },
          { field: 'password', message: 'Password must be at least 8 characters' },
          { field: 'password', message: 'Password must contain at least one uppercase letter' },
          { field: 'password', message: 'Password must contain at least one number' },
          { field: 'password', message: 'Password must contain at least one special character' },
        ],
      });
    });

    it('stores nothing for an invalid request', async () => {
      await register({ ...valid, email: 'nope' });
      expect(await db.query('SELECT 1 FROM users')).toHaveLength(0);
    });
  });

  it('creates the user with an argon2id hash, answers with the invite-only notice and does not sign in', async () => {
    const res = await register({
      ...valid,
      email: 'Jane.Doe@Example.com',
      companyName: 'Acme Aviation',
      role: 'fbo',
      aircraftProfileName: 'Citation N123AB',
    });
    expect(res.status).toBe(201);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toEqual({
      message: RegistrationMessages.inviteOnly,
      user: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        username: 'jane.doe',
        email: 'jane.doe@example.com',
        role: 'fbo',
        firstName: 'Jane',
        lastName: 'Doe',
        companyName: 'Acme Aviation',
      },
    });
    const [row] = await db.query('SELECT * FROM users WHERE id = $1', [res.body.user.id]);
    expect(row).toMatchObject({
      email: 'jane.doe@example.com',
      username: 'jane.doe',
      role: 'fbo',
      first_name: 'Jane',
      last_name: 'Doe',
      company_name: 'Acme Aviation',
      aircraft_profile_name: 'Citation N123AB',
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(valid.password);
  });

  it('refuses an e-mail that is already registered (in any case) with 409', async () => {
    const res = await register({ ...valid, email: 'JANE.DOE@example.com' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'Email already exists',
      details: [{ field: 'email', message: 'Email already exists' }],
    });
    expect(await db.query(`SELECT 1 FROM users WHERE email = 'jane.doe@example.com'`)).toHaveLength(1);
  });

  it('makes the username unique with a numeric suffix', async () => {
    const res = await register({ ...valid, email: 'jane.doe@another.example' });
    expect(res.status).toBe(201);
    expect(res.body.user.username).toBe('jane.doe2');
  });

  it('tells an invited person that the account is ready', async () => {
    await db.query(
      `INSERT INTO beta_invitations (id, kind, value) VALUES (gen_random_uuid(), 'domain', 'invited.example')`,
    );
    const res = await register({ ...valid, email: 'sam@invited.example' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(RegistrationMessages.accountReady);
  });

  it('delivers user-registered even when the broker was unreachable for the relay at registration time', async () => {
    const collector = await collectEvents(t.env.amqpUrl, t.env.exchange, ['user-registered']);
    const relay = t.app.get(OutboxRelay);
    try {
      await t.broker.cut('relay');
      expect(relay.connected).toBe(false);
      const res = await register({ ...valid, email: 'outage@example.com', firstName: 'Otto' });
      expect(res.status).toBe(201);
      // The relay's drained state while the broker is unreachable: a drain ran and confirmed nothing.
      expect(await relay.drain()).toBe(0);
      expect(collector.received).toHaveLength(0);
      const [row] = await db.query(
        `SELECT sent_at FROM outbox_events WHERE payload->'data'->>'email' = 'outage@example.com'`,
      );
      expect(row.sent_at).toBeNull();

      t.broker.restore();
      await waitFor(() => collector.received.length === 1, 20_000, 'user-registered');
      const [event] = collector.received;
      expect(event).toMatchObject({
        type: 'user-registered',
        source: 'svc-identity',
        id: expect.any(String),
        occurredAt: expect.any(String),
      });
      expect(event.data as UserRegisteredData).toEqual({
        userId: res.body.user.id,
        email: 'outage@example.com',
        firstName: 'Otto',
        lastName: 'Doe',
        role: 'pilot',
        companyName: null,
        aircraftProfileName: null,
        invited: false,
      });
      expect(relay.connected).toBe(true);
    } finally {
      t.broker.restore();
      await collector.close();
    }
  });

  it('writes the event in the same transaction as the user (no user, no event)', async () => {
    const users = Number((await db.query('SELECT count(*) FROM users'))[0].count);
    const events = Number(
      (await db.query(`SELECT count(*) FROM outbox_events WHERE type = 'user-registered'`))[0].count,
    );
    expect(events).toBe(users);
  });

  describe('internal identity', () => {
    it('refuses a call without the signed identity header', async () => {
      const res = await t.http().post(REGISTER).send(valid);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: 'Unauthorized',
        details: [{ message: 'Missing or invalid internal identity' }],
      });
    });

    it('refuses an identity signed with the wrong key', async () => {
      const forged = signIdentity({ caller: 'gateway' }, TEST_KEYS.privateKey('svc-quotes'), {
        service: 'identity',
        method: 'POST',
        path: REGISTER,
      });
      const res = await t
        .http()
        .post(REGISTER)
        .set(IDENTITY_HEADER, forged)
        .send({ ...valid, email: 'forged@example.com' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: 'Unauthorized',
        details: [{ message: 'Missing or invalid internal identity' }],
      });
      expect(await db.query(`SELECT 1 FROM users WHERE email = 'forged@example.com'`)).toHaveLength(0);
    });

    it('refuses a tampered identity', async () => {
      const [payload, signature] = signIdentity({ caller: 'svc-quotes' }, TEST_KEYS.privateKey('svc-quotes'), {
        service: 'identity',
        method: 'POST',
        path: REGISTER,
      }).split('.');
      const changed = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), caller: 'gateway' }),
      ).toString('base64url');
      const res = await t.http().post(REGISTER).set(IDENTITY_HEADER, `${changed}.${signature}`).send(valid);
      expect(res.status).toBe(401);
    });

    it('refuses a correctly signed caller other than the gateway with 403', async () => {
      const res = await t.http().post(REGISTER).use(t.asCaller('svc-quotes')).send(valid);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Forbidden' });
    });
  });
});
