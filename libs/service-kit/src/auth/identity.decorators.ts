import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { InternalIdentity, UserRole } from '@rampquote/contracts';

export const PUBLIC_ROUTE = 'rampquote:public-route';
export const IDENTITY_REQUIREMENT = 'rampquote:identity-requirement';
/** Where the guard leaves the verified identity on the request. */
export const IDENTITY_REQUEST_KEY = 'rampquoteIdentity';

/** What a route demands of the signed identity (besides a valid signature, always required). */
export interface IdentityRequirement {
  /** A signed-in user must be named (401 "Authentication required" otherwise). */
  user?: boolean;
  /** The user must have one of these roles (403 "Forbidden" otherwise); implies `user`. */
  role?: UserRole | readonly UserRole[];
  /** Only these callers (`gateway`, `svc-quotes`, ...) may call (403 "Forbidden" otherwise). */
  caller?: string | readonly string[];
}

/** Skips the internal identity check entirely. Only for /health. */
export const PublicRoute = () => SetMetadata(PUBLIC_ROUTE, true);

/** Narrows who may call a controller or route; method-level settings override class-level ones. */
export const RequireIdentity = (requirement: IdentityRequirement) => SetMetadata(IDENTITY_REQUIREMENT, requirement);

/** The verified identity of the caller (set by InternalIdentityGuard). */
export const CurrentIdentity = createParamDecorator(
  (_data: unknown, context: ExecutionContext): InternalIdentity | undefined => {
    const request = context.switchToHttp().getRequest<Record<string, unknown>>();
    return request[IDENTITY_REQUEST_KEY] as InternalIdentity | undefined;
  },
);
