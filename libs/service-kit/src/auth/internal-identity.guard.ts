import {
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IDENTITY_HEADER } from '@rampquote/contracts';
import { verifyIdentity } from '../identity-signing';
import { SERVICE_CONFIG, SERVICE_KIT_OPTIONS } from '../nest/tokens';
import {
  IDENTITY_REQUEST_KEY,
  IDENTITY_REQUIREMENT,
  PUBLIC_ROUTE,
  type IdentityRequirement,
} from './identity.decorators';

export const UNAUTHORIZED_IDENTITY_BODY = {
  error: 'Unauthorized',
  details: [{ message: 'Missing or invalid internal identity' }],
};

/**
 * Verifies the signed internal identity header on every route (apply globally; opt out with
 * @PublicRoute() only for /health): signed with INTERNAL_SECRET, at most 30 s old, and made for this service and
 * this request's method and path (a header captured elsewhere is refused). Then the route's @RequireIdentity()
 * requirement.
 */
@Injectable()
export class InternalIdentityGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(SERVICE_CONFIG) private readonly config: { INTERNAL_SECRET: string },
    @Inject(SERVICE_KIT_OPTIONS) private readonly options: { service: string },
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;

    const request = context.switchToHttp().getRequest<
      {
        headers: Record<string, string | string[] | undefined>;
        method: string;
        originalUrl?: string;
        url: string;
      } & Record<string, unknown>
    >();
    const raw = request.headers[IDENTITY_HEADER];
    // The path as the caller sent it (originalUrl: before any router mounting); the query string is not signed.
    const binding = { service: this.options.service, method: request.method, path: request.originalUrl ?? request.url };
    const verified = verifyIdentity(Array.isArray(raw) ? raw[0] : raw, this.config.INTERNAL_SECRET, binding);
    if (!verified.ok) throw new UnauthorizedException(UNAUTHORIZED_IDENTITY_BODY);
    const identity = verified.identity;
    request[IDENTITY_REQUEST_KEY] = identity;

    const requirement = this.reflector.getAllAndOverride<IdentityRequirement | undefined>(
      IDENTITY_REQUIREMENT,
      targets,
    );
    if (!requirement) return true;
    if (requirement.caller !== undefined) {
      const callers: readonly string[] =
        typeof requirement.caller === 'string' ? [requirement.caller] : requirement.caller;
      if (!callers.includes(identity.caller)) throw new ForbiddenException({ error: 'Forbidden' });
    }
    if (requirement.user || requirement.role !== undefined) {
      if (!identity.user) throw new UnauthorizedException({ error: 'Authentication required' });
    }
    if (requirement.role !== undefined) {
      const roles: readonly string[] = typeof requirement.role === 'string' ? [requirement.role] : requirement.role;
      if (!roles.includes(identity.user!.role)) throw new ForbiddenException({ error: 'Forbidden' });
    }
    return true;
  }
}
