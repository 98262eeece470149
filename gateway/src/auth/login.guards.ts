import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { loginRequestSchema, type LoginInput } from '@rampquote/contracts';
import { unstorableText } from '@rampquote/service-kit';
import { ApiError } from '../edge/api-error';
import { clientIp } from '../rate-limits/action-limits.middleware';
import { RATE_LIMIT_MESSAGES, RateLimitsService } from '../rate-limits/rate-limits.service';

/**
 * 1. The body must hold a valid e-mail and a password (400 with the spec's messages otherwise), as text svc-identity
 * accepts: a NUL or a lone surrogate is refused here as every service refuses it (svc-identity's 400 for it read as
 * "Login is temporarily unavailable", a 503, found by the bad-input suite).
 */
@Injectable()
export class LoginBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const unstorable = unstorableText(req.body ?? {});
    if (unstorable.length) throw new ApiError(400, { error: 'Invalid request data', details: unstorable });
    const result = loginRequestSchema.safeParse(req.body ?? {});
    if (!result.success) {
      const seen = new Set<string>();
      const details = result.error.issues
        .map((issue) => ({ field: issue.path.join('.'), message: issue.message }))
        .filter((d) => (seen.has(d.field) ? false : (seen.add(d.field), true)));
      throw new ApiError(400, { error: 'Invalid request data', details });
    }
    req.body = result.data satisfies LoginInput;
    return true;
  }
}

/** 2. An e-mail or a client that used up its failed attempts is refused before the password is checked. */
@Injectable()
export class LoginThrottleGuard implements CanActivate {
  constructor(private readonly limits: RateLimitsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const check = await this.limits.checkLogin((req.body as LoginInput).email, clientIp(req));
    if (check.limited) {
      throw new ApiError(429, { error: RATE_LIMIT_MESSAGES.login }, { 'Retry-After': String(check.retryAfterSeconds) });
    }
    return true;
  }
}

/** 3. passport-local through svc-identity (LocalStrategy); sessions are handled by AuthController. */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {}
