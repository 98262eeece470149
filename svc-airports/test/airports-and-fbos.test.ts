import { DataSource } from 'typeorm';
import type { AirportFbosResponse, AirportSearchResult } from '@rampquote/contracts';
import { AirportImportService } from '../src/airport-import/airport-import.service';
import { DevSeedService } from '../src/seed/dev-seed.service';
import { DEMO_FBOS } from '../src/seed/demo-fbos';
import { eventually, startAirports, type AirportsTestApp } from './support/airports-app';

describe('airport search, airport and FBO calls, FBO directory and discovery (US file loaded)', () => {
  let t: AirportsTestApp;

  beforeAll(async () => {
    t = await startAirports();
    const imports = t.app.get(AirportImportService);
    await imports.importBuiltIn();
    await imports.whenIdle();
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = async (q: string) => {
    const res = await t.http().get('/api/airports/search').query({ q }).use(t.as());
    expect(res.status).toBe(200);
    return res.body as AirportSearchResult[];
  };

  describe('GET /api/airports/search', () => {
    it('finds KSEA by "seattle" among at most 20 results with id, identifier, code, name, city, state', async () => {
      const results = await search('seattle');
      expect(results.length).toBeLessThanOrEqual(20);
      expect(results[0]).toEqual({
        id: expect.any(String),
        identifier: 'KSEA',
        code: 'SEA',
        name: 'Seattle–Tacoma International Airport',
        city: 'Seattle',
        state: 'WA',
      });
      expect(results.every((r) => `${r.name} ${r.city}`.toLowerCase().includes('seattle'))).toBe(true);
    });

    it('puts exact code matches first: identifier, IATA code, and the FAA form of a K identifier', async () => {
      expect((await search('KSEA'))[0].identifier).toBe('KSEA');
      expect((await search('sea'))[0].identifier).toBe('KSEA');
      expect((await search('lax'))[0].identifier).toBe('KLAX');
      expect((await search('S50'))[0].identifier).toBe('KS50');
    });

    it('matches every word of the query, in name and city', async () => {
      const results = await search('tacoma international');
      expect(results.map((r) => r.identifier)).toContain('KSEA');
      expect(await search('zzzz-nowhere-qq')).toEqual([]);
    });

    it('answers [] below 2 characters and treats LIKE wildcards literally', async () => {
      expect(await search('s')).toEqual([]);
      expect(await search('')).toEqual([]);
      expect((await t.http().get('/api/airports/search').use(t.as())).body).toEqual([]);
      expect(await search('%%')).toEqual([]);
      expect(await search('__')).toEqual([]);
    });

    it('answers the same search asked by many at once with one database query', async () => {
      const query = jest.spyOn(t.app.get(DataSource), 'query');
      try {
        const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => search(i % 2 ? 'Portland' : 'portland')));
        const searches = query.mock.calls.filter(([sql]) => String(sql).includes('search_text LIKE'));
        expect(searches).toHaveLength(1);
        expect(answers[0].map((r) => r.identifier)).toContain('KPDX');
        for (const answer of answers) expect(answer).toEqual(answers[0]);
      } finally {
        query.mockRestore();
      }
    });

    it('refuses an unsigned call', async () => {
      expect((await t.http().get('/api/airports/search?q=sea')).status).toBe(401);
    });
  });

  describe('GET /api/airports/{code} and /api/airports/map', () => {
    it('answers an airport by identifier or IATA code, 404 when unknown', async () => {
      expect((await t.http().get('/api/airports/klax').use(t.as())).body).toMatchObject({
        identifier: 'KLAX',
        code: 'LAX',
        state: 'CA',
      });
      const missing = await t.http().get('/api/airports/QQQQ').use(t.as());
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: 'Airport not found' });
    });

    it('keys airports by the codes asked for, and revalidates with the ETag', async () => {
      const res = await t.http().get('/api/airports/map?codes=SEA,KLAX,QQQQ').use(t.as());
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['KLAX', 'SEA']);
      expect(res.body.SEA).toMatchObject({ identifier: 'KSEA', name: 'Seattle–Tacoma International Airport' });
      expect(res.headers.etag).toBeTruthy();
      const again = await t
        .http()
        .get('/api/airports/map?codes=SEA,KLAX,QQQQ')
        .use(t.as())
        .set('If-None-Match', res.headers.etag);
      expect(again.status).toBe(304);
    });

    it('refuses a map request without codes with 400 and the message (no "every airport" answer)', async () => {
      const required = {
        error: 'Invalid request data',
        details: [
          {
            field: 'codes',
            message: 'Name the airports: codes is a comma-separated list of airport codes, such as KSEA,LAX',
          },
        ],
      };
      for (const url of ['/api/airports/map', '/api/airports/map?codes=', '/api/airports/map?codes=,%20,']) {
        const res = await t.http().get(url).use(t.as());
        expect([url, res.status, res.body]).toEqual([url, 400, required]);
      }
    });

    it('answers at most 200 different codes at once (repeats and letter case count once), 400 above', async () => {
      const identifiers: string[] = (
        await t.app.get(DataSource).query(`SELECT identifier FROM airports ORDER BY identifier LIMIT 201`)
      ).map((r: { identifier: string }) => r.identifier);
      const twoHundred = identifiers.slice(0, 200);
      const ok = await t
        .http()
        .get('/api/airports/map')
        .query({ codes: [...twoHundred, ...twoHundred.map((c) => c.toLowerCase())].join(',') })
        .use(t.as());
      expect(ok.status).toBe(200);
      expect(Object.keys(ok.body).sort()).toEqual([...twoHundred].sort());
      const tooMany = await t
        .http()
        .get('/api/airports/map')
        .query({ codes: identifiers.join(',') })
        .use(t.as());
      expect(tooMany.status).toBe(400);
      expect(tooMany.body).toEqual({
        error: 'Invalid request data',
        details: [{ field: 'codes', message: 'Ask for at most 200 airport codes at a time' }],
      });
    });
  });

  describe('a NUL character or malformed percent-encoding in the path or the query string', () => {
    const NUL = { error: 'Invalid request data', details: [{ message: 'Text must not contain NUL characters' }] };
    const stored = async () => {
      const db = t.app.get(DataSource);
      const [{ discoveries }] = await db.query(`SELECT count(*)::int AS discoveries FROM fbo_discoveries`);
      const [{ events }] = await db.query(`SELECT count(*)::int AS events FROM outbox_events`);
      return { discoveries, events };
    };

    it('answers 400 Invalid request data in the JSON shape (not 500) and stores nothing', async () => {
      const before = await stored();
      for (const url of [
        '/api/airports/%00',
        '/api/airports/%00/fbos',
        '/api/airports/search?q=ab%00c',
        '/api/airports/map?codes=KSEA,%00',
        '/api/airports/K%00SEA/fbos',
      ]) {
        const res = await t.http().get(url).use(t.as('pilot'));
        expect([url, res.status, res.headers['content-type'], res.body]).toEqual([
          url,
          400,
          expect.stringContaining('application/json'),
          NUL,
        ]);
      }
      const malformed = await t.http().get('/api/airports/%E0%A4%A/fbos').use(t.as());
      expect([malformed.status, malformed.body]).toEqual([
        400,
        { error: 'Invalid request data', details: [{ message: 'The address holds malformed percent-encoding' }] },
      ]);
      expect(await stored()).toEqual(before);
    });
  });

  describe('FBO directory', () => {
    const create = (body: object, role: 'admin' | 'pilot' = 'admin') =>
      t.http().post('/api/admin/fbos').use(t.as(role)).send(body);

    it('lets an admin add an FBO that pilots then see at the airport; validates the fields', async () => {
      const res = await create({
        airport: 'kbfi',
        name: 'Boeing Field Jet Center',
        email: 'Ops@BfiJets.example.com',
        phone: '+1 206 555 0199',
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        name: 'Boeing Field Jet Center',
        email: 'ops@bfijets.example.com',
        phone: '+1 206 555 0199',
        logo: null,
        active: true,
        airport: {
          id: expect.any(String),
          identifier: 'KBFI',
          code: 'BFI',
          name: expect.stringContaining('Boeing Field'),
        },
      });
      const fbos = await t.http().get('/api/airports/BFI/fbos').use(t.as('pilot'));
      expect(fbos.body).toEqual({
        fbos: [
          {
            id: res.body.id,
            name: 'Boeing Field Jet Center',
            phone: '+1 206 555 0199',
            logo: null,
          },
        ],
        discovery: 'none',
      });

      const bad = await create({ airport: '', name: ' ', email: 'nope', phone: 'x' });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({
        error: 'Invalid request data',
        details: [
          { field: 'airport', message: 'Airport is required' },
          { field: 'name', message: 'Name is required' },
          { field: 'email', message: 'Please enter a valid email address' },
          { field: 'phone', message: 'Please enter a valid phone number' },
        ],
      });
      expect((await create({ airport: 'QQQQ', name: 'X', email: 'x@example.com' })).body.details).toEqual([
        { field: 'airport', message: 'Unknown airport "QQQQ"' },
      ]);
      const nul = await create({ airport: 'KBFI', name: 'Null\u0000 Jets', email: 'x@example.com' });
      expect(nul.status).toBe(400);
      expect(nul.body).toEqual({
        error: 'Invalid request data',
        details: [{ field: 'name', message: 'Text must not contain NUL characters' }],
      });
      const dup = await create({ airport: 'KBFI', name: 'boeing field jet center', email: 'x@example.com' });
      expect(dup.status).toBe(409);
      expect(dup.body.error).toBe('FBO already exists');
      expect((await create({ airport: 'KBFI', name: 'Y', email: 'y@example.com' }, 'pilot')).status).toBe(403);
    });

    it('edits and deactivates an FBO: an inactive FBO is listed for admins only', async () => {
      const { body: fbo } = await create({
        airport: 'KGEG',
        name: 'Spokane Air Center',
        email: 'desk@spokane.example.com',
      });
      const edited = await t
        .http()
        .patch(`/api/admin/fbos/${fbo.id}`)
        .use(t.as('admin'))
        .send({ phone: '509-555-0100', name: 'Spokane Air Center East' });
      expect(edited.body).toMatchObject({ name: 'Spokane Air Center East', phone: '509-555-0100', active: true });
      const off = await t.http().patch(`/api/admin/fbos/${fbo.id}`).use(t.as('admin')).send({ active: false });
      expect(off.body.active).toBe(false);
      const listed = await t.http().get('/api/admin/fbos?airport=GEG').use(t.as('admin'));
      expect(listed.body.fbos.map((f: { name: string; active: boolean }) => [f.name, f.active])).toEqual([
        ['Spokane Air Center East', false],
      ]);
      const pilots = (await t.http().get('/api/airports/KGEG/fbos').use(t.as('pilot'))).body as AirportFbosResponse;
      expect(pilots.fbos).toEqual([]);
      expect(
        (await t.http().patch(`/api/admin/fbos/${crypto.randomUUID()}`).use(t.as('admin')).send({ active: false }))
          .status,
      ).toBe(404);
      expect((await t.http().patch(`/api/admin/fbos/${fbo.id}`).use(t.as('admin')).send({ active: 'no' })).status).toBe(
        400,
      );
    });

    it('imports an FBO CSV: known airports get their FBOs at once, bad lines are reported with line numbers', async () => {
      const csv = [
        'airport,name,email,phone',
        'PDX,Portland Jet Ramp,ramp@pdx.example.com,503-555-0100',
        'KPDX,,nobody@example.com,',
        'KPDX,Bad Mail FBO,not-an-email,',
      ].join('\n');
      const res = await t
        .http()
        .post('/api/admin/import-fbos')
        .use(t.as('admin'))
        .attach('fboFile', Buffer.from(csv), 'fbos.csv');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        imported: 1,
        skipped: 0,
        errorCount: 2,
        errors: [
          { line: 3, reason: 'Missing name' },
          { line: 4, reason: 'Invalid e-mail "not-an-email"' },
        ],
      });
      expect((await t.http().get('/api/airports/KPDX/fbos').use(t.as())).body.fbos).toEqual([
        {
          id: expect.any(String),
          name: 'Portland Jet Ramp',
          phone: '503-555-0100',
          logo: null,
        },
      ]);
      const badHeader = await t
        .http()
        .post('/api/admin/import-fbos')
        .use(t.as('admin'))
        .attach('fboFile', Buffer.from('a,b\n1,2'), 'fbos.csv');
      expect(badHeader.status).toBe(400);
      expect(badHeader.body.error).toBe('Invalid CSV header');
    });

    it('discovers FBOs in the background for an airport without any: in progress, then the directory provider finds them', async () => {
      // The directory names an airport that is not imported yet.
      const csv = 'identifier,name,email\nKZZ9,Late Field Aviation,ops@late.example.com\n';
      expect(
        (await t.http().post('/api/admin/import-fbos').use(t.as('admin')).attach('fboFile', Buffer.from(csv), 'f.csv'))
          .body.imported,
      ).toBe(1);
      const airportCsv = 'ident,name,municipality\nKZZ9,Late Field,Nowhere\n';
      expect(
        (
          await t
            .http()
            .post('/api/admin/import-airports')
            .use(t.as('admin'))
            .attach('airportFile', Buffer.from(airportCsv), 'a.csv')
        ).body.imported,
      ).toBe(1);

      const first = await t.http().get('/api/airports/KZZ9/fbos').use(t.as('pilot'));
      expect(first.body).toEqual({ fbos: [], discovery: 'in-progress' });
      const found = await eventually(async () => {
        const body = (await t.http().get('/api/airports/KZZ9/fbos').use(t.as('pilot'))).body as AirportFbosResponse;
        return body.fbos.length ? body : null;
      });
      expect(found).toEqual({
        fbos: [expect.objectContaining({ name: 'Late Field Aviation' })],
        discovery: 'none',
      });
    });

    it('says the discovery finished when the providers found nothing', async () => {
      expect((await t.http().get('/api/airports/KOLM/fbos').use(t.as())).body).toEqual({
        fbos: [],
        discovery: 'in-progress',
      });
      const finished = await eventually(async () => {
        const body = (await t.http().get('/api/airports/KOLM/fbos').use(t.as())).body as AirportFbosResponse;
        return body.discovery === 'finished' ? body : null;
      });
      expect(finished).toEqual({ fbos: [], discovery: 'finished' });
      expect((await t.http().get('/api/airports/QQQQ/fbos').use(t.as())).status).toBe(404);
    });

    /** The `fbo-discovery-requested` events written for an airport (the outbox, in the request's transaction). */
    const discoveriesAsked = async (identifier: string): Promise<number> => {
      const [{ n }] = await t.app
        .get(DataSource)
        .query(
          `SELECT count(*)::int AS n FROM outbox_events WHERE type = 'fbo-discovery-requested' AND payload->'data'->>'identifier' = $1`,
          [identifier],
        );
      return n;
    };
    const fbosOf = async (code: string) => {
      const res = await t.http().get(`/api/airports/${code}/fbos`).use(t.as());
      expect(res.status).toBe(200);
      return res.body as AirportFbosResponse;
    };

    it('starts no discovery for a code that is not an airport of the table: 404, no discovery row, no event', async () => {
      const db = t.app.get(DataSource);
      const [{ rows: rowsBefore }] = await db.query(`SELECT count(*)::int AS rows FROM fbo_discoveries`);
      const [{ events: eventsBefore }] = await db.query(
        `SELECT count(*)::int AS events FROM outbox_events WHERE type = 'fbo-discovery-requested'`,
      );
      for (const code of ['QQQQ', 'XX99', 'A-B']) {
        const res = await t.http().get(`/api/airports/${code}/fbos`).use(t.as());
        expect([code, res.status, res.body]).toEqual([code, 404, { error: 'Airport not found' }]);
      }
      expect((await db.query(`SELECT count(*)::int AS rows FROM fbo_discoveries`))[0].rows).toBe(rowsBefore);
      expect(
        (await db.query(`SELECT count(*)::int AS events FROM outbox_events WHERE type = 'fbo-discovery-requested'`))[0]
          .events,
      ).toBe(eventsBefore);
    });

    it('asks for at most one discovery per airport in 10 minutes, counted in the database (finished or still in progress)', async () => {
      const db = t.app.get(DataSource);
      const [{ id: airportId }] = await db.query(`SELECT id FROM airports WHERE identifier = 'KYKM'`);
      const setDiscovery = (status: string, requestedMinutesAgo: number, finishedMinutesAgo: number | null) =>
        db.query(
          `UPDATE fbo_discoveries SET status = $2, requested_at = now() - make_interval(mins => $3),
             finished_at = CASE WHEN $4::int IS NULL THEN NULL ELSE now() - make_interval(mins => $4::int) END
           WHERE airport_id = $1`,
          [airportId, status, requestedMinutesAgo, finishedMinutesAgo],
        );

      expect(await fbosOf('YKM')).toEqual({ fbos: [], discovery: 'in-progress' });
      expect(await discoveriesAsked('KYKM')).toBe(1);
      await eventually(async () => (await fbosOf('KYKM')).discovery === 'finished');
      // Asked again and again (by code and by identifier) while the last one is recent: no new discovery.
      for (const code of ['KYKM', 'YKM', 'kykm'])
        expect(await fbosOf(code)).toEqual({ fbos: [], discovery: 'finished' });
      expect(await discoveriesAsked('KYKM')).toBe(1);

      // Still in progress 3 minutes after it was asked for (its event not handled yet): not asked again.
      await setDiscovery('in-progress', 3, null);
      expect(await fbosOf('KYKM')).toEqual({ fbos: [], discovery: 'in-progress' });
      expect(await discoveriesAsked('KYKM')).toBe(1);
      // Finished 9 minutes ago: not yet.
      await setDiscovery('finished', 15, 9);
      expect(await fbosOf('KYKM')).toEqual({ fbos: [], discovery: 'finished' });
      expect(await discoveriesAsked('KYKM')).toBe(1);
      // Finished 11 minutes ago: one new discovery, however often it is asked for.
      await setDiscovery('finished', 15, 11);
      const answers = await Promise.all([fbosOf('KYKM'), fbosOf('YKM'), fbosOf('KYKM')]);
      expect(answers).toEqual(answers.map(() => ({ fbos: [], discovery: 'in-progress' })));
      expect(await discoveriesAsked('KYKM')).toBe(2);
      // In progress and asked for 11 minutes ago (its event dead-lettered): asked again.
      await eventually(async () => (await fbosOf('KYKM')).discovery === 'finished');
      await setDiscovery('in-progress', 11, null);
      expect(await fbosOf('KYKM')).toEqual({ fbos: [], discovery: 'in-progress' });
      expect(await discoveriesAsked('KYKM')).toBe(3);
      await eventually(async () => (await fbosOf('KYKM')).discovery === 'finished');
    });

    it('seeds the demo FBOs (example.com, "Demo FBO") once', async () => {
      const seed = t.app.get(DevSeedService);
      expect(await seed.seedDemoFbos()).toBe(DEMO_FBOS.length);
      expect(await seed.seedDemoFbos()).toBe(0);
      const sea = (await t.http().get('/api/airports/KSEA/fbos').use(t.as())).body as AirportFbosResponse;
      expect(sea.fbos.map((f) => f.name)).toEqual([
        'Demo FBO Emerald Aviation',
        'Demo FBO Rainier Ramp Services',
        'Demo FBO Seattle Jet Center',
      ]);
      expect(sea.fbos.every((f) => !('email' in f))).toBe(true);
      const db = t.app.get(DataSource);
      const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM fbos WHERE source = 'demo'`);
      expect(n).toBe(DEMO_FBOS.length);
      // A development database seeded before two demo FBOs were added, one demo FBO renamed since: only the missing
      // ones (by e-mail) are added.
      await db.query(`DELETE FROM fbos WHERE email IN ('demo-fbo-ksea-3@example.com', 'demo-fbo-klax-3@example.com')`);
      await db.query(
        `UPDATE fbos SET name = 'Seattle Jet Center (renamed)' WHERE email = 'demo-fbo-ksea-1@example.com'`,
      );
      expect(await seed.seedDemoFbos()).toBe(2);
      const lax = (await t.http().get('/api/airports/KLAX/fbos').use(t.as())).body as AirportFbosResponse;
      expect(lax.fbos.map((f) => f.name)).toEqual([
        'Demo FBO Harbor Jet Services',
        'Demo FBO Pacific Ramp Services',
        'Demo FBO Westside Jet Center',
      ]);
      const [{ m }] = await db.query(`SELECT count(*)::int AS m FROM fbos WHERE email = 'demo-fbo-ksea-1@example.com'`);
      expect(m).toBe(1);
    });
  });

  it('lists at least 30 ground services with id and serviceName', async () => {
    const res = await t.http().get('/api/fbo-services').use(t.as());
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(30);
    const names = res.body.map((s: { serviceName: string }) => s.serviceName.toLowerCase()).join('|');
    for (const word of [
      'towing',
      'crew car',
      'rental car',
      'cabin cleaning',
      'lavatory',
      'potable water',
      'oxygen',
      'nitrogen',
      'de-icing',
      'hangar',
      'ground power',
      'air start',
      'catering',
      'customs',
    ]) {
      expect(names).toContain(word);
    }
    expect(new Set(res.body.map((s: { id: string }) => s.id)).size).toBe(res.body.length);
  });
});
