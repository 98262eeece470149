import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { Routes, type UserDto } from '@rampquote/contracts';
import { createInternalClient, SERVICE_CONFIG, type InternalClient } from '@rampquote/service-kit';
import type { AirportsConfig } from '../config';

const UNAVAILABLE = () =>
  new ServiceUnavailableException({
    error: 'Service unavailable',
    details: [{ message: 'svc-identity is not reachable' }],
  });

/** svc-identity over the signed internal call: the account of an e-mail, and an invitation to register. */
@Injectable()
export class IdentityLookups {
  private readonly identity: InternalClient;

  constructor(@Inject(SERVICE_CONFIG) config: AirportsConfig) {
    this.identity = createInternalClient(
      'airports',
      'identity',
      config.IDENTITY_URL,
      config.SERVICE_PRIVATE_KEY,
      config.IDENTITY_TIMEOUT_MS,
    );
  }

  /** The account using `email`, or null. */
  async userByEmail(email: string): Promise<UserDto | null> {
    const res = await this.identity.post<UserDto>(Routes.internal.userLookup, { email }).catch(() => {
      throw UNAVAILABLE();
    });
    if (res.status === 404) return null;
    if (res.status !== 200 || typeof res.body?.id !== 'string') throw UNAVAILABLE();
    return res.body;
  }

  async invite(email: string): Promise<void> {
    const res = await this.identity.post(Routes.internal.invite, { email }).catch(() => {
      throw UNAVAILABLE();
    });
    if (res.status !== 201) throw UNAVAILABLE();
  }
}
