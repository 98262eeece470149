import { DataSource } from 'typeorm';
import type { ImportStatusResponse } from '@rampquote/contracts';
import { collectEvents } from '@rampquote/service-kit/testing';
import { eventually, startAirports, type AirportsTestApp } from './support/airports-app';

const OUR_AIRPORTS_CSV = [
  'id,ident,type,name,latitude_deg,longitude_deg,elevation_ft,continent,iso_country,iso_region,municipality,scheduled_service,icao_code,iata_code,gps_code,local_code',
  '3875,KSEA,large_airport,Seattle–Tacoma International Airport,47.447943,-122.310276,433,NA,US,US-WA,Seattle,yes,KSEA,SEA,KSEA,SEA',
  '3878,KBFI,medium_airport,"Boeing Field, King County International Airport",47.529999,-122.302002,21,NA,US,US-WA,Seattle,no,KBFI,BFI,KBFI,BFI',
  '21010,KS50,small_airport,Auburn Municipal Airport,47.327702,-122.226997,63,NA,US,US-WA,Auburn,no,,,KS50,S50',
].join('\n');

const PLAIN_CSV = [
  'IATA,ICAO,Name,City,State,Country',
  'PDX,KPDX,Portland International Airport,Portland,OR,US',
  'GEG,KGEG,Spokane International Airport,Spokane,WA,US',
].join('\r\n');

describe('airport import (real PostgreSQL and RabbitMQ)', () => {
  let t: AirportsTestApp;
  let events: Awaited<ReturnType<typeof collectEvents>>;

  beforeAll(async () => {
    t = await startAirports();
    events = await collectEvents(t.env.amqpUrl, t.env.exchange, ['airports-imported']);
  });
  afterAll(async () => {
    await events?.close();
    await t?.close();
  });

  const upload = (content: string | Buffer, filename = 'airports.csv', role: 'admin' | 'pilot' = 'admin') =>
    t.http().post('/api/admin/import-airports').use(t.as(role)).attach('airportFile', Buffer.from(content), filename);
  const count = async () =>
    (await t.app.get(DataSource).query('SELECT count(*)::int AS n FROM airports'))[0].n as number;

  it('shows Not Imported (no import yet, no airports) on import-status', async () => {
    const res = await t.http().get('/api/admin/import-status').use(t.as('admin'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: { importComplete: false, lastImport: null, running: false, progress: null, lastResult: null },
      counts: { airports: 0 },
    });
  });

  it('refuses visitors (401) and non-admins (403) on every admin call, importing nothing', async () => {
    expect((await t.http().get('/api/admin/import-status').use(t.as())).status).toBe(401);
    expect((await t.http().get('/api/admin/import-status').use(t.as('pilot'))).status).toBe(403);
    expect((await t.http().post('/api/admin/import-airports').use(t.as('fbo'))).body).toEqual({ error: 'Forbidden' });
    expect((await upload(OUR_AIRPORTS_CSV, 'a.csv', 'pilot')).status).toBe(403);
    expect((await t.http().get('/api/admin/import-status')).status).toBe(401);
    expect(await count()).toBe(0);
  });

  it('imports a CSV with OurAirports headers and stores every field', async () => {
    const res = await upload(OUR_AIRPORTS_CSV);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ started: false, imported: 3, skipped: 0, errors: [], errorCount: 0 });
    const sea = await t.http().get('/api/airports/sea').use(t.as());
    expect(sea.status).toBe(200);
    expect(sea.body).toEqual({
      id: expect.any(String),
      identifier: 'KSEA',
      code: 'SEA',
      name: 'Seattle–Tacoma International Airport',
      city: 'Seattle',
      state: 'WA',
      country: 'US',
      latitude: 47.447943,
      longitude: -122.310276,
      elevation: 433,
      type: 'large_airport',
    });
    const s50 = await t.http().get('/api/airports/KS50').use(t.as());
    expect(s50.body).toMatchObject({ identifier: 'KS50', code: null, name: 'Auburn Municipal Airport' });
    expect((await t.http().get('/api/airports/KBFI').use(t.as())).body.name).toBe(
      'Boeing Field, King County International Airport',
    );
  });

  it('imports a CSV with plain headers (IATA, ICAO, Name, City, State, Country), CRLF line ends', async () => {
    const res = await upload(PLAIN_CSV, 'plain.CSV');
    expect(res.body).toEqual({ started: false, imported: 2, skipped: 0, errors: [], errorCount: 0 });
    expect((await t.http().get('/api/airports/PDX').use(t.as())).body).toMatchObject({
      identifier: 'KPDX',
      code: 'PDX',
      city: 'Portland',
      state: 'OR',
    });
  });

  it('skips duplicates by IATA code, and by identifier where there is no IATA code', async () => {
    const csv = [
      'iata,identifier,name,city',
      'SEA,XSEA,Another Seattle,Seattle', // IATA code taken
      ',KS50,Auburn again,Auburn', // identifier taken, no IATA code
      'YKM,KYKM,Yakima Air Terminal,Yakima', // new
      'YKM,KYKX,Yakima twice in one file,Yakima', // IATA duplicate inside the file
    ].join('\n');
    const before = await count();
    const res = await upload(csv);
    expect(res.body).toEqual({ started: false, imported: 1, skipped: 3, errors: [], errorCount: 0 });
    expect(await count()).toBe(before + 1);
    expect((await t.http().get('/api/airports/SEA').use(t.as())).body.name).toBe(
      'Seattle–Tacoma International Airport',
    );
  });

  it('reports malformed lines with their line numbers and imports the rest', async () => {
    const csv = [
      'ident,iata_code,name,municipality,latitude_deg',
      'KOLM,OLM,Olympia Regional Airport,Olympia,46.97',
      'KXXA,,,Nowhere,1', // line 3: no name
      'KXXB,TOOLONG,Bad Code Field,Nowhere,1', // line 4: bad IATA
      'KXXC,,Bad Latitude Field,Nowhere,95.5', // line 5: latitude out of range
      ',,No Code Field,Nowhere,', // line 6: neither identifier nor code
      'KXXD,,"Broken "quote" Field,Nowhere,1', // line 7: malformed CSV
      'KBLI,BLI,Bellingham International Airport,Bellingham,48.79', // line 8
    ].join('\n');
    const res = await upload(csv);
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(2);
    expect(res.body.errorCount).toBe(5);
    expect(res.body.errors).toEqual([
      { line: 3, reason: 'Missing name' },
      { line: 4, reason: 'Invalid IATA code "TOOLONG"' },
      { line: 5, reason: 'Invalid latitude "95.5"' },
      { line: 6, reason: 'Missing identifier or IATA code' },
      { line: 7, reason: expect.stringMatching(/^Malformed CSV line/) },
    ]);
    expect((await t.http().get('/api/airports/BLI').use(t.as())).status).toBe(200);
    expect((await t.http().get('/api/airports/OLM').use(t.as())).status).toBe(200);
  });

  it('refuses a file over 10 MB, a file that is not CSV, and a header without usable columns, importing nothing', async () => {
    const before = await count();
    const header = 'ident,iata_code,name\n';
    const big = Buffer.concat([Buffer.from(header), Buffer.alloc(10 * 1024 * 1024, 'KZZZ,,Padding Airport\n')]);
    const tooBig = await upload(big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ error: 'File too large', details: [{ message: 'The file must be at most 10 MB.' }] });

    const txt = await upload('ident,name\nKAAA,A\n', 'airports.txt');
    expect(txt.status).toBe(400);
    expect(txt.body).toEqual({ error: 'Invalid File Type', details: [{ message: 'The file name must end in .csv.' }] });

    const binary = await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x01]), 'airports.csv');
    expect(binary.status).toBe(400);
    expect(binary.body.error).toBe('Invalid File Type');

    const noHeader = await upload('foo,bar,baz\n1,2,3\n');
    expect(noHeader.status).toBe(400);
    expect(noHeader.body).toEqual({
      error: 'Invalid CSV header',
      details: [{ message: expect.stringContaining('a name column') }],
    });

    const empty = await upload('');
    expect(empty.status).toBe(400);

    const noFile = await t.http().post('/api/admin/import-airports').use(t.as('admin')).field('other', 'x');
    expect(noFile.status).toBe(400);
    expect(noFile.body.error).toBe('No File Selected');
    expect(await count()).toBe(before);
  });

  it('imports the built-in US file in the background: started, progress on import-status, then Complete with the count and an airports-imported event', async () => {
    const before = await count();
    const started = Date.now();
    const res = await t.http().post('/api/admin/import-airports').use(t.as('admin'));
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ started: true, importId: expect.any(String) });

    const during = await t.http().get('/api/admin/import-status').use(t.as('admin'));
    expect(during.body.status).toMatchObject({ running: true, importComplete: false, progress: { total: 24915 } });
    const again = await t.http().post('/api/admin/import-airports').use(t.as('admin'));
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Import already running');

    const done = await eventually(async () => {
      const s = (await t.http().get('/api/admin/import-status').use(t.as('admin'))).body as ImportStatusResponse;
      return s.status.importComplete ? s : null;
    }, 30_000);
    const elapsed = Date.now() - started;
    process.stdout.write(`built-in import: ${elapsed} ms\n`);
    expect(done).toBeTruthy();
    expect(done!.status).toMatchObject({ running: false, progress: null, lastImport: expect.any(String) });
    expect(done!.status.lastResult).toMatchObject({ source: 'built-in', status: 'completed', errorCount: 0 });
    // The airports uploaded earlier are in the US file too: they are skipped, the rest imported.
    expect(done!.counts.airports).toBeGreaterThan(24_900);
    expect(done!.status.lastResult!.imported + done!.status.lastResult!.skipped).toBe(24_915);
    expect(done!.counts.airports).toBe(before + done!.status.lastResult!.imported);

    const event = await eventually(() =>
      events.received.find(
        (e) => e.type === 'airports-imported' && (e.data as { source: string }).source === 'built-in',
      ),
    );
    expect(event).toMatchObject({
      source: 'svc-airports',
      data: { importId: res.body.importId, airports: done!.counts.airports, errorCount: 0 },
    });
  });
});
