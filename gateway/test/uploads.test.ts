import request from 'supertest';
import type { ImportStatusResponse } from '@rampquote/contracts';
import { multipartFile, sendWithExpectContinue } from './support/expect-continue';
import { cookiePair, sessionCookie, startGateway, type RunningGateway } from './support/gateway-app';
import { startRealIdentity, type RealIdentity, type TestAccount } from './support/real-identity';
import { startRealService, type RealService } from './support/real-service';
import { createTestDatabase } from './support/test-database';

const MB = 1024 * 1024;

/** An airport CSV (OurAirports columns) of at least `bytes` bytes; every row valid and distinct. */
function airportsCsv(bytes: number): { csv: Buffer; rows: number } {
  const lines = ['ident,type,name,latitude_deg,longitude_deg,elevation_ft,iso_country,iso_region,municipality'];
  let size = lines[0].length + 1;
  let rows = 0;
  while (size < bytes) {
    const ident = `QX${rows.toString(36).toUpperCase().padStart(6, '0')}`;
    const name = `Gateway Upload Test Field ${rows} ${'and its long descriptive name '.repeat(4)}`.trim();
    const line = `${ident},small_airport,${name},${(rows % 80) + 0.5},${-((rows % 170) + 0.25)},${rows % 9000},US,US-WA,Upload City ${rows}`;
    lines.push(line);
    size += line.length + 1;
    rows++;
  }
  return { csv: Buffer.from(lines.join('\n') + '\n'), rows };
}

/**
 * Uploads the way an admin's `curl -F airportFile=@file.csv …/api/admin/import-airports` sends them (files over
 * 1 MB with `Expect: 100-continue`), through the gateway to the real svc-airports (own process, real PostgreSQL
 * and RabbitMQ); the real svc-identity signs the admin in.
 */
describe('gateway: uploads sent with Expect: 100-continue reach the real svc-airports', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let identity: RealIdentity;
  let airports: RealService;
  let gw: RunningGateway;

  beforeAll(async () => {
    [db, identity, airports] = await Promise.all([
      createTestDatabase(),
      startRealIdentity(),
      startRealService('airports', { DEV_AUTO_IMPORT: 'false' }),
    ]);
    gw = await startGateway(db.name, { IDENTITY_URL: identity.url, AIRPORTS_URL: airports.url });
  }, 120_000);

  afterAll(async () => {
    await gw?.close();
    await identity?.close();
    await airports?.close();
    await db?.drop();
  }, 60_000);

  const signIn = async ({ email, password }: TestAccount) => {
    const res = await request(gw.url).post('/api/auth/login').send({ email, password });
    expect(res.status).toBe(200);
    return cookiePair(sessionCookie(res.headers)!);
  };
  const upload = (cookie: string, filename: string, content: Buffer) => {
    const form = multipartFile('airportFile', filename, content);
    return sendWithExpectContinue(
      gw.url,
      'POST',
      '/api/admin/import-airports',
      { cookie, 'content-type': form.contentType },
      form.body,
    );
  };
  const importStatus = async (cookie: string) => {
    const res = await request(gw.url).get('/api/admin/import-status').set('Cookie', cookie);
    expect(res.status).toBe(200);
    return res.body as ImportStatusResponse;
  };

  it('imports a 3 MB airport file an admin sends with Expect: 100-continue (202, then every row is in)', async () => {
    const admin = await signIn(await identity.account({ role: 'admin' }));
    const { csv, rows } = airportsCsv(3 * MB);
    expect(csv.length).toBeGreaterThan(3 * MB);
    const res = await upload(admin, 'world.csv', csv);
    expect(res.continued).toBe(true);
    expect({ status: res.status, body: JSON.parse(res.text) }).toEqual({
      status: 202,
      body: { started: true, importId: expect.any(String) },
    });
    const { importId } = JSON.parse(res.text) as { importId: string };

    // The import runs in the background: follow it on import-status, through the gateway, until it is done.
    const deadline = Date.now() + 90_000;
    let status = await importStatus(admin);
    while (status.status.running || status.status.lastResult?.id !== importId) {
      if (Date.now() > deadline) throw new Error(`the import did not finish: ${JSON.stringify(status)}`);
      await new Promise((r) => setTimeout(r, 250));
      status = await importStatus(admin);
    }
    expect(status.status.lastResult).toMatchObject({
      id: importId,
      status: 'completed',
      source: 'upload:world.csv',
      imported: rows,
      errorCount: 0,
    });
    expect(status.counts.airports).toBe(rows);
  }, 120_000);

  it('answers an 18 MB file sent with Expect: 100-continue with 413 in the JSON error shape, importing nothing', async () => {
    const admin = await signIn(await identity.account({ role: 'admin' }));
    const before = (await importStatus(admin)).counts.airports;
    const res = await upload(admin, 'too-big.csv', airportsCsv(18 * MB).csv);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toEqual({
      error: 'File too large',
      details: [{ message: 'The file must be at most 10 MB.' }],
    });
    expect((await importStatus(admin)).counts.airports).toBe(before);
  }, 60_000);

  it("refuses a pilot's upload with 403 at the gateway", async () => {
    const pilot = await signIn(await identity.account());
    const res = await upload(pilot, 'world.csv', airportsCsv(2 * MB).csv);
    expect({ status: res.status, body: JSON.parse(res.text) }).toEqual({ status: 403, body: { error: 'Forbidden' } });
  }, 30_000);
});
