import { DataSource } from 'typeorm';
import {
  Routes,
  EventTypes,
  type BetaAccessGrantedData,
  type UserAccessChangedData,
  type UserRole,
} from '@rampquote/contracts';
import { startMailCatcher, type MailCatcher } from '@rampquote/service-kit/testing';
import { collectEvents, ownEventsHandled, sleep, waitFor } from '@rampquote/service-kit/testing';
import { startIdentity, type IdentityTestApp } from './support/identity-app';

const INVITES = Routes.admin.invites;
const PASSWORD = 'Str0ng#Pass';

describe('beta invitations /api/admin/invites (real PostgreSQL, RabbitMQ and mail catcher)', () => {
  let t: IdentityTestApp;
  let db: DataSource;
  let mail: MailCatcher;

  beforeAll(async () => {
    mail = await startMailCatcher();
    t = await startIdentity({ SMTP_URL: mail.smtpUrl });
    db = t.app.get(DataSource);
    for (const email of ['waiting@example.com', 'crew1@fleet.example', 'crew2@fleet.example']) {
      const res = await t
        .http()
        .post(Routes.auth.register)
        .use(t.asGateway())
        .send({ firstName: 'Wendy', lastName: 'Wait', email, password: PASSWORD });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await t?.close();
    mail?.close();
  });

  const as = (role: UserRole) =>
    t.asGateway({ id: '00000000-0000-4000-8000-000000000001', email: `${role}@example.com`, role });
  const admin = () => as('admin');
  const mayLogIn = async (email: string) =>
    (await t.http().post('/internal/credentials/verify').use(t.asGateway()).send({ email, password: PASSWORD })).body
      .ok === true;

  it('refuses pilots and fbo users with 403 Forbidden and anonymous callers with 401', async () => {
    for (const role of ['pilot', 'fbo'] as const) {
      expect((await t.http().get(INVITES).use(as(role))).body).toEqual({ error: 'Forbidden' });
      const post = await t.http().post(INVITES).use(as(role)).send({ value: 'x@example.com' });
      expect(post.status).toBe(403);
      expect(post.body).toEqual({ error: 'Forbidden' });
      expect((await t.http().delete(`${INVITES}/00000000-0000-4000-8000-000000000009`).use(as(role))).status).toBe(403);
    }
    expect((await t.http().get(INVITES).use(t.asGateway())).status).toBe(401);
    expect(await db.query('SELECT 1 FROM beta_invitations')).toHaveLength(0);
  });

  it.each(['', 'not an address', 'x@', '@', 'example', 'a@b', 'foo@bar..com'])(
    'refuses %j with the field message',
    async (value) => {
      const res = await t.http().post(INVITES).use(admin()).send({ value });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'Invalid request data',
        details: [{ field: 'value', message: 'Enter an e-mail address or a domain such as example.com' }],
      });
    },
  );

  it('invites an e-mail (lowercased) with 201 and lists it', async () => {
    const res = await t.http().post(INVITES).use(admin()).send({ value: ' New.Person@Example.com ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      kind: 'email',
      value: 'new.person@example.com',
      createdAt: expect.any(String),
    });
    const list = await t.http().get(INVITES).use(admin());
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ invites: [res.body] });
  });

  it('answers 409 Already invited for the same value in any case', async () => {
    const res = await t.http().post(INVITES).use(admin()).send({ value: 'NEW.PERSON@example.com' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Already invited' });
  });

  it('accepts a domain with or without @ and lists newest first', async () => {
    const a = await t.http().post(INVITES).use(admin()).send({ value: '@Partner.example' });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ kind: 'domain', value: 'partner.example' });
    await sleep(5);
    const b = await t.http().post(INVITES).use(admin()).send({ value: 'other.example' });
    expect(b.body).toMatchObject({ kind: 'domain', value: 'other.example' });
    expect((await t.http().post(INVITES).use(admin()).send({ value: 'partner.example' })).status).toBe(409);
    const list = (await t.http().get(INVITES).use(admin())).body.invites.map((i: { value: string }) => i.value);
    expect(list).toEqual(['other.example', 'partner.example', 'new.person@example.com']);
  });

  it('lets a registered user in once their e-mail is invited, and mails them that access is open', async () => {
    expect(await mayLogIn('waiting@example.com')).toBe(false);
    const res = await t.http().post(INVITES).use(admin()).send({ value: 'waiting@example.com' });
    expect(res.status).toBe(201);
    expect(await mayLogIn('waiting@example.com')).toBe(true);
    const message = await mail.waitFor('waiting@example.com', 'Your RampQuote access is open');
    expect(message.text).toContain('Hello Wendy');
    expect(message.text).toContain('/login');
  });

  it('mails every registered user of an invited domain once, and nobody for a domain without users', async () => {
    await t.http().post(INVITES).use(admin()).send({ value: 'crew1@fleet.example' });
    await mail.waitFor('crew1@fleet.example', 'Your RampQuote access is open');
    const res = await t.http().post(INVITES).use(admin()).send({ value: 'fleet.example' });
    expect(res.status).toBe(201);
    await mail.waitFor('crew2@fleet.example', 'Your RampQuote access is open');
    // Positive signal: every beta-access-granted the invitations wrote is handled (its mail sent), and the catcher
    // shows one mail per event; only then is "no second mail" meaningful.
    const granted = await ownEventsHandled<BetaAccessGrantedData>(db, [EventTypes.betaAccessGranted]);
    expect(granted.map((e) => e.data.email).sort()).toEqual([
      'crew1@fleet.example',
      'crew2@fleet.example',
      'waiting@example.com',
    ]);
    const mails = await waitFor(
      async () => {
        const all = await mail.all();
        return all.length >= granted.length ? all : undefined;
      },
      15_000,
      'one mail per beta-access-granted event',
    );
    // crew1 was already invited by e-mail: no second mail. Nothing for the earlier invitations without users.
    expect(mails.filter((m) => m.to[0].address === 'crew1@fleet.example')).toHaveLength(1);
    expect(mails.map((m) => m.to[0].address).sort()).toEqual([
      'crew1@fleet.example',
      'crew2@fleet.example',
      'waiting@example.com',
    ]);
  });

  it('removes an invitation with 204 (the user can no longer log in) and answers 404 for an unknown id', async () => {
    const { invites } = (await t.http().get(INVITES).use(admin())).body as { invites: { id: string; value: string }[] };
    const target = invites.find((i) => i.value === 'waiting@example.com')!;
    const res = await t.http().delete(`${INVITES}/${target.id}`).use(admin());
    expect(res.status).toBe(204);
    expect(await mayLogIn('waiting@example.com')).toBe(false);
    const again = await t.http().delete(`${INVITES}/${target.id}`).use(admin());
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'Invite not found' });
    expect((await t.http().delete(`${INVITES}/not-a-uuid`).use(admin())).status).toBe(404);
  });

  describe('removing an invitation ends the access it alone gave (user-access-changed)', () => {
    /** Invites `value`; answers the invitation's id. */
    const invite = async (value: string) => {
      const res = await t.http().post(INVITES).use(admin()).send({ value });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    /** Registers `email` (as a pilot; `role` set in the database, as no screen changes roles); answers the user id. */
    const register = async (email: string, role: UserRole = 'pilot') => {
      const res = await t
        .http()
        .post(Routes.auth.register)
        .use(t.asGateway())
        .send({ firstName: 'Rita', lastName: 'Revoked', email, password: PASSWORD });
      expect(res.status).toBe(201);
      if (role !== 'pilot') await db.query('UPDATE users SET role = $2 WHERE id = $1', [res.body.user.id, role]);
      return res.body.user.id as string;
    };
    /** The user-access-changed events in the outbox (written in the removal's transaction) for these users. */
    const outboxFor = async (userIds: string[]): Promise<UserAccessChangedData[]> =>
      (
        await db.query(
          `SELECT payload->'data' AS data FROM outbox_events WHERE type = $1 AND payload->'data'->>'userId' = ANY($2) ORDER BY seq`,
          [EventTypes.userAccessChanged, userIds],
        )
      ).map((r: { data: UserAccessChangedData }) => r.data);

    it('a domain: publishes access-revoked once for each registered non-admin user no other invitation covers', async () => {
      const domainInvite = await invite('revoke.example');
      await invite('kept@revoke.example');
      const only = await register('only@revoke.example');
      const kept = await register('kept@revoke.example');
      const boss = await register('boss@revoke.example', 'admin');
      const elsewhere = await register('someone@elsewhere.example');
      const mine = [only, kept, boss, elsewhere];
      const events = await collectEvents(t.env.amqpUrl, t.env.exchange, [EventTypes.userAccessChanged]);
      try {
        const res = await t
          .http()
          .delete(`${INVITES}/${domainInvite}`)
          .use(t.asGateway({ id: boss, email: 'boss@revoke.example', role: 'admin' }));
        expect(res.status).toBe(204);
        expect(await outboxFor(mine)).toEqual([{ userId: only, change: 'access-revoked' }]);
        await waitFor(
          () => events.received.some((e) => (e.data as UserAccessChangedData).userId === only),
          15_000,
          'access-revoked published',
        );
        expect(
          events.received
            .filter((e) => mine.includes((e.data as UserAccessChangedData).userId))
            .map((e) => [e.type, e.source, e.data]),
        ).toEqual([[EventTypes.userAccessChanged, 'svc-identity', { userId: only, change: 'access-revoked' }]]);
      } finally {
        await events.close();
      }
      expect(await mayLogIn('only@revoke.example')).toBe(false);
      expect(await mayLogIn('kept@revoke.example')).toBe(true);
    });

    it('an e-mail: revokes that user, unless a domain invitation still covers them', async () => {
      const alone = await invite('alone@single.example');
      const covered = await invite('covered@both.example');
      await invite('both.example');
      const aloneId = await register('alone@single.example');
      const coveredId = await register('covered@both.example');
      expect((await t.http().delete(`${INVITES}/${alone}`).use(admin())).status).toBe(204);
      expect((await t.http().delete(`${INVITES}/${covered}`).use(admin())).status).toBe(204);
      expect(await outboxFor([aloneId, coveredId])).toEqual([{ userId: aloneId, change: 'access-revoked' }]);
      expect(await mayLogIn('alone@single.example')).toBe(false);
      expect(await mayLogIn('covered@both.example')).toBe(true);
    });

    it('an unknown id publishes nothing', async () => {
      const before = await db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = $1`, [
        EventTypes.userAccessChanged,
      ]);
      expect((await t.http().delete(`${INVITES}/00000000-0000-4000-8000-0000000000aa`).use(admin())).status).toBe(404);
      expect(
        await db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = $1`, [EventTypes.userAccessChanged]),
      ).toEqual(before);
    });
  });
});

describe('removing an invitation while the beta is open (BETA_OPEN=true)', () => {
  let t: IdentityTestApp;

  beforeAll(async () => {
    t = await startIdentity({ BETA_OPEN: 'true' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('revokes nobody: everyone may still log in', async () => {
    const admin = t.asGateway({
      id: '00000000-0000-4000-8000-000000000001',
      email: 'admin@example.com',
      role: 'admin',
    });
    const created = await t.http().post(INVITES).use(admin).send({ value: 'open.example' });
    expect(created.status).toBe(201);
    const res = await t
      .http()
      .post(Routes.auth.register)
      .use(t.asGateway())
      .send({ firstName: 'Olive', lastName: 'Open', email: 'olive@open.example', password: PASSWORD });
    expect(res.status).toBe(201);
    expect((await t.http().delete(`${INVITES}/${created.body.id}`).use(admin)).status).toBe(204);
    const db = t.app.get(DataSource);
    expect(await db.query(`SELECT 1 FROM outbox_events WHERE type = $1`, [EventTypes.userAccessChanged])).toHaveLength(
      0,
    );
    const login = await t
      .http()
      .post('/internal/credentials/verify')
      .use(t.asGateway())
      .send({ email: 'olive@open.example', password: PASSWORD });
    expect(login.body.ok).toBe(true);
  });
});
