import { IDENTITY_HEADER } from '@rampquote/contracts';
import { signIdentity } from '@rampquote/service-kit';
import { TEST_KEYS } from '@rampquote/service-kit/testing';
import { newUserId, startFleet, type FleetTestApp } from './support/fleet-app';

describe('aircraft catalogue calls (real PostgreSQL and RabbitMQ)', () => {
  let t: FleetTestApp;

  beforeAll(async () => {
    t = await startFleet();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/aircraft/makes lists the makes to visitors, sorted, cacheable for 5 minutes', async () => {
    const res = await t.http().get('/api/aircraft/makes').use(t.asVisitor());
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toEqual(
      expect.arrayContaining([
        'Beechcraft',
        'Bombardier',
        'Cessna',
        'Cirrus',
        'Dassault',
        'Gulfstream',
        'Honda',
        'Pilatus',
      ]),
    );
    expect(res.body).toEqual([...res.body].sort((a: string, b: string) => a.localeCompare(b)));
  });

  it('answers signed-in users the same way', async () => {
    const res = await t.http().get('/api/aircraft/makes').use(t.asUser(newUserId()));
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(10);
  });

  it('GET /api/aircraft/models/{make} lists the models, also for an encoded make with spaces', async () => {
    const cirrus = await t.http().get('/api/aircraft/models/Cirrus').use(t.asVisitor());
    expect(cirrus.status).toBe(200);
    expect(cirrus.body).toEqual(['SF50 Vision Jet', 'SR20', 'SR22', 'SR22T']);
    const dhc = await t.http().get('/api/aircraft/models/De%20Havilland%20Canada').use(t.asVisitor());
    expect(dhc.body).toEqual(['DHC-2 Beaver', 'DHC-6 Twin Otter Series 400']);
    const none = await t.http().get('/api/aircraft/models/Zeppelin').use(t.asVisitor());
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
  });

  it('GET /api/aircraft/specs/{make}/{model} gives the figures in ft and lbs', async () => {
    const res = await t.http().get('/api/aircraft/specs/Cessna/Citation%20CJ4').use(t.asVisitor());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      make: 'Cessna',
      model: 'Citation CJ4',
      type: 'Turbofan',
      wingspan: 50.8,
      length: 53.3,
      height: 15.3,
      basicEmptyWeight: 10280,
      maxRampWeight: 17230,
      maxTakeoffWeight: 17110,
      maxLandingWeight: 15660,
      minRunwayLength: 3410,
      unitSystem: 'imperial',
    });
  });

  it('gives metric figures (m, kg) with ?unitSystem=metric or the profile’s Metric', async () => {
    for (const query of ['unitSystem=metric', 'unitSystem=Metric']) {
      const res = await t.http().get(`/api/aircraft/specs/cessna/citation%20cj4?${query}`).use(t.asVisitor());
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        make: 'Cessna',
        model: 'Citation CJ4',
        type: 'Turbofan',
        wingspan: 15.5,
        length: 16.2,
        height: 4.7,
        basicEmptyWeight: 4663,
        maxRampWeight: 7815,
        maxTakeoffWeight: 7761,
        maxLandingWeight: 7103,
        minRunwayLength: 1039,
        unitSystem: 'metric',
      });
    }
  });

  it('refuses an unknown unit system and answers 404 for a type the catalogue lacks', async () => {
    const bad = await t.http().get('/api/aircraft/specs/Cessna/152?unitSystem=cubits').use(t.asVisitor());
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'Invalid request data',
      details: [{ field: 'unitSystem', message: 'Unit system must be imperial or metric' }],
    });
    const missing = await t.http().get('/api/aircraft/specs/Cessna/Concorde').use(t.asVisitor());
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      error: 'No specifications found for this make and model',
      details: [{ message: 'Cessna Concorde' }],
    });
  });

  it('refuses callers without a valid signed identity', async () => {
    const unsigned = await t.http().get('/api/aircraft/makes');
    expect(unsigned.status).toBe(401);
    expect(unsigned.body).toEqual({
      error: 'Unauthorized',
      details: [{ message: 'Missing or invalid internal identity' }],
    });
    const forged = await t
      .http()
      .get('/api/aircraft/makes')
      .set(
        IDENTITY_HEADER,
        signIdentity({ caller: 'gateway' }, TEST_KEYS.privateKey('svc-quotes'), {
          service: 'fleet',
          method: 'GET',
          path: '/api/aircraft/makes',
        }),
      );
    expect(forged.status).toBe(401);
  });
});
