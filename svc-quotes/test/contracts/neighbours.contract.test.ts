import { randomUUID } from 'node:crypto';
import {
  IDENTITY_HEADER,
  Routes,
  type AircraftDto,
  type FboContactDto,
  type FboDto,
  type ProfileDto,
  type QuoteRequestDetailsDto,
} from '@rampquote/contracts';
import { currentRequestContext, runWithRequestId } from '@rampquote/service-kit';
import type { AirportsTestApp } from '../../../svc-airports/test/support/airports-app';
import type { FleetTestApp } from '../../../svc-fleet/test/support/fleet-app';
import type { IdentityTestApp } from '../../../svc-identity/test/support/identity-app';
import { NeighboursService } from '../../src/neighbours/neighbours.service';
import { NeighboursStub } from '../support/neighbours-stub';
import { formPayload, startQuotes, type QuotesTestApp, type TestUser } from '../support/quotes-app';

/**
 * svc-quotes' calls to its neighbours (NeighboursService) against the real svc-fleet, svc-airports and svc-identity,
 * each started once on its own fresh database (startQuotes does, through their own test support): what each call
 * gives svc-quotes, and a quote request submitted through svc-quotes that stores the neighbours' real answers as its
 * snapshot. NeighboursStub, kept for a neighbour down, slow or failing, is checked here to answer with the real
 * services' fields.
 */
describe('contract: svc-quotes → real svc-fleet, svc-airports, svc-identity', () => {
  let fleet: FleetTestApp;
  let airports: AirportsTestApp;
  let identity: IdentityTestApp;
  let quotes: QuotesTestApp;
  let neighbours: NeighboursService;
  let fbos: FboContactDto[];

  beforeAll(async () => {
    quotes = await startQuotes();
    ({ fleet, airports, identity } = quotes.neighbours);
    neighbours = quotes.app.get(NeighboursService);

    fbos = [];
    for (const name of ['Boeing Field Jet Center', 'Galvin Flying']) {
      const res = await airports
        .http()
        .post(Routes.admin.fbos)
        .use(airports.as('admin'))
        .send({
          airport: 'KBFI',
          name,
          email: `ops-${randomUUID().slice(0, 6)}@example.com`,
          phone: '+1 206 555 0100',
        });
      expect(res.status).toBe(201);
      const { id, email, phone, logo } = res.body as FboContactDto;
      fbos.push({ id, name, email, phone, logo });
    }
  }, 120_000);

  afterAll(async () => {
    await quotes?.close();
  }, 60_000);

  /** Runs `call` as svc-quotes does while it serves `user`'s request: the gateway's header vouches for the user. */
  const serving = <T>(user: TestUser, call: () => Promise<T>) =>
    runWithRequestId(randomUUID(), () => {
      currentRequestContext()!.identityHeader = quotes.header('POST', Routes.quoteRequests.root, user)[IDENTITY_HEADER];
      return call();
    });

  /** A pilot registered at svc-identity, with aircraft saved at svc-fleet (the first one the default). */
  async function pilot(tails: string[] = ['N1CJ']): Promise<{ user: TestUser; aircraft: AircraftDto[] }> {
    const email = `pilot-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await identity
      .http()
      .post(Routes.auth.register)
      .use(identity.asGateway())
      .send({ firstName: 'Amelia', lastName: 'Earhart', email, password: 'Str0ng#Pass' });
    expect(registered.status).toBe(201);
    const user: TestUser = { id: registered.body.user.id, email, role: 'pilot' };
    const aircraft: AircraftDto[] = [];
    for (const tailNumber of tails) {
      const res = await fleet
        .http()
        .post(Routes.aircraft.root)
        .use(fleet.asUser(user.id))
        .send({ make: 'Cessna', model: 'Citation CJ3', name: `Citation ${tailNumber}`, tailNumber });
      expect(res.status).toBe(201);
      aircraft.push(res.body as AircraftDto);
    }
    return { user, aircraft };
  }

  describe('svc-fleet', () => {
    it("gives the user's aircraft as svc-fleet stores it, and null for another user's or a missing one", async () => {
      const { user, aircraft } = await pilot();
      const other = await pilot(['N2CJ']);
      expect(await serving(user, () => neighbours.aircraft(user, aircraft[0].id))).toEqual(aircraft[0]);
      expect(await serving(user, () => neighbours.aircraft(user, other.aircraft[0].id))).toBeNull();
      expect(await serving(user, () => neighbours.aircraft(user, randomUUID()))).toBeNull();
    });

    it("lists the user's aircraft, the default first", async () => {
      const { user, aircraft } = await pilot(['N3CJ', 'N4CJ']);
      const list = await serving(user, () => neighbours.userAircraft(user));
      expect(list.map((a) => a.id).sort()).toEqual(aircraft.map((a) => a.id).sort());
      expect(list[0].isDefault).toBe(true);
    });
  });

  describe('svc-airports', () => {
    it('gives an airport by identifier or IATA code, and null for an unknown one', async () => {
      const expected = {
        id: expect.any(String),
        identifier: 'KBFI',
        code: 'BFI',
        name: 'Boeing Field King County International Airport',
        city: 'Seattle',
        state: 'WA',
      };
      expect(await neighbours.airport('KBFI')).toMatchObject(expected);
      expect(await neighbours.airport('bfi')).toMatchObject(expected);
      expect(await neighbours.airport('KZZZ')).toBeNull();
    });

    it("gives an airport's active FBOs, none at an airport without FBOs and none at an unknown airport", async () => {
      expect(await neighbours.fbos('KBFI')).toEqual(fbos);
      expect(await neighbours.fbos('KGEG')).toEqual([]);
      expect(await neighbours.fbos('KZZZ')).toEqual([]);
    });
  });

  describe('svc-identity', () => {
    it("gives the requester's profile, read as the requester", async () => {
      const { user } = await pilot([]);
      const profile: ProfileDto = await serving(user, () => neighbours.profile(user));
      expect(profile).toMatchObject({ id: user.id, email: user.email, firstName: 'Amelia', lastName: 'Earhart' });
    });
  });

  describe('NeighboursStub (the stand-in of the other svc-quotes tests)', () => {
    it('answers with the same fields as the real services', async () => {
      const { user, aircraft } = await pilot(['N8CJ']);
      const keys = (value: object) => Object.keys(value).sort();
      const stub = new NeighboursStub();
      expect(keys(stub.addAircraft(user.id, 'N9CJ'))).toEqual(keys(aircraft[0]));
      expect(keys(stub.addAirport('KGEG', 'Spokane International Airport'))).toEqual(
        keys((await neighbours.airport('KGEG'))!),
      );
      expect(keys(stub.addFbo('KBFI', 'Stub FBO', 'stub@example.com'))).toEqual(keys(fbos[0]));
      // The stub's profile has only the fields a request's snapshot takes, each one the real profile has.
      expect(keys(await serving(user, () => neighbours.profile(user)))).toEqual(
        expect.arrayContaining(keys(stub.addProfile(user.id, user.email, 'Amelia', 'Earhart'))),
      );
    });
  });

  describe('a quote request submitted through svc-quotes', () => {
    it("stores the real neighbours' aircraft, airports, FBOs and requester as its snapshot", async () => {
      const { user, aircraft } = await pilot(['N5CJ']);
      const submitted = await quotes
        .http()
        .post(Routes.quoteRequests.root)
        .use(quotes.as(user))
        .send(formPayload(aircraft[0], fbos));
      expect(submitted.status).toBe(201);

      const details = await quotes.http().get(`${Routes.quoteRequests.root}/${submitted.body.id}`).use(quotes.as(user));
      expect(details.status).toBe(200);
      const body = details.body as QuoteRequestDetailsDto;
      expect(body).toMatchObject({
        aircraft: {
          id: aircraft[0].id,
          name: 'Citation N5CJ',
          make: 'Cessna',
          model: 'Citation CJ3',
          tailNumber: 'N5CJ',
        },
        airport: { identifier: 'KBFI', code: 'BFI', name: 'Boeing Field King County International Airport' },
        originAirport: { identifier: 'KSEA', code: 'SEA', name: 'Seattle-Tacoma International Airport' },
        totalFbosCount: 2,
      });
      const [row] = await quotes.db.query(`SELECT requester FROM quote_requests WHERE id = $1`, [submitted.body.id]);
      expect(row.requester).toMatchObject({ id: user.id, email: user.email, firstName: 'Amelia', lastName: 'Earhart' });
      const invited = await quotes.db.query(
        `SELECT fbo FROM quote_invitations WHERE quote_request_id = $1 ORDER BY position`,
        [submitted.body.id],
      );
      expect(invited.map((i: { fbo: FboDto }) => i.fbo)).toEqual(fbos);
    });

    it("takes the pilot's default aircraft and every FBO at the destination for the legacy wizard", async () => {
      const { user, aircraft } = await pilot(['N6CJ', 'N7CJ']);
      const day = 86_400_000;
      const submitted = await quotes
        .http()
        .post(Routes.quoteRequests.root)
        .use(quotes.as(user))
        .send({
          destination: 'KBFI',
          duration: {
            arrival: new Date(Date.now() + 10 * day).toISOString(),
            departure: new Date(Date.now() + 12 * day).toISOString(),
          },
          services: ['fuel'],
        });
      expect(submitted.status).toBe(201);
      const [row] = await quotes.db.query(`SELECT aircraft_id, total_fbos_count FROM quote_requests WHERE id = $1`, [
        submitted.body.id,
      ]);
      expect(row).toEqual({ aircraft_id: aircraft.find((a) => a.isDefault)!.id, total_fbos_count: 2 });
    });
  });
});
