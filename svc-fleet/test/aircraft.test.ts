import { DataSource } from 'typeorm';
import { newUserId, startFleet, type FleetTestApp } from './support/fleet-app';

const cj4 = {
  make: 'Cessna',
  model: 'Citation CJ4',
  type: 'Turbofan',
  tailNumber: 'n525cj',
  serialNumber: '525C-0100',
  year: 2012,
  wingspan: 50.8,
  length: 53.3,
  height: 15.3,
  basicEmptyWeight: 10280,
  maxRampWeight: 17230,
  maxTakeoffWeight: 17110,
  maxLandingWeight: 15660,
  minRunwayLength: 4000,
  unitSystem: 'imperial',
};

describe('saved aircraft calls (real PostgreSQL and RabbitMQ)', () => {
  let t: FleetTestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await startFleet();
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh user and helpers acting as them. */
  function user() {
    const id = newUserId();
    const as = () => t.asUser(id);
    return {
      id,
      list: () => t.http().get('/api/aircraft').use(as()),
      createFull: (body: object) => t.http().post('/create-aircraft').use(as()).send(body),
      create: (body: object) => t.http().post('/api/aircraft').use(as()).send(body),
      get: (aircraftId: string) => t.http().get(`/api/aircraft/${aircraftId}`).use(as()),
      patch: (aircraftId: string, body: object) => t.http().patch(`/api/aircraft/${aircraftId}`).use(as()).send(body),
      put: (aircraftId: string, body: object) => t.http().put(`/api/aircraft/${aircraftId}`).use(as()).send(body),
      remove: (aircraftId: string) => t.http().delete(`/api/aircraft/${aircraftId}`).use(as()),
      setDefault: (aircraftId: string) => t.http().post(`/api/aircraft/${aircraftId}/set-default`).use(as()),
    };
  }
  const rowsOf = (userId: string) =>
    db.query('SELECT id, name, make, tail_number, is_default FROM aircraft WHERE user_id = $1 ORDER BY created_at', [
      userId,
    ]);

  describe('POST /create-aircraft', () => {
    it('saves the full aircraft: tail number uppercase, generated name, numbers as numbers, first one default', async () => {
      const u = user();
      const res = await u.createFull(cj4);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        ...cj4,
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        userId: u.id,
        name: 'Citation N525CJ',
        tailNumber: 'N525CJ',
        isDefault: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const [row] = await db.query('SELECT * FROM aircraft WHERE id = $1', [res.body.id]);
      expect(row).toMatchObject({
        user_id: u.id,
        tail_number: 'N525CJ',
        name: 'Citation N525CJ',
        is_default: true,
        wingspan: '50.8',
        min_runway_length: 4000,
      });
    });

    it('answers 401 "Authentication required" without a signed-in user and stores nothing', async () => {
      const before = Number((await db.query('SELECT count(*) FROM aircraft'))[0].count);
      const res = await t.http().post('/create-aircraft').use(t.asVisitor()).send(cj4);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Authentication required' });
      expect(Number((await db.query('SELECT count(*) FROM aircraft'))[0].count)).toBe(before);
    });

    it.each([
      ['make', { make: '' }, 'Make is required'],
      ['model', { model: undefined }, 'Model is required'],
      ['type', { type: null }, 'Engine type is required'],
      ['tailNumber', { tailNumber: '  ' }, 'Tail number is required'],
      ['wingspan', { wingspan: undefined }, 'Wingspan is required'],
      ['length', { length: null }, 'Length is required'],
      ['height', { height: undefined }, 'Height is required'],
      ['basicEmptyWeight', { basicEmptyWeight: undefined }, 'Basic empty weight is required'],
      ['minRunwayLength', { minRunwayLength: undefined }, 'Minimum runway length is required'],
      ['year', { year: 1949 }, 'Year must be a whole number between 1950 and 2025'],
      ['year', { year: 2026 }, 'Year must be a whole number between 1950 and 2025'],
      ['type', { type: 'Glider' }, 'Engine type must be one of Piston, Turboprop, Turbofan, Turbojet'],
      ['unitSystem', { unitSystem: 'nautical' }, 'Unit system must be imperial or metric'],
      ['wingspan', { wingspan: -0.1 }, 'Wingspan must be 0 or more'],
      ['maxLandingWeight', { maxLandingWeight: -5 }, 'Max landing weight must be 0 or more'],
      ['length', { length: 53.25 }, 'Length must have at most one decimal place'],
      ['maxRampWeight', { maxRampWeight: 17230.5 }, 'Max ramp weight must be a whole number'],
      ['basicEmptyWeight', { basicEmptyWeight: '10280' }, 'Basic empty weight must be a number'],
      [
        'tailNumber',
        { tailNumber: 'N525 CJ!' },
        'Tail number may contain only letters, digits and dashes (at most 10 characters)',
      ],
    ])('rejects an invalid %s (%j) with a clear message and stores nothing', async (field, change, message) => {
      const u = user();
      const res = await u.createFull({ ...cj4, ...change });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid request data', details: [{ field, message }] });
      expect(await rowsOf(u.id)).toHaveLength(0);
    });

    it('lists every failed rule at once', async () => {
      const res = await user().createFull({ year: 1900 });
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toEqual([
        'make',
        'model',
        'type',
        'tailNumber',
        'year',
        'wingspan',
        'length',
        'height',
        'basicEmptyWeight',
        'minRunwayLength',
      ]);
    });

    it('refuses text with a NUL character with a clear 400 and stores nothing', async () => {
      const u = user();
      const res = await u.createFull({ ...cj4, serialNumber: 'SN\u00001' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'Invalid request data',
        details: [{ field: 'serialNumber', message: 'Text must not contain NUL characters' }],
      });
      expect(await rowsOf(u.id)).toHaveLength(0);
    });

    it('accepts metric figures and keeps the unit system', async () => {
      const res = await user().createFull({
        ...cj4,
        unitSystem: 'metric',
        wingspan: 15.5,
        basicEmptyWeight: 4663,
        minRunwayLength: 1220,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        unitSystem: 'metric',
        wingspan: 15.5,
        basicEmptyWeight: 4663,
        minRunwayLength: 1220,
      });
    });

    it('makes a later aircraft the default when asked, leaving exactly one default', async () => {
      const u = user();
      const first = await u.createFull(cj4);
      const second = await u.createFull({ ...cj4, tailNumber: 'N2', isDefault: true });
      expect(second.body.isDefault).toBe(true);
      expect((await u.get(first.body.id)).body.isDefault).toBe(false);
      const third = await u.createFull({ ...cj4, tailNumber: 'N3' });
      expect(third.body.isDefault).toBe(false);
    });
  });

  describe('POST /api/aircraft (simple form)', () => {
    it('adds {make, model, tailNumber} with the generated name', async () => {
      const u = user();
      const res = await u.create({ make: 'Pilatus', model: 'PC-12 NGX', tailNumber: 'hb-fvx' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        make: 'Pilatus',
        model: 'PC-12 NGX',
        tailNumber: 'HB-FVX',
        name: 'PC-12 HB-FVX',
        isDefault: true,
        type: null,
        wingspan: null,
      });
    });

    it('accepts a missing tail number (optional on this form)', async () => {
      const res = await user().create({ make: 'Cirrus', model: 'SR22' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ tailNumber: null, name: 'SR22' });
    });

    it('requires make and model with the spec’s messages', async () => {
      const res = await user().create({ tailNumber: 'N1' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'Invalid request data',
        details: [
          { field: 'make', message: 'Make is required' },
          { field: 'model', message: 'Model is required' },
        ],
      });
    });

    it('answers 401 without a signed-in user', async () => {
      const res = await t.http().post('/api/aircraft').use(t.asVisitor()).send({ make: 'Cirrus', model: 'SR22' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Authentication required' });
    });
  });

  describe('GET /api/aircraft, /api/user/aircraft and /api/aircraft/{id}', () => {
    it('lists only the user’s own aircraft, default first, then by make', async () => {
      const u = user();
      const other = user();
      await other.create({ make: 'Airbus', model: 'ACJ319neo', tailNumber: 'N319AB' });
      await u.create({ make: 'Piper', model: 'PA-28-181 Archer TX', tailNumber: 'N1PA' });
      await u.create({ make: 'Cessna', model: '172S Skyhawk', tailNumber: 'N2CE' });
      await u.create({ make: 'Beechcraft', model: 'G36 Bonanza', tailNumber: 'N3BE' });
      await u.create({ make: 'Mooney', model: 'M20V Acclaim Ultra', tailNumber: 'N4MO' });
      for (const res of [await u.list(), await t.http().get('/api/user/aircraft').use(t.asUser(u.id))]) {
        expect(res.status).toBe(200);
        expect(res.body.map((a: { make: string }) => a.make)).toEqual(['Piper', 'Beechcraft', 'Cessna', 'Mooney']);
        expect(res.body.every((a: { userId: string }) => a.userId === u.id)).toBe(true);
      }
    });

    it('returns numeric fields as numbers', async () => {
      const u = user();
      await u.createFull(cj4);
      const [aircraft] = (await u.list()).body;
      for (const key of [
        'wingspan',
        'length',
        'height',
        'basicEmptyWeight',
        'maxRampWeight',
        'maxTakeoffWeight',
        'maxLandingWeight',
        'minRunwayLength',
        'year',
      ]) {
        expect(typeof aircraft[key]).toBe('number');
      }
    });

    it('pages the list with ?limit and ?offset, refuses a limit past 200, and saves at most 200 aircraft', async () => {
      const u = user();
      // 199 saved straight in the table (the list order: default first, then by make), then the 200th by the API.
      await db.query(
        `INSERT INTO aircraft (user_id, name, make, model, is_default)
         SELECT $1, 'Plane ' || n, 'Make ' || lpad(n::text, 3, '0'), 'Model', n = 1 FROM generate_series(1, 199) AS n`,
        [u.id],
      );
      expect((await u.create({ make: 'Zlin', model: 'Z-242', tailNumber: 'N200ZL' })).status).toBe(201);
      const all = await u.list();
      expect(all.status).toBe(200);
      expect(all.body).toHaveLength(200);
      const page = await t.http().get('/api/aircraft?limit=2&offset=1').use(t.asUser(u.id));
      expect(page.status).toBe(200);
      expect(page.body.map((a: { make: string }) => a.make)).toEqual(['Make 002', 'Make 003']);
      const last = await t.http().get('/api/user/aircraft?offset=199').use(t.asUser(u.id));
      expect(last.body.map((a: { make: string }) => a.make)).toEqual(['Zlin']);

      const tooMany = await t.http().get('/api/aircraft?limit=201').use(t.asUser(u.id));
      expect(tooMany.status).toBe(400);
      expect(tooMany.body).toEqual({
        error: 'Invalid request data',
        details: [{ field: 'limit', message: 'limit must be a whole number from 1 to 200' }],
      });
      const full = await u.create({ make: 'Piper', model: 'Cub', tailNumber: 'N201PC' });
      expect(full.status).toBe(409);
      expect(full.body).toEqual({ error: 'You can save up to 200 aircraft. Delete one to add another.' });
      expect((await u.createFull(cj4)).status).toBe(409);
      expect((await rowsOf(u.id)).length).toBe(200);
    });

    it('gives an empty list to a user without aircraft, and 401 to a visitor', async () => {
      expect((await user().list()).body).toEqual([]);
      const visitor = await t.http().get('/api/aircraft').use(t.asVisitor());
      expect(visitor.status).toBe(401);
      expect(visitor.body).toEqual({ error: 'Authentication required' });
      expect((await t.http().get('/api/user/aircraft').use(t.asVisitor())).status).toBe(401);
    });

    it('gets one aircraft of the user and 404 for another user’s or an unknown id', async () => {
      const u = user();
      const other = user();
      const mine = (await u.create({ make: 'Cirrus', model: 'SR22T', tailNumber: 'N22T' })).body;
      expect((await u.get(mine.id)).body).toEqual(mine);
      for (const res of [
        await other.get(mine.id),
        await u.get('00000000-0000-4000-8000-000000000000'),
        await u.get('not-a-uuid'),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'Aircraft not found' });
      }
    });
  });

  describe('PATCH /api/aircraft/{id}', () => {
    it('updates fields, uppercases a new tail number and regenerates the name', async () => {
      const u = user();
      const created = (await u.createFull(cj4)).body;
      const res = await u.patch(created.id, { tailNumber: 'n4cj', year: 2015, wingspan: 51, serialNumber: null });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        tailNumber: 'N4CJ',
        name: 'Citation N4CJ',
        year: 2015,
        wingspan: 51,
        serialNumber: null,
        make: 'Cessna',
      });
      expect((await rowsOf(u.id))[0]).toMatchObject({ tail_number: 'N4CJ', name: 'Citation N4CJ' });
    });

    it('regenerates the name when the whole aircraft is sent back with the old name and a new tail number', async () => {
      const u = user();
      const created = (await u.createFull(cj4)).body;
      const res = await u.patch(created.id, { ...created, tailNumber: 'N77CJ' });
      expect(res.status).toBe(200);
      expect(res.body.name).toBe('Citation N77CJ');
    });

    it('keeps a name the user chose, even with a new tail number', async () => {
      const u = user();
      const created = (await u.createFull(cj4)).body;
      expect((await u.patch(created.id, { name: 'The Company Jet' })).body.name).toBe('The Company Jet');
      expect((await u.patch(created.id, { name: 'Blue Jet', tailNumber: 'N8CJ' })).body).toMatchObject({
        name: 'Blue Jet',
        tailNumber: 'N8CJ',
      });
      // Sending the stored name back unchanged (the whole aircraft) does not stop the regeneration.
      expect((await u.patch(created.id, { name: 'Blue Jet', tailNumber: 'N9CJ' })).body.name).toBe('Citation N9CJ');
    });

    it('makes the aircraft the default with isDefault: true, and refuses to unset the default', async () => {
      const u = user();
      const a = (await u.create({ make: 'Cirrus', model: 'SR22', tailNumber: 'N1' })).body;
      const b = (await u.create({ make: 'Cirrus', model: 'SR20', tailNumber: 'N2' })).body;
      expect((await u.patch(b.id, { isDefault: true })).body.isDefault).toBe(true);
      expect((await u.get(a.id)).body.isDefault).toBe(false);
      const refused = await u.patch(b.id, { isDefault: false });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        error: 'Invalid request data',
        details: [
          { field: 'isDefault', message: 'This is your default aircraft; make another aircraft the default instead' },
        ],
      });
      expect((await u.get(b.id)).body.isDefault).toBe(true);
    });

    it('validates like the details step and changes nothing on failure', async () => {
      const u = user();
      const created = (await u.createFull(cj4)).body;
      const res = await u.patch(created.id, { year: 1800, height: -1, make: '' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'Invalid request data',
        details: [
          { field: 'make', message: 'Make is required' },
          { field: 'year', message: 'Year must be a whole number between 1950 and 2025' },
          { field: 'height', message: 'Height must be 0 or more' },
        ],
      });
      expect((await u.get(created.id)).body).toEqual(created);
    });

    it('answers 404 for another user’s aircraft and changes nothing', async () => {
      const owner = user();
      const created = (await owner.createFull(cj4)).body;
      const res = await user().patch(created.id, { tailNumber: 'N666' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Aircraft not found' });
      expect((await owner.get(created.id)).body).toEqual(created);
    });
  });

  describe('PUT /api/aircraft/{id}', () => {
    it('replaces make, model and tail number and regenerates the name', async () => {
      const u = user();
      const created = (await u.createFull(cj4)).body;
      const res = await u.put(created.id, { make: 'Embraer', model: 'Phenom 300E', tailNumber: 'n300e' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        make: 'Embraer',
        model: 'Phenom 300E',
        tailNumber: 'N300E',
        name: 'Phenom N300E',
        wingspan: 50.8,
      });
      const cleared = await u.put(created.id, { make: 'Embraer', model: 'Phenom 300E' });
      expect(cleared.body).toMatchObject({ tailNumber: null, name: 'Phenom' });
    });

    it('requires make and model, and answers 404 for another user’s aircraft', async () => {
      const u = user();
      const created = (await u.createFull(cj4)).body;
      const invalid = await u.put(created.id, { tailNumber: 'N1' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.details).toEqual([
        { field: 'make', message: 'Make is required' },
        { field: 'model', message: 'Model is required' },
      ]);
      const foreign = await user().put(created.id, { make: 'X', model: 'Y' });
      expect(foreign.status).toBe(404);
      expect((await u.get(created.id)).body).toEqual(created);
    });
  });

  describe('POST /api/aircraft/{id}/set-default', () => {
    it('moves the default star to the chosen aircraft', async () => {
      const u = user();
      const a = (await u.create({ make: 'Diamond', model: 'DA62', tailNumber: 'N62' })).body;
      const b = (await u.create({ make: 'Diamond', model: 'DA42-VI', tailNumber: 'N42' })).body;
      const res = await u.setDefault(b.id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: b.id, isDefault: true });
      expect((await rowsOf(u.id)).map((r: { is_default: boolean }) => r.is_default)).toEqual([false, true]);
      expect((await u.setDefault(b.id)).status).toBe(200);
      expect((await u.list()).body.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);
    });

    it('answers 404 for another user’s aircraft and leaves both users’ defaults alone', async () => {
      const owner = user();
      const intruder = user();
      const theirs = (await owner.create({ make: 'Honda', model: 'HondaJet Elite II', tailNumber: 'N420HJ' })).body;
      const other = (await owner.create({ make: 'Honda', model: 'HA-420 HondaJet', tailNumber: 'N421HJ' })).body;
      const mine = (await intruder.create({ make: 'Cirrus', model: 'SR22', tailNumber: 'N22' })).body;
      const res = await intruder.setDefault(other.id);
      expect(res.status).toBe(404);
      expect((await owner.get(theirs.id)).body.isDefault).toBe(true);
      expect((await owner.get(other.id)).body.isDefault).toBe(false);
      expect((await intruder.get(mine.id)).body.isDefault).toBe(true);
    });
  });

  describe('DELETE /api/aircraft/{id}', () => {
    it('deletes a non-default aircraft and keeps the default', async () => {
      const u = user();
      const a = (await u.create({ make: 'Cirrus', model: 'SR22', tailNumber: 'N1' })).body;
      const b = (await u.create({ make: 'Cirrus', model: 'SR20', tailNumber: 'N2' })).body;
      const res = await u.remove(b.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ deleted: b.id, defaultAircraftId: a.id });
      expect((await rowsOf(u.id)).map((r: { id: string }) => r.id)).toEqual([a.id]);
    });

    it('promotes another aircraft (first by make) when the default is deleted, and none after the last', async () => {
      const u = user();
      const first = (await u.create({ make: 'Piper', model: 'PA-46-600TP M600', tailNumber: 'N600P' })).body;
      await u.create({ make: 'Socata', model: 'TB-20 Trinidad', tailNumber: 'N20TB' });
      const beech = (await u.create({ make: 'Beechcraft', model: 'King Air 360', tailNumber: 'N360KA' })).body;
      const res = await u.remove(first.id);
      expect(res.body).toEqual({ deleted: first.id, defaultAircraftId: beech.id });
      const list = (await u.list()).body;
      expect(list.map((a: { make: string; isDefault: boolean }) => [a.make, a.isDefault])).toEqual([
        ['Beechcraft', true],
        ['Socata', false],
      ]);
      await u.remove(list[1].id);
      const last = await u.remove(beech.id);
      expect(last.body).toEqual({ deleted: beech.id, defaultAircraftId: null });
      expect(await rowsOf(u.id)).toHaveLength(0);
      // The next aircraft becomes the default again.
      expect((await u.create({ make: 'Cirrus', model: 'SR22', tailNumber: 'N9' })).body.isDefault).toBe(true);
    });

    it('answers 404 in an error field for another user’s aircraft and deletes nothing', async () => {
      const owner = user();
      const created = (await owner.createFull(cj4)).body;
      const res = await user().remove(created.id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Aircraft not found' });
      expect(await rowsOf(owner.id)).toHaveLength(1);
      expect((await owner.remove('nope')).body).toEqual({ error: 'Aircraft not found' });
    });
  });

  describe('one default per user', () => {
    it('keeps exactly one default when a user adds aircraft concurrently', async () => {
      const u = user();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => u.create({ make: 'Cessna', model: '152', tailNumber: `N15${i}` })),
      );
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
      const rows = await rowsOf(u.id);
      expect(rows).toHaveLength(8);
      expect(rows.filter((r: { is_default: boolean }) => r.is_default)).toHaveLength(1);
    });

    it('keeps exactly one default when stars are clicked concurrently', async () => {
      const u = user();
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1)
        ids.push((await u.create({ make: 'Cessna', model: '172S Skyhawk', tailNumber: `N17${i}` })).body.id);
      const results = await Promise.all(ids.map((id) => u.setDefault(id)));
      expect(results.map((r) => r.status)).toEqual(Array(5).fill(200));
      expect((await rowsOf(u.id)).filter((r: { is_default: boolean }) => r.is_default)).toHaveLength(1);
    });

    it('is backed by the partial unique index and the list index', async () => {
      const indexes: { indexname: string; indexdef: string }[] = await db.query(
        `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'aircraft'`,
      );
      expect(indexes.find((i) => i.indexname === 'aircraft_one_default_per_user')?.indexdef).toMatch(
        /UNIQUE INDEX .* \(user_id\) WHERE is_default/,
      );
      expect(indexes.find((i) => i.indexname === 'aircraft_user_list_idx')?.indexdef).toMatch(
        /\(user_id, is_default DESC, make\)/,
      );
    });
  });
});
