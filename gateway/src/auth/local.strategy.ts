import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import type { UserDto } from '@rampquote/contracts';
import { ApiError } from '../edge/api-error';
import { clientIp } from '../rate-limits/action-limits.middleware';
import { RateLimitsService } from '../rate-limits/rate-limits.service';
import { IdentityClient } from './identity.client';

export const INVITE_ONLY_MESSAGE =
  "RampQuote is invite-only during the beta. We'll e-mail you as soon as your access is open.";

/** passport-local: the password is checked by svc-identity, never here. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(
    private readonly identity: IdentityClient,
    private readonly limits: RateLimitsService,
  ) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true });
  }

  async validate(req: Request, email: string, password: string): Promise<UserDto> {
    let answer;
    try {
      answer = await this.identity.verifyCredentials(email, password);
    } catch {
      throw new ApiError(503, { error: 'Login is temporarily unavailable. Please try again shortly.' });
    }
    if (answer.ok) return answer.user;
    if (answer.error === 'beta_access_required') {
      throw new ApiError(403, { error: 'beta_access_required', details: [{ message: INVITE_ONLY_MESSAGE }] });
    }
    await this.limits.recordLoginFailure(email, clientIp(req));
    throw new ApiError(401, { error: 'Invalid email or password' });
  }
}
