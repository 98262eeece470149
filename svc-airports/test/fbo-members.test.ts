import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import {
  EventTypes,
  FboMemberMessages,
  Routes,
  type FboMembershipChangedData,
  type InternalIdentity,
  type UserDto,
} from '@rampquote/contracts';
import { collectEvents, signedAs, startMailCatcher, waitFor, type MailCatcher } from '@rampquote/service-kit/testing';
import { service } from '../src/service';
import { DevSeedService } from '../src/seed/dev-seed.service';
import { startAirports, type AirportsTestApp } from './support/airports-app';

type User = NonNullable<InternalIdentity['user']>;

/** svc-identity's two calls as svc-airports makes them: the accounts it knows, the invitations it was asked for. */
class IdentityStub {
  readonly users = new Map<string, UserDto>();
  readonly invited: string[] = [];
  readonly callers: string[] = [];
  private server?: Server;

  add(firstName: string, role: UserDto['role'] = 'fbo'): User {
    const id = randomUUID();
    const email = `${firstName.toLowerCase()}-${id.slice(0, 6)}@desk.example`;
    this.users.set(email, { id, email, role, firstName, lastName: 'Desk', username: email, companyName: null });
    return { id, email, role };
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        this.callers.push(String(req.headers['x-rampquote-identity'] ? 'signed' : 'unsigned'));
        const { email } = JSON.parse(raw || '{}') as { email: string };
        const answer = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (req.url === Routes.internal.userLookup) {
          const user = this.users.get(email);
          return user ? answer(200, user) : answer(404, { error: 'User not found' });
        }
        if (req.url === Routes.internal.invite) {
          this.invited.push(email);
          return answer(201, { invited: true });
        }
        answer(404, { error: 'Not found' });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

describe('FBO members, claims and teams (real PostgreSQL, RabbitMQ and mail catcher)', () => {
  let t: AirportsTestApp;
  let db: DataSource;
  let mail: MailCatcher;
  const identity = new IdentityStub();
  const admin: User = { id: randomUUID(), email: 'admin@rampquote.example', role: 'admin' };
  let fboA: string;
  let fboB: string;
  let noAddress: string;

  beforeAll(async () => {
    mail = await startMailCatcher();
    const identityUrl = await identity.start();
    t = await startAirports({ IDENTITY_URL: identityUrl, SMTP_URL: mail.smtpUrl, PUBLIC_URL: 'http://rampquote.test' });
    db = t.app.get(DataSource);
    const [airport] = await db.query(
      `INSERT INTO airports (identifier, code, name, city, state) VALUES ('KBFI', 'BFI', 'Boeing Field', 'Seattle', 'WA')
       RETURNING id`,
    );
    const fbo = async (name: string, email: string) =>
      (
        await db.query(
          `INSERT INTO fbos (airport_id, name, email, phone) VALUES ($1, $2, $3, '+1 206 555 0100') RETURNING id`,
          [airport.id, name, email],
        )
      )[0].id as string;
    fboA = await fbo('Alpha Jet Center', 'frontdesk@alpha.example');
    fboB = await fbo('Bravo Aviation', 'ops@bravo.example');
    noAddress = await fbo('Charlie Ramp', '');
  });
  afterAll(async () => {
    await t?.close();
    mail?.close();
    await identity.stop();
  });

  const as = (user?: User) => signedAs({ caller: 'gateway', ...(user ? { user } : {}) }, service.name);
  const asQuotes = () => signedAs({ caller: 'svc-quotes' }, service.name);
  const memberRows = (fboId: string) =>
    db.query(`SELECT user_id, role, added_by FROM fbo_members WHERE fbo_id = $1 ORDER BY role, email`, [fboId]);
  const addAsAdmin = (fboId: string, email: string, role = 'staff') =>
    t.http().post(Routes.admin.fboMembers(fboId)).use(as(admin)).send({ email, role });
  const linkOf = async (to: string) => {
    const found = await waitFor(async () => (await mail.all()).filter((m) => m.to.some((r) => r.address === to)).pop());
    const match = /\/fbo-portal\/claim\/([A-Za-z0-9_-]+)/.exec(found!.text);
    return { mail: found!, token: match![1] };
  };

  describe('admin members (GET/POST/DELETE /api/admin/fbos/{id}/members)', () => {
    it('adds a registered user by e-mail with who and when, lists them, and publishes fbo-membership-changed', async () => {
      const events = await collectEvents(t.config.AMQP_URL, t.config.EVENTS_EXCHANGE, [
        EventTypes.fboMembershipChanged,
      ]);
      const frida = identity.add('Frida');
      const res = await addAsAdmin(fboA, frida.email.toUpperCase(), 'manager');
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        status: 'added',
        member: {
          userId: frida.id,
          email: frida.email,
          name: 'Frida Desk',
          role: 'manager',
          addedBy: admin.id,
          addedAt: expect.any(String),
        },
      });
      const list = await t.http().get(Routes.admin.fboMembers(fboA)).use(as(admin));
      expect(list.status).toBe(200);
      expect(list.body.fbo).toEqual({ id: fboA, name: 'Alpha Jet Center' });
      expect(list.body.members.map((m: { userId: string }) => m.userId)).toEqual([frida.id]);
      const event = await waitFor(() =>
        events.received.find((e) => (e.data as FboMembershipChangedData).userId === frida.id),
      );
      expect(event!.data).toEqual({
        fboId: fboA,
        fboName: 'Alpha Jet Center',
        userId: frida.id,
        change: 'added',
        role: 'manager',
        byUserId: admin.id,
      });
      await events.close();
      expect((await addAsAdmin(fboA, frida.email)).status).toBe(409);
    });

    it('invites an e-mail without an account to register, and makes nobody a member', async () => {
      const res = await addAsAdmin(fboB, 'new.hire@bravo.example');
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        status: 'invited',
        email: 'new.hire@bravo.example',
        message: FboMemberMessages.invited('new.hire@bravo.example'),
      });
      expect(identity.invited).toContain('new.hire@bravo.example');
      expect(await memberRows(fboB)).toEqual([]);
    });

    it('removes a member (also the last manager: an admin may), 404 for a non-member or unknown FBO', async () => {
      const gus = identity.add('Gus');
      await addAsAdmin(fboB, gus.email, 'manager');
      expect((await t.http().delete(Routes.admin.fboMember(fboB, gus.id)).use(as(admin))).status).toBe(204);
      expect(await memberRows(fboB)).toEqual([]);
      expect((await t.http().delete(Routes.admin.fboMember(fboB, gus.id)).use(as(admin))).status).toBe(404);
      expect((await t.http().get(Routes.admin.fboMembers(randomUUID())).use(as(admin))).status).toBe(404);
    });

    it('refuses pilots and FBO users (403), visitors (401), and a bad e-mail with the field message', async () => {
      const pilot = identity.add('Pia', 'pilot');
      expect((await t.http().get(Routes.admin.fboMembers(fboA)).use(as(pilot))).status).toBe(403);
      expect((await t.http().post(Routes.admin.fboMembers(fboA)).use(as()).send({ email: pilot.email })).status).toBe(
        401,
      );
      const bad = await t.http().post(Routes.admin.fboMembers(fboA)).use(as(admin)).send({ email: 'not-an-address' });
      expect(bad.status).toBe(400);
      expect(bad.body.details[0].message).toBe('Please enter a valid email address');
    });
  });

  describe('claims (POST /api/fbo-claims, POST /api/fbo-claims/{token}/confirm)', () => {
    it("mails a one-time link only to the FBO's listed address, stores only its hash, and makes the claimant manager", async () => {
      const claimant = identity.add('Clara');
      const res = await t.http().post(Routes.fboClaims.root).use(as(claimant)).send({ fboId: fboB });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        message: "We sent a link to the FBO's listed address",
        fbo: { id: fboB, name: 'Bravo Aviation' },
      });
      const { mail: sent, token } = await linkOf('ops@bravo.example');
      expect(sent.to.map((r) => r.address)).toEqual(['ops@bravo.example']);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      const [stored] = await db.query(
        `SELECT token_hash, extract(epoch FROM expires_at - created_at)::int AS ttl FROM fbo_claims WHERE user_id = $1`,
        [claimant.id],
      );
      expect(stored.token_hash).not.toContain(token);
      expect(stored.token_hash).toHaveLength(64);
      expect(stored.ttl).toBe(24 * 60 * 60);
      const confirmed = await t.http().post(Routes.fboClaims.confirm(token)).use(as(claimant));
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({
        membership: {
          fboId: fboB,
          fboName: 'Bravo Aviation',
          airport: { identifier: 'KBFI', name: 'Boeing Field' },
          role: 'manager',
        },
      });
      expect(await memberRows(fboB)).toEqual([{ user_id: claimant.id, role: 'manager', added_by: null }]);
      const again = await t.http().post(Routes.fboClaims.confirm(token)).use(as(claimant));
      expect(again.status).toBe(410);
      expect(again.body.error).toBe(FboMemberMessages.claimUsed);
    });

    it('refuses the link to another signed-in user with 403 "This link was sent for another account", nothing changes', async () => {
      const claimant = identity.add('Otto');
      const intruder = identity.add('Ivan');
      await t.http().post(Routes.fboClaims.root).use(as(claimant)).send({ fboId: fboA }).expect(201);
      const { token } = await linkOf('frontdesk@alpha.example');
      const before = await memberRows(fboA);
      const res = await t.http().post(Routes.fboClaims.confirm(token)).use(as(intruder));
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('This link was sent for another account');
      expect(await memberRows(fboA)).toEqual(before);
      // The rightful claimant can still use it.
      expect((await t.http().post(Routes.fboClaims.confirm(token)).use(as(claimant))).status).toBe(200);
    });

    it('answers an expired link 410 with a message and an unknown one 404', async () => {
      const claimant = identity.add('Eve');
      await t.http().post(Routes.fboClaims.root).use(as(claimant)).send({ fboId: fboA }).expect(201);
      const { token } = await linkOf('frontdesk@alpha.example').then(async () => {
        const all = (await mail.all()).filter((m) => m.text.includes(claimant.email));
        return { token: /\/fbo-portal\/claim\/([A-Za-z0-9_-]+)/.exec(all.pop()!.text)![1] };
      });
      await db.query(`UPDATE fbo_claims SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
        claimant.id,
      ]);
      const res = await t.http().post(Routes.fboClaims.confirm(token)).use(as(claimant));
      expect(res.status).toBe(410);
      expect(res.body.error).toBe(FboMemberMessages.claimExpired);
      expect(
        (
          await t
            .http()
            .post(Routes.fboClaims.confirm('x'.repeat(43)))
            .use(as(claimant))
        ).status,
      ).toBe(404);
    });

    it('answers 409 "Ask RampQuote support to verify this FBO" for an FBO without a listed address, and mails nothing', async () => {
      const claimant = identity.add('Nora');
      const mails = (await mail.all()).length;
      const res = await t.http().post(Routes.fboClaims.root).use(as(claimant)).send({ fboId: noAddress });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('Ask RampQuote support to verify this FBO');
      expect((await mail.all()).length).toBe(mails);
      expect(await db.query(`SELECT 1 FROM fbo_claims WHERE user_id = $1`, [claimant.id])).toEqual([]);
    });

    it('mails at most 5 claim links per user an hour: the sixth is 429 and mails nothing', async () => {
      const eager = identity.add('Eager');
      for (let i = 0; i < 5; i++)
        await t.http().post(Routes.fboClaims.root).use(as(eager)).send({ fboId: fboA }).expect(201);
      await waitFor(
        async () => (await mail.all()).filter((m) => m.text.includes(eager.email)).length === 5 || undefined,
      );
      const sixth = await t.http().post(Routes.fboClaims.root).use(as(eager)).send({ fboId: fboA });
      expect(sixth.status).toBe(429);
      expect(sixth.body.error).toBe('Too many claim links. Please wait an hour and try again.');
      expect(await db.query(`SELECT count(*)::int AS n FROM fbo_claims WHERE user_id = $1`, [eager.id])).toEqual([
        { n: 5 },
      ]);
    });

    it('refuses visitors (401) and an unknown FBO (404)', async () => {
      expect((await t.http().post(Routes.fboClaims.root).use(as()).send({ fboId: fboA })).status).toBe(401);
      const res = await t
        .http()
        .post(Routes.fboClaims.root)
        .use(as(identity.add('Uma')))
        .send({ fboId: randomUUID() });
      expect(res.status).toBe(404);
    });
  });

  describe("a manager's team (/api/fbo/{id}/members) and the user's FBOs", () => {
    let manager: User;
    let staff: User;
    let team: string;

    beforeAll(async () => {
      const [{ id }] = await db.query(
        `INSERT INTO fbos (airport_id, name, email) SELECT airport_id, 'Delta Team FBO', 'delta@delta.example' FROM fbos WHERE id = $1 RETURNING id`,
        [fboA],
      );
      team = id;
      manager = identity.add('Mona');
      staff = identity.add('Sam');
      await addAsAdmin(team, manager.email, 'manager').expect(201);
    });

    it('lets the manager add staff by e-mail and lists the team to its members only', async () => {
      const res = await t.http().post(Routes.fboTeam.members(team)).use(as(manager)).send({ email: staff.email });
      expect(res.status).toBe(201);
      expect(res.body.member).toMatchObject({ userId: staff.id, role: 'staff', addedBy: manager.id });
      const list = await t.http().get(Routes.fboTeam.members(team)).use(as(staff));
      expect(list.status).toBe(200);
      expect(list.body.members.map((m: { email: string }) => m.email).sort()).toEqual(
        [manager.email, staff.email].sort(),
      );
      expect(
        (
          await t
            .http()
            .get(Routes.fboTeam.members(team))
            .use(as(identity.add('Zed')))
        ).status,
      ).toBe(404);
    });

    it("refuses a manager's unknown e-mail with 404 and its message (only admins invite)", async () => {
      const res = await t
        .http()
        .post(Routes.fboTeam.members(team))
        .use(as(manager))
        .send({ email: 'ghost@delta.example' });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(FboMemberMessages.noAccount('ghost@delta.example'));
    });

    it('refuses staff adding or removing members with 403, and a member of another FBO with 404', async () => {
      const other = identity.add('Olga');
      const add = await t.http().post(Routes.fboTeam.members(team)).use(as(staff)).send({ email: other.email });
      expect(add.status).toBe(403);
      expect(add.body.error).toBe(FboMemberMessages.managersOnly);
      expect((await t.http().delete(Routes.fboTeam.member(team, manager.id)).use(as(staff))).status).toBe(403);
      const outsider = identity.add('Bruno');
      await addAsAdmin(fboB, outsider.email, 'manager').expect(201);
      expect(
        (await t.http().post(Routes.fboTeam.members(team)).use(as(outsider)).send({ email: other.email })).status,
      ).toBe(404);
      expect((await memberRows(team)).length).toBe(2);
    });

    it("answers an admin who is not a member 404 on the team's routes (admins use the Admin Dashboard's)", async () => {
      expect((await t.http().get(Routes.fboTeam.members(team)).use(as(admin))).status).toBe(404);
      const add = await t.http().post(Routes.fboTeam.members(team)).use(as(admin)).send({ email: manager.email });
      expect(add.status).toBe(404);
    });

    it('refuses removing the last manager with 409, allows removing staff', async () => {
      const last = await t.http().delete(Routes.fboTeam.member(team, manager.id)).use(as(manager));
      expect(last.status).toBe(409);
      expect(last.body.error).toBe(FboMemberMessages.lastManager);
      expect((await t.http().delete(Routes.fboTeam.member(team, staff.id)).use(as(manager))).status).toBe(204);
      expect((await memberRows(team)).map((r: { user_id: string }) => r.user_id)).toEqual([manager.id]);
    });

    it('lists the FBOs a user belongs to (several), for the user and for svc-quotes only', async () => {
      await addAsAdmin(fboB, manager.email, 'staff').expect(201);
      const mine = await t.http().get(Routes.fboTeam.memberships).use(as(manager));
      expect(mine.status).toBe(200);
      expect(mine.body.memberships.map((m: { fboName: string; role: string }) => [m.fboName, m.role])).toEqual([
        ['Bravo Aviation', 'staff'],
        ['Delta Team FBO', 'manager'],
      ]);
      const internal = await t.http().get(Routes.internal.fboMemberships(manager.id)).use(asQuotes());
      expect(internal.body).toEqual(mine.body);
      expect((await t.http().get(Routes.internal.fboMemberships(manager.id)).use(as(manager))).status).toBe(403);
      expect(
        (
          await t
            .http()
            .get(Routes.fboTeam.memberships)
            .use(as(identity.add('Nemo')))
        ).body,
      ).toEqual({ memberships: [] });
    });
  });

  describe('the public FBO list and the internal one', () => {
    it('answers no e-mail address publicly; svc-quotes reads the addresses over its signed call', async () => {
      const pub = await t.http().get(Routes.airports.fbos('KBFI')).use(as());
      expect(pub.status).toBe(200);
      expect(JSON.stringify(pub.body)).not.toContain('@');
      const internal = await t.http().get(Routes.internal.airportFboContacts('KBFI')).use(asQuotes());
      expect(internal.status).toBe(200);
      expect(internal.body.fbos.find((f: { id: string }) => f.id === fboA).email).toBe('frontdesk@alpha.example');
      expect((await t.http().get(Routes.internal.airportFboContacts('KBFI')).use(as())).status).toBe(403);
    });
  });

  it('makes the seeded demo FBO account the manager of its demo FBO (development seed)', async () => {
    const seed = t.app.get(DevSeedService);
    await db.query(
      `INSERT INTO airports (identifier, code, name) VALUES ('KSEA', 'SEA', 'Seattle-Tacoma') ON CONFLICT DO NOTHING`,
    );
    await seed.seedDemoFbos();
    const demo: UserDto = {
      id: randomUUID(),
      email: 'demo-fbo-ksea-1@example.com',
      role: 'fbo',
      firstName: 'Seattle',
      lastName: 'Jet Center',
      username: 'demo',
      companyName: null,
    };
    identity.users.set(demo.email, demo);
    expect(await seed.seedDemoMembership(1)).toBe(true);
    expect(await seed.seedDemoMembership(1)).toBe(false);
    const [row] = await db.query(
      `SELECT f.name, m.role FROM fbo_members m JOIN fbos f ON f.id = m.fbo_id WHERE m.user_id = $1`,
      [demo.id],
    );
    expect(row).toEqual({ name: 'Demo FBO Seattle Jet Center', role: 'manager' });
  });
});
