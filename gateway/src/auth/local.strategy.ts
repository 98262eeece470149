import { Inject, Injectable, Logger } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import { Routes, type UserDto, type VerifyCredentialsResponse } from '@rampquote/contracts';
import { InternalClient } from '@rampquote/service-kit';
import { ApiError } from '../edge/api-error';
import { clientIp } from '../rate-limits/action-limits.middleware';
import { RateLimitsService } from '../rate-limits/rate-limits.service';
import { UserAccessService } from '../user-access/user-access.service';
import { IDENTITY_SERVICE } from './identity-service.provider';

export const INVITE_ONLY_MESSAGE =
  "RampQuote is invite-only during the beta. We'll e-mail you as soon as your access is open.";

const UNAVAILABLE = { error: 'Login is temporarily unavailable. Please try again shortly.' };

const isVerifyAnswer = (body: unknown): body is VerifyCredentialsResponse =>
  typeof body === 'object' &&
  body !== null &&
  ((body as { ok?: unknown }).ok === true
    ? typeof (body as { user?: unknown }).user === 'object'
    : (body as { ok?: unknown }).ok === false && typeof (body as { error?: unknown }).error === 'string');

/** What a successful login hands to AuthController: the user and the access revision the session is made with. */
export interface SignedInUser {
  user: UserDto;
  accessRevision: number;
}

/** passport-local: the password is checked by svc-identity, never here. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  private readonly logger = new Logger('LocalStrategy');

  constructor(
    @Inject(IDENTITY_SERVICE) private readonly identity: InternalClient,
    private readonly limits: RateLimitsService,
    private readonly access: UserAccessService,
  ) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true });
  }

  /** Asks svc-identity whether the e-mail and password belong to a user who may log in (503 when it cannot say). */
  private async verifyCredentials(email: string, password: string): Promise<VerifyCredentialsResponse> {
    let answer;
    try {
      answer = await this.identity.post(Routes.internal.verifyCredentials, { email, password });
    } catch {
      throw new ApiError(503, UNAVAILABLE); // unreachable or timed out (logged by the client)
    }
    // The answer is a body with `ok`; a 4xx carrying that body is accepted too.
    if (answer.status < 500 && isVerifyAnswer(answer.body)) return answer.body;
    this.logger.error({ msg: 'unexpected credential check answer', status: answer.status });
    throw new ApiError(503, UNAVAILABLE);
  }

  async validate(req: Request, email: string, password: string): Promise<SignedInUser> {
    // Read before the check: a change of the user's rights recorded after this instant may be missing from the answer.
    const started = await this.access.loginStarted();
    const answer = await this.verifyCredentials(email, password);
    if (answer.ok)
      return { user: answer.user, accessRevision: await this.access.revisionForNewSession(answer.user.id, started) };
    if (answer.error === 'beta_access_required') {
      throw new ApiError(403, { error: 'beta_access_required', details: [{ message: INVITE_ONLY_MESSAGE }] });
    }
    await this.limits.recordLoginFailure(email, clientIp(req));
    throw new ApiError(401, { error: 'Invalid email or password' });
  }
}
