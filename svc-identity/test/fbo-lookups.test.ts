import { DataSource } from 'typeorm';
import { Routes } from '@rampquote/contracts';
import { startIdentity, type IdentityTestApp } from './support/identity-app';

describe("svc-airports' look-ups for FBO members (real PostgreSQL and RabbitMQ)", () => {
  let t: IdentityTestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await startIdentity();
    db = t.app.get(DataSource);
    const res = await t.http().post(Routes.auth.register).use(t.asGateway()).send({
      firstName: 'Frida',
      lastName: 'Desk',
      email: 'frida@desk.example',
      password: 'Str0ng#Pass',
      role: 'fbo',
    });
    expect(res.status).toBe(201);
  });
  afterAll(() => t?.close());

  it('finds the account of an e-mail (any letter case) for svc-airports, and 404 for an unknown one', async () => {
    const found = await t
      .http()
      .post(Routes.internal.userLookup)
      .use(t.asCaller('svc-airports'))
      .send({ email: ' Frida@Desk.example ' });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ email: 'frida@desk.example', firstName: 'Frida', role: 'fbo' });
    const unknown = await t
      .http()
      .post(Routes.internal.userLookup)
      .use(t.asCaller('svc-airports'))
      .send({ email: 'nobody@desk.example' });
    expect(unknown.status).toBe(404);
  });

  it('answers only svc-airports: the gateway and other services get 403', async () => {
    for (const caller of ['gateway', 'svc-quotes']) {
      const res = await t
        .http()
        .post(Routes.internal.userLookup)
        .use(t.asCaller(caller))
        .send({ email: 'frida@desk.example' });
      expect(res.status).toBe(403);
      const invite = await t
        .http()
        .post(Routes.internal.invite)
        .use(t.asCaller(caller))
        .send({ email: 'x@desk.example' });
      expect(invite.status).toBe(403);
    }
  });

  it('invites an e-mail to register through the beta invitation list, twice without error', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t
        .http()
        .post(Routes.internal.invite)
        .use(t.asCaller('svc-airports'))
        .send({ email: 'New.Staff@Desk.example' });
      expect(res.status).toBe(201);
    }
    expect(await db.query(`SELECT kind, value FROM beta_invitations WHERE value = 'new.staff@desk.example'`)).toEqual([
      { kind: 'email', value: 'new.staff@desk.example' },
    ]);
  });
});
