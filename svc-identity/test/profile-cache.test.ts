import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Routes } from '@rampquote/contracts';
import { pgPoolOf } from '@rampquote/service-kit';
import { countNamedQueries, servedFromMemory as firstServedFromMemory, waitFor } from '@rampquote/service-kit/testing';
import { ProfileCache } from '../src/profile/profile-cache';
import { startIdentity, type IdentityTestApp } from './support/identity-app';

const PROFILE = Routes.user.profile;

/**
 * Each replica keeps what a user's profile is read from (ProfileCache) until the database announces a change of the
 * user's row or subscription copy. Two replicas on one fresh database (its own, so that the TRUNCATE below touches
 * no other test).
 */
describe("each replica's profile, kept until the database announces a change (real PostgreSQL)", () => {
  let t: IdentityTestApp;
  let db: DataSource;
  const replicas: { app: NestExpressApplication; loads: () => number }[] = [];

  beforeAll(async () => {
    t = await startIdentity();
    db = t.app.get(DataSource);
    const other = await t.startSibling();
    for (const app of [t.app, other])
      replicas.push({ app, loads: countNamedQueries(pgPoolOf(app.get(DataSource))!, 'identity_profile_get') });
    await waitFor(
      () => replicas.every((r) => r.app.get(ProfileCache).enabled),
      10_000,
      'both replicas to listen for profile changes',
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  async function pilot() {
    const email = `cached-${randomUUID().slice(0, 8)}@example.com`;
    const res = await t
      .http()
      .post(Routes.auth.register)
      .use(t.asGateway())
      .send({ firstName: 'Kim', lastName: 'Cache', email, password: 'Str0ng#Pass' });
    expect(res.status).toBe(201);
    return { id: res.body.user.id as string, email, role: 'pilot' as const };
  }
  type Pilot = Awaited<ReturnType<typeof pilot>>;
  const read = (replica: number, user: Pilot) =>
    request(replicas[replica]!.app.getHttpServer()).get(PROFILE).use(t.asGateway(user));

  /** The next profile answer of `replica` that ran no query (served from memory). */
  const servedFromMemory = (replica: number, user: Pilot) =>
    firstServedFromMemory(replicas[replica]!.loads, () => read(replica, user));

  it('answers a repeated read from memory exactly like the first (no query)', async () => {
    const user = await pilot();
    const first = await read(0, user);
    const repeat = await servedFromMemory(0, user);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: user.id, firstName: 'Kim', hasActiveSubscription: false });
    expect({ status: repeat.status, body: repeat.body }).toEqual({ status: first.status, body: first.body });
  });

  it("shows this replica's own change at once, and the other replica's on its next reads", async () => {
    const user = await pilot();
    await servedFromMemory(0, user);
    await servedFromMemory(1, user);
    const patched = await t.http().patch(PROFILE).use(t.asGateway(user)).send({ jobTitle: 'Chief Pilot' });
    expect(patched.status).toBe(200);
    expect((await read(0, user)).body.jobTitle).toBe('Chief Pilot');
    await waitFor(
      async () => (await read(1, user)).body.jobTitle === 'Chief Pilot',
      5_000,
      "the other replica's profile to show the new job title",
    );
  });

  it('shows a change made straight in the database: the user row, the subscription copy, a TRUNCATE', async () => {
    const user = await pilot();
    await servedFromMemory(0, user);
    await db.query(`UPDATE users SET first_name = 'Kimberly' WHERE id = $1`, [user.id]);
    await waitFor(
      async () => (await read(0, user)).body.firstName === 'Kimberly',
      5_000,
      'the profile to show the first name changed in the database',
    );

    await servedFromMemory(0, user);
    await db.query(
      `INSERT INTO user_subscriptions (user_id, subscription_id, plan_id, plan_name, status, active, current_period_end, cancel_at_period_end, revision, updated_at)
       VALUES ($1, 'sub_cache', 'pro', 'Pro', 'active', true, '2030-01-01T00:00:00Z', false, 1, now())`,
      [user.id],
    );
    await waitFor(
      async () => (await read(0, user)).body.subscriptionPlanName === 'Pro',
      5_000,
      'the profile to show the subscription copy',
    );

    await servedFromMemory(0, user);
    await db.query('TRUNCATE user_subscriptions');
    await waitFor(
      async () => (await read(0, user)).body.hasActiveSubscription === false,
      5_000,
      'the profile to show no subscription after the TRUNCATE',
    );
  });
});
