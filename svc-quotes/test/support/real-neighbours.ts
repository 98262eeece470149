import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  Routes,
  type AircraftDto,
  type AirportFbosResponse,
  type FboContactDto,
  type FboDto,
  type UserRole,
} from '@rampquote/contracts';
import { startAirports, type AirportsTestApp } from '../../../svc-airports/test/support/airports-app';
import { startFleet, type FleetTestApp } from '../../../svc-fleet/test/support/fleet-app';
import { startIdentity, type IdentityTestApp } from '../../../svc-identity/test/support/identity-app';

export interface TestUser {
  id: string;
  email: string;
  role: UserRole;
}

/** The airports every test may name: KSEA (departure), KBFI (destination) and KGEG. */
const AIRPORTS_CSV = [
  'IATA,ICAO,Name,City,State,Country',
  'SEA,KSEA,Seattle-Tacoma International Airport,Seattle,WA,US',
  'BFI,KBFI,Boeing Field King County International Airport,Seattle,WA,US',
  'GEG,KGEG,Spokane International Airport,Spokane,WA,US',
].join('\n');

export interface RealNeighbours {
  fleet: FleetTestApp;
  airports: AirportsTestApp;
  identity: IdentityTestApp;
  /** FLEET_URL, AIRPORTS_URL and IDENTITY_URL for svc-quotes. */
  urls: { FLEET_URL: string; AIRPORTS_URL: string; IDENTITY_URL: string };
  /**
   * A pilot registered at svc-identity (Earhart of Electra Flight Department, phone and job title in the profile)
   * with a default aircraft saved at svc-fleet (a Cessna Citation CJ3, its tail number unique).
   */
  pilot: (firstName?: string) => Promise<{ user: TestUser; aircraft: AircraftDto }>;
  /** An FBO added to an airport through svc-airports' admin directory. */
  addFbo: (airport: string, name: string, email: string) => Promise<FboContactDto>;
  /** The active FBOs svc-airports lists at an airport (its public list). */
  fbosAt: (airport: string) => Promise<FboDto[]>;
  close: () => Promise<void>;
}

const listening = async (app: NestExpressApplication) => {
  await app.listen(0, '127.0.0.1');
  return (await app.getUrl()).replace('[::1]', '127.0.0.1');
};

/**
 * The real svc-fleet, svc-airports and svc-identity, started together in this process, each on its own fresh
 * database and exchange (their own test support), listening on 127.0.0.1 (TEST keys); svc-airports holds
 * KSEA, KBFI and KGEG, imported through its admin upload.
 */
export async function startRealNeighbours(): Promise<RealNeighbours> {
  const env = { LOG_LEVEL: 'warn' };
  const started = await Promise.allSettled([startFleet(env), startAirports(env), startIdentity(env)]);
  const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const close = async () => {
    await Promise.all(up.map((s) => s.close()));
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason;
  }
  const [fleet, airports, identity] = up as [FleetTestApp, AirportsTestApp, IdentityTestApp];
  try {
    const [FLEET_URL, AIRPORTS_URL, IDENTITY_URL] = await Promise.all(
      [fleet, airports, identity].map((s) => listening(s.app)),
    );
    const imported = await airports
      .http()
      .post(Routes.admin.importAirports)
      .use(airports.as('admin'))
      .attach('airportFile', Buffer.from(AIRPORTS_CSV), 'airports.csv');
    if (imported.status !== 200) throw new Error(`svc-airports import: ${imported.status} ${imported.text}`);

    const expectStatus = (what: string, res: { status: number; text: string }, status: number) => {
      if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text}`);
    };
    return {
      fleet,
      airports,
      identity,
      urls: { FLEET_URL, AIRPORTS_URL, IDENTITY_URL },
      pilot: async (firstName = 'Amelia') => {
        const email = `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
        const registered = await identity.http().post(Routes.auth.register).use(identity.asGateway()).send({
          firstName,
          lastName: 'Earhart',
          email,
          password: 'Str0ng#Pass',
          companyName: 'Electra Flight Department',
        });
        expectStatus('svc-identity register', registered, 201);
        const user: TestUser = { id: registered.body.user.id, email, role: 'pilot' };
        const profile = await identity
          .http()
          .patch(Routes.user.profile)
          .use(identity.asGateway(user))
          .send({ phoneNumber: '+1 425 555 0199', jobTitle: 'Chief Pilot' });
        expectStatus('svc-identity profile', profile, 200);
        const tailNumber = `N${randomUUID().slice(0, 4).toUpperCase()}`;
        const saved = await fleet.http().post(Routes.aircraft.root).use(fleet.asUser(user.id)).send({
          make: 'Cessna',
          model: 'Citation CJ3',
          type: 'Turbofan',
          tailNumber,
          year: 2015,
          wingspan: 53.3,
          length: 51.2,
          height: 15.2,
          maxTakeoffWeight: 13870,
          minRunwayLength: 3180,
        });
        expectStatus('svc-fleet aircraft', saved, 201);
        return { user, aircraft: saved.body as AircraftDto };
      },
      addFbo: async (airport, name, email) => {
        const res = await airports
          .http()
          .post(Routes.admin.fbos)
          .use(airports.as('admin'))
          .send({ airport, name, email, phone: '+1 206 555 0100' });
        expectStatus('svc-airports FBO', res, 201);
        const { id, phone, logo } = res.body as FboContactDto;
        return { id, name, email, phone, logo };
      },
      fbosAt: async (airport) => {
        const res = await airports.http().get(Routes.airports.fbos(airport)).use(airports.as());
        expectStatus('svc-airports FBOs', res, 200);
        return (res.body as AirportFbosResponse).fbos;
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
