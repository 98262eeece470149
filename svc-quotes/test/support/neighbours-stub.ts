import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  IDENTITY_HEADER,
  type AircraftDto,
  type AirportDto,
  type FboContactDto,
  type InternalIdentity,
  type ProfileDto,
} from '@rampquote/contracts';
import { identityTrustOf, verifyIdentity } from '@rampquote/service-kit';
import { TEST_KEYS } from '@rampquote/service-kit/testing';

type Mode = 'ok' | 'error' | 'hang';

/** What the real services trust in tests: the published TEST keys of the gateway and of every service. */
const TRUST = identityTrustOf({ GATEWAY_PUBLIC_KEY: TEST_KEYS.gateway.publicKey, NODE_ENV: 'test' });

/**
 * svc-fleet, svc-airports and svc-identity as one small HTTP stub with their real paths and answers: it accepts
 * only calls signed by svc-quotes (its TEST key; the user through the gateway's header) and answers per user, like the real services.
 */
export class NeighboursStub {
  readonly aircraft = new Map<string, AircraftDto>();
  readonly airports = new Map<string, AirportDto>();
  readonly fbos = new Map<string, FboContactDto[]>();
  readonly profiles = new Map<string, ProfileDto>();
  /** Every call, as `<service> <METHOD> <path>` with the identity it carried. */
  readonly calls: { path: string; identity: InternalIdentity }[] = [];
  mode: Record<'fleet' | 'airports' | 'identity', Mode> = { fleet: 'ok', airports: 'ok', identity: 'ok' };
  private server: Server | undefined;
  private readonly hanging = new Set<IncomingMessage>();

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const which = /^\/(api|internal)\/airports/.test(url.pathname)
        ? 'airports'
        : url.pathname.startsWith('/api/user/profile')
          ? 'identity'
          : 'fleet';
      // Each stubbed service accepts only identities signed for it and for this very request.
      const verified = verifyIdentity(req.headers[IDENTITY_HEADER] as string | undefined, TRUST, {
        service: which,
        method: req.method ?? 'GET',
        path: req.url ?? '/',
      });
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!verified.ok || verified.identity.caller !== 'svc-quotes') return json(401, { error: 'Unauthorized' });
      const identity = verified.identity;
      this.calls.push({ path: url.pathname, identity });
      if (this.mode[which] === 'error') return json(500, { error: 'Internal server error' });
      if (this.mode[which] === 'hang') {
        this.hanging.add(req);
        return;
      }
      const user = identity.user;
      let m: RegExpMatchArray | null;
      if ((m = url.pathname.match(/^\/api\/aircraft\/([^/]+)$/))) {
        const a = this.aircraft.get(decodeURIComponent(m[1]));
        return a && user && a.userId === user.id ? json(200, a) : json(404, { error: 'Aircraft not found' });
      }
      if (url.pathname === '/api/user/aircraft') {
        if (!user) return json(401, { error: 'Authentication required' });
        return json(
          200,
          [...this.aircraft.values()]
            .filter((a) => a.userId === user.id)
            .sort((x, y) => Number(y.isDefault) - Number(x.isDefault)),
        );
      }
      if ((m = url.pathname.match(/^\/api\/airports\/([^/]+)\/fbos$/))) {
        const code = decodeURIComponent(m[1]).toUpperCase();
        return this.airports.has(code)
          ? json(200, { fbos: this.fbos.get(code) ?? [], discovery: 'none' })
          : json(404, { error: 'Airport not found' });
      }
      if ((m = url.pathname.match(/^\/internal\/airports\/([^/]+)\/fbos$/))) {
        const code = decodeURIComponent(m[1]).toUpperCase();
        return this.airports.has(code)
          ? json(200, { fbos: this.fbos.get(code) ?? [] })
          : json(404, { error: 'Airport not found' });
      }
      if ((m = url.pathname.match(/^\/api\/airports\/([^/]+)$/))) {
        const airport = this.airports.get(decodeURIComponent(m[1]).toUpperCase());
        return airport ? json(200, airport) : json(404, { error: 'Airport not found' });
      }
      if (url.pathname === '/api/user/profile') {
        const profile = user && this.profiles.get(user.id);
        return profile ? json(200, profile) : json(401, { error: 'Authentication required' });
      }
      json(404, { error: 'Not found' });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const req of this.hanging) req.socket.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  addAirport(identifier: string, name: string, city = 'Seattle', state = 'WA'): AirportDto {
    const airport: AirportDto = {
      id: randomUUID(),
      identifier,
      code: identifier.slice(1),
      name,
      city,
      state,
      country: 'US',
      latitude: null,
      longitude: null,
      elevation: null,
      type: 'large_airport',
    };
    this.airports.set(identifier, airport);
    return airport;
  }

  addFbo(airport: string, name: string, email: string): FboContactDto {
    const fbo: FboContactDto = { id: randomUUID(), name, email, phone: '+1 206 555 0100', logo: null };
    this.fbos.set(airport, [...(this.fbos.get(airport) ?? []), fbo]);
    return fbo;
  }

  addAircraft(userId: string, tailNumber: string, isDefault = true): AircraftDto {
    const now = new Date().toISOString();
    const aircraft: AircraftDto = {
      id: randomUUID(),
      userId,
      name: `Citation ${tailNumber}`,
      make: 'Cessna',
      model: 'Citation CJ3',
      type: 'Turbofan',
      tailNumber,
      serialNumber: null,
      year: 2015,
      unitSystem: 'imperial',
      isDefault,
      wingspan: 53.3,
      length: 51.2,
      height: 15.2,
      basicEmptyWeight: 8540,
      maxRampWeight: 14070,
      maxTakeoffWeight: 13870,
      maxLandingWeight: 12750,
      minRunwayLength: 3180,
      createdAt: now,
      updatedAt: now,
    };
    this.aircraft.set(aircraft.id, aircraft);
    return aircraft;
  }

  addProfile(
    userId: string,
    email: string,
    firstName: string,
    lastName: string,
    companyName: string | null = null,
  ): ProfileDto {
    const profile = {
      id: userId,
      username: email.split('@')[0],
      email,
      role: 'pilot',
      firstName,
      lastName,
      companyName,
      phoneNumber: '+1 425 555 0199',
      jobTitle: 'Chief Pilot',
      preferredUnits: 'Standard',
      hasActiveSubscription: false,
      subscriptionPlanName: null,
      subscriptionCurrentPeriodEnd: null,
    } as unknown as ProfileDto;
    this.profiles.set(userId, profile);
    return profile;
  }
}
