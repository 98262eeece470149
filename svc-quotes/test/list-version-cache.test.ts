import type { NestExpressApplication } from '@nestjs/platform-express';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { pgPoolOf } from '@rampquote/service-kit';
import { countNamedQueries, servedFromMemory as firstServedFromMemory, waitFor } from '@rampquote/service-kit/testing';
import { ListVersionCache } from '../src/shared/list-version-cache';
import { estimatePayload, formPayload, startQuotes, type QuotesTestApp, type TestUser } from './support/quotes-app';

/**
 * Each replica keeps a requester's My Quotes version (ListVersionCache) until the database announces it moved, so a
 * My Quotes call whose page the replica built costs no query. Two replicas on one database.
 */
describe("each replica's My Quotes version, kept until the database announces it moved (real PostgreSQL and RabbitMQ)", () => {
  let t: QuotesTestApp;
  let other: NestExpressApplication;
  const replicas: { app: NestExpressApplication; versionReads: () => number }[] = [];

  beforeAll(async () => {
    t = await startQuotes();
    other = await t.startSibling();
    for (const app of [t.app, other])
      replicas.push({ app, versionReads: countNamedQueries(pgPoolOf(app.get(DataSource))!, 'quotes_list_version') });
    await waitFor(
      () => replicas.every((r) => r.app.get(ListVersionCache).enabled),
      10_000,
      'both replicas to listen for list version changes',
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const myQuotes = (replica: number, user: TestUser) =>
    t.http(replicas[replica]!.app).get('/api/quote-requests').use(t.as(user));
  /** The next My Quotes answer of `replica` that read no version (served from memory). */
  const servedFromMemory = (replica: number, user: TestUser) =>
    firstServedFromMemory(replicas[replica]!.versionReads, () => myQuotes(replica, user));
  const create = async (replica: number, pilot: Awaited<ReturnType<QuotesTestApp['pilot']>>, fboCount = 1) => {
    const { fbos } = await t.airportWithFbos(fboCount);
    const res = await t
      .http(replicas[replica]!.app)
      .post('/api/quote-requests')
      .use(t.as(pilot.user))
      .send(formPayload(pilot.aircraft, fbos));
    expect(res.status).toBe(201);
    return { id: res.body.id as string, fbos };
  };
  const ids = (res: request.Response) => (res.body as { id: string }[]).map((r) => r.id);

  it('answers a repeated My Quotes call from memory exactly like the first, tag included', async () => {
    const pilot = await t.pilot();
    const { id } = await create(0, pilot);
    const first = await myQuotes(0, pilot.user);
    const repeat = await servedFromMemory(0, pilot.user);
    expect([first.status, ids(first)]).toEqual([200, [id]]);
    expect({ status: repeat.status, body: repeat.body, etag: repeat.headers.etag }).toEqual({
      status: 200,
      body: first.body,
      etag: first.headers.etag,
    });
  });

  it("lists this replica's own new request at once, and the other replica's changes on its next calls", async () => {
    const pilot = await t.pilot();
    const first = await create(0, pilot);
    await servedFromMemory(0, pilot.user);
    const second = await create(0, pilot);
    expect(ids(await myQuotes(0, pilot.user)).sort()).toEqual([first.id, second.id].sort());

    await servedFromMemory(0, pilot.user);
    const third = await create(1, pilot);
    await waitFor(
      async () => ids(await myQuotes(0, pilot.user)).includes(third.id),
      5_000,
      "the other replica's new request in My Quotes",
    );

    await servedFromMemory(0, pilot.user);
    const token = await t.tokenOf(first.id, first.fbos[0]!.id);
    expect(
      (
        await t
          .http(other)
          .post(`/api/fbo-quote/${first.fbos[0]!.id}/${token}/submit`)
          .use(t.as())
          .send(estimatePayload())
      ).status,
    ).toBe(201);
    await waitFor(
      async () =>
        (await myQuotes(0, pilot.user)).body.find((r: { id: string }) => r.id === first.id)?.responseCount === 1,
      5_000,
      'the answer taken by the other replica in My Quotes',
    );
  });
});
