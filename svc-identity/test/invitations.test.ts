import { DataSource } from 'typeorm';
import { ApiRoutes, IDENTITY_HEADER, type UserRole } from '@rampquote/contracts';
import { signIdentity } from '@rampquote/service-kit';
import { startMailCatcher, type MailCatcher } from '@rampquote/service-kit';
import { sleep } from '@rampquote/service-kit';
import { startIdentity, type IdentityTestApp } from './support/identity-app';

const INVITES = ApiRoutes.admin.invites;
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
      const res = await t.http().post(ApiRoutes.auth.register).set(t.asGateway()).send({ firstName: 'Wendy', lastName: 'Wait', email, password: PASSWORD });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await t?.close();
    mail?.close();
  });

  const as = (role: UserRole) => ({
    [IDENTITY_HEADER]: signIdentity({ caller: 'gateway', user: { id: '00000000-0000-4000-8000-000000000001', email: `${role}@example.com`, role } }, t.config.INTERNAL_SECRET),
  });
  const admin = () => as('admin');
  const mayLogIn = async (email: string) =>
    (await t.http().post('/internal/credentials/verify').set(t.asGateway()).send({ email, password: PASSWORD })).body.ok === true;

  it('refuses pilots and fbo users with 403 Forbidden and anonymous callers with 401', async () => {
    for (const role of ['pilot', 'fbo'] as const) {
      expect((await t.http().get(INVITES).set(as(role))).body).toEqual({ error: 'Forbidden' });
      const post = await t.http().post(INVITES).set(as(role)).send({ value: 'x@example.com' });
      expect(post.status).toBe(403);
      expect(post.body).toEqual({ error: 'Forbidden' });
      expect((await t.http().delete(`${INVITES}/00000000-0000-4000-8000-000000000009`).set(as(role))).status).toBe(403);
    }
    expect((await t.http().get(INVITES).set(t.asGateway())).status).toBe(401);
    expect(await db.query('SELECT 1 FROM beta_invitations')).toHaveLength(0);
  });

  it.each(['', 'not an address', 'x@', '@', 'example', 'a@b', 'foo@bar..com'])('refuses %j with the field message', async (value) => {
    const res = await t.http().post(INVITES).set(admin()).send({ value });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Invalid request data',
      details: [{ field: 'value', message: 'Enter an e-mail address or a domain such as example.com' }],
    });
  });

  it('invites an e-mail (lowercased) with 201 and lists it', async () => {
    const res = await t.http().post(INVITES).set(admin()).send({ value: ' New.Person@Example.com ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), kind: 'email', value: 'new.person@example.com', createdAt: expect.any(String) });
    const list = await t.http().get(INVITES).set(admin());
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ invites: [res.body] });
  });

  it('answers 409 Already invited for the same value in any case', async () => {
    const res = await t.http().post(INVITES).set(admin()).send({ value: 'NEW.PERSON@example.com' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Already invited' });
  });

  it('accepts a domain with or without @ and lists newest first', async () => {
    const a = await t.http().post(INVITES).set(admin()).send({ value: '@Partner.example' });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ kind: 'domain', value: 'partner.example' });
    await sleep(5);
    const b = await t.http().post(INVITES).set(admin()).send({ value: 'other.example' });
    expect(b.body).toMatchObject({ kind: 'domain', value: 'other.example' });
    expect((await t.http().post(INVITES).set(admin()).send({ value: 'partner.example' })).status).toBe(409);
    const list = (await t.http().get(INVITES).set(admin())).body.invites.map((i: { value: string }) => i.value);
    expect(list).toEqual(['other.example', 'partner.example', 'new.person@example.com']);
  });

  it('lets a registered user in once their e-mail is invited, and mails them that access is open', async () => {
    expect(await mayLogIn('waiting@example.com')).toBe(false);
    const res = await t.http().post(INVITES).set(admin()).send({ value: 'waiting@example.com' });
    expect(res.status).toBe(201);
    expect(await mayLogIn('waiting@example.com')).toBe(true);
    const message = await mail.waitFor('waiting@example.com', 'Your RampQuote access is open');
    expect(message.text).toContain('Hello Wendy');
    expect(message.text).toContain('/login');
  });

  it('mails every registered user of an invited domain once, and nobody for a domain without users', async () => {
    await t.http().post(INVITES).set(admin()).send({ value: 'crew1@fleet.example' });
    await mail.waitFor('crew1@fleet.example', 'Your RampQuote access is open');
    const res = await t.http().post(INVITES).set(admin()).send({ value: 'fleet.example' });
    expect(res.status).toBe(201);
    await mail.waitFor('crew2@fleet.example', 'Your RampQuote access is open');
    await sleep(500);
    const mails = await mail.all();
    // crew1 was already invited by e-mail: no second mail. Nothing for the earlier invitations without users.
    expect(mails.filter((m) => m.to[0].address === 'crew1@fleet.example')).toHaveLength(1);
    expect(mails.map((m) => m.to[0].address).sort()).toEqual(['crew1@fleet.example', 'crew2@fleet.example', 'waiting@example.com']);
  });

  it('removes an invitation with 204 (the user can no longer log in) and answers 404 for an unknown id', async () => {
    const { invites } = (await t.http().get(INVITES).set(admin())).body as { invites: { id: string; value: string }[] };
    const target = invites.find((i) => i.value === 'waiting@example.com')!;
    const res = await t.http().delete(`${INVITES}/${target.id}`).set(admin());
    expect(res.status).toBe(204);
    expect(await mayLogIn('waiting@example.com')).toBe(false);
    const again = await t.http().delete(`${INVITES}/${target.id}`).set(admin());
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'Invite not found' });
    expect((await t.http().delete(`${INVITES}/not-a-uuid`).set(admin())).status).toBe(404);
  });
});
