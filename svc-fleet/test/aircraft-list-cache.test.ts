import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { pgPoolOf } from '@rampquote/service-kit';
import { countNamedQueries, servedFromMemory as firstServedFromMemory, waitFor } from '@rampquote/service-kit/testing';
import { AircraftListCache } from '../src/aircraft/aircraft-list-cache';
import { newUserId, startFleet, type FleetTestApp } from './support/fleet-app';

/**
 * Each replica keeps a user's aircraft list in memory (AircraftListCache) until the database announces a change of
 * that user's aircraft. Two replicas on one fresh database (its own, so that the TRUNCATE below touches no other test).
 */
describe("each replica's aircraft list, kept until the database announces a change (real PostgreSQL)", () => {
  let t: FleetTestApp;
  let db: DataSource;
  let other: NestExpressApplication;
  const replicas: { app: NestExpressApplication; loads: () => number }[] = [];

  beforeAll(async () => {
    t = await startFleet();
    db = t.app.get(DataSource);
    other = await t.startSibling();
    for (const app of [t.app, other])
      replicas.push({ app, loads: countNamedQueries(pgPoolOf(app.get(DataSource))!, 'fleet_aircraft_list') });
    await waitFor(
      () => replicas.every((r) => r.app.get(AircraftListCache).enabled),
      10_000,
      'both replicas to listen for aircraft changes',
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = (replica: number, userId: string) =>
    request(replicas[replica]!.app.getHttpServer()).get('/api/aircraft').use(t.asUser(userId));
  const add = (userId: string, tailNumber: string) =>
    request(t.app.getHttpServer())
      .post('/api/aircraft')
      .use(t.asUser(userId))
      .send({ make: 'Cessna', model: '172S Skyhawk', tailNumber });

  /** The next list answer of `replica` that ran no query (served from memory). */
  const servedFromMemory = (replica: number, userId: string) =>
    firstServedFromMemory(replicas[replica]!.loads, () => list(replica, userId));

  const tails = (res: request.Response) => (res.body as { tailNumber: string }[]).map((a) => a.tailNumber);

  it('answers a repeated list from memory exactly like the first (no query)', async () => {
    const userId = newUserId();
    expect((await add(userId, 'N100LC')).status).toBe(201);
    const first = await list(0, userId);
    const repeat = await servedFromMemory(0, userId);
    expect(first.status).toBe(200);
    expect(tails(first)).toEqual(['N100LC']);
    expect({ status: repeat.status, body: repeat.body }).toEqual({ status: first.status, body: first.body });
  });

  it("lists this replica's own change at once", async () => {
    const userId = newUserId();
    expect((await add(userId, 'N200LC')).status).toBe(201);
    await servedFromMemory(0, userId);
    expect((await add(userId, 'N201LC')).status).toBe(201);
    expect(tails(await list(0, userId)).sort()).toEqual(['N200LC', 'N201LC']);
  });

  it("shows the other replica's change, a change made straight in the database and a TRUNCATE on the next lists", async () => {
    const userId = newUserId();
    const added = await add(userId, 'N300LC');
    expect(added.status).toBe(201);

    await servedFromMemory(1, userId);
    expect(
      (
        await request(t.app.getHttpServer())
          .patch(`/api/aircraft/${added.body.id}`)
          .use(t.asUser(userId))
          .send({ model: 'Citation CJ4' })
      ).status,
    ).toBe(200);
    await waitFor(
      async () => (await list(1, userId)).body[0]?.model === 'Citation CJ4',
      5_000,
      "the other replica's list to show the new model",
    );

    await servedFromMemory(0, userId);
    await db.query(`UPDATE aircraft SET make = 'Piper' WHERE user_id = $1`, [userId]);
    await waitFor(
      async () => (await list(0, userId)).body[0]?.make === 'Piper',
      5_000,
      'the list to show the make changed in the database',
    );

    await servedFromMemory(0, userId);
    await db.query('TRUNCATE aircraft');
    await waitFor(
      async () => (await list(0, userId)).body.length === 0,
      5_000,
      'the list to be empty after the TRUNCATE',
    );
  });
});
