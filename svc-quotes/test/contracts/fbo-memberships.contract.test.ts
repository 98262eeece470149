import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Routes, type FboContactDto } from '@rampquote/contracts';
import { NeighboursService } from '../../src/neighbours/neighbours.service';
import { startQuotes, type QuotesTestApp } from '../support/quotes-app';

/** svc-quotes' look-ups of FBO memberships and FBO addresses against the real svc-airports. */
describe('contract: svc-quotes → real svc-airports (FBO memberships and addresses)', () => {
  let quotes: QuotesTestApp;
  let neighbours: NeighboursService;
  let fbo: FboContactDto;

  beforeAll(async () => {
    quotes = await startQuotes();
    neighbours = quotes.app.get(NeighboursService);
    const res = await quotes.neighbours.airports
      .http()
      .post(Routes.admin.fbos)
      .use(quotes.neighbours.airports.as('admin'))
      .send({ airport: 'KBFI', name: 'Contract Jet Center', email: 'ops-contract@example.com', phone: null });
    expect(res.status).toBe(201);
    fbo = res.body as FboContactDto;
  }, 120_000);

  afterAll(async () => {
    await quotes?.close();
  }, 60_000);

  it("reads a user's FBOs with name, airport and role, and none for a stranger", async () => {
    const userId = randomUUID();
    await quotes.neighbours.airports.app
      .get(DataSource)
      .query(`INSERT INTO fbo_members (fbo_id, user_id, role, email) VALUES ($1, $2, 'manager', 'm@example.com')`, [
        fbo.id,
        userId,
      ]);
    expect(await neighbours.fboMemberships(userId)).toEqual([
      {
        fboId: fbo.id,
        fboName: 'Contract Jet Center',
        airport: { identifier: 'KBFI', name: expect.stringContaining('Boeing Field') },
        role: 'manager',
      },
    ]);
    expect(await neighbours.fboMemberships(randomUUID())).toEqual([]);
  });

  it("reads an airport's FBOs with the address svc-quotes mails", async () => {
    const listed = await neighbours.fbos('KBFI');
    expect(listed.find((f) => f.id === fbo.id)?.email).toBe('ops-contract@example.com');
    expect(await neighbours.fbos('ZZZZ')).toEqual([]);
  });
});
