import { BadGatewayException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import {
  Routes,
  QuoteRequestMessages,
  type AircraftDto,
  type AirportDto,
  type AirportFboContactsResponse,
  type FboContactDto,
  type FboMembershipDto,
  type FboMembershipsResponse,
  type InternalIdentity,
  type ProfileDto,
} from '@rampquote/contracts';
import {
  createInternalClient,
  SERVICE_CONFIG,
  type InternalClient,
  type InternalResponse,
} from '@rampquote/service-kit';
import type { QuotesConfig } from '../config';

type User = NonNullable<InternalIdentity['user']>;

/**
 * The other services svc-quotes reads when a request is made (ARCHITECTURE section 3): svc-fleet (the user's
 * aircraft), svc-airports (airports and their FBOs) and svc-identity (the requester's profile), over HTTP with
 * the signed identity and a short timeout. A neighbour that cannot be reached or times out gives 503, one that
 * answers with an error 502, each with a JSON error naming it.
 */
@Injectable()
export class NeighboursService {
  private readonly logger = new Logger('Neighbours');
  private readonly fleet: InternalClient;
  private readonly airports: InternalClient;
  private readonly identity: InternalClient;

  constructor(@Inject(SERVICE_CONFIG) config: QuotesConfig) {
    const client = (target: string, url: string) =>
      createInternalClient('quotes', target, url, config.SERVICE_PRIVATE_KEY, config.NEIGHBOUR_TIMEOUT_MS);
    this.fleet = client('fleet', config.FLEET_URL);
    this.airports = client('airports', config.AIRPORTS_URL);
    this.identity = client('identity', config.IDENTITY_URL);
  }

  /** One of the user's aircraft, or null when it is not theirs (or does not exist). */
  async aircraft(user: User, id: string): Promise<AircraftDto | null> {
    const res = await this.call('fleet', () => this.fleet.get<AircraftDto>(Routes.aircraft.byId(id), { user }), [404]);
    return res.status === 404 ? null : res.body;
  }

  /** The user's aircraft (the default first). */
  async userAircraft(user: User): Promise<AircraftDto[]> {
    const res = await this.call('fleet', () => this.fleet.get<AircraftDto[]>(Routes.user.aircraft, { user }));
    return Array.isArray(res.body) ? res.body : [];
  }

  async airport(code: string): Promise<AirportDto | null> {
    const res = await this.call('airports', () => this.airports.get<AirportDto>(Routes.airports.airport(code)), [404]);
    return res.status === 404 ? null : res.body;
  }

  /** The active FBOs at an airport with the address each is mailed at ([] for an unknown airport). */
  async fbos(code: string): Promise<FboContactDto[]> {
    const res = await this.call(
      'airports',
      () => this.airports.get<AirportFboContactsResponse>(Routes.internal.airportFboContacts(code)),
      [404],
    );
    return res.status === 404 ? [] : (res.body?.fbos ?? []);
  }

  /** The FBOs a user belongs to (svc-airports' membership: the only source of FBO rights). */
  async fboMemberships(userId: string): Promise<FboMembershipDto[]> {
    const res = await this.call('airports', () =>
      this.airports.get<FboMembershipsResponse>(Routes.internal.fboMemberships(userId)),
    );
    return Array.isArray(res.body?.memberships) ? res.body.memberships : [];
  }

  /** The requester's profile, read as the requester. */
  async profile(user: User): Promise<ProfileDto> {
    const res = await this.call('identity', () => this.identity.get<ProfileDto>(Routes.user.profile, { user }));
    return res.body;
  }

  private async call<T>(
    what: string,
    run: () => Promise<InternalResponse<T>>,
    expected: number[] = [],
  ): Promise<InternalResponse<T>> {
    let res: InternalResponse<T>;
    try {
      res = await run();
    } catch (err) {
      // InternalClient throws when no answer came (unreachable, or not within NEIGHBOUR_TIMEOUT_MS).
      this.logger.warn(`svc-${what} unreachable: ${err instanceof Error ? err.message : String(err)}`);
      throw new ServiceUnavailableException({ error: QuoteRequestMessages.neighbourUnavailable(what) });
    }
    if (res.ok || expected.includes(res.status)) return res;
    this.logger.warn(`svc-${what} answered ${res.status}`);
    if (res.status === 503)
      throw new ServiceUnavailableException({ error: QuoteRequestMessages.neighbourUnavailable(what) });
    throw new BadGatewayException({ error: QuoteRequestMessages.neighbourFailed(what) });
  }
}
