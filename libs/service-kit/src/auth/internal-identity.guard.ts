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
import { EMPTY_BODY, verifyIdentity } from '../identity-signing';
import { SERVICE_CONFIG, SERVICE_KIT_OPTIONS } from '../nest/tokens';
import { currentRequestContext } from '../request-context/request-context';
import { hasBody } from './identity-body';
import { identityTrustOf, type IdentityTrust } from './identity-keys';
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
 * @PublicRoute() only for /health): signed with the gateway's key or with the own key of the service it names, at
 * most 30 s old, and made for this service and this request's method, path, query string and body (a header
 * captured elsewhere is refused; a body is checked as it is read, see identityBodyCheck). A user is taken only from
 * the gateway's signature. Then the route's @RequireIdentity() requirement.
 */
@Injectable()
export class InternalIdentityGuard implements CanActivate {
  private readonly trust: IdentityTrust;

  constructor(
    private readonly reflector: Reflector,
    @Inject(SERVICE_CONFIG) config: { GATEWAY_PUBLIC_KEY: string; SERVICE_PUBLIC_KEYS?: string; NODE_ENV: string },
    @Inject(SERVICE_KIT_OPTIONS) private readonly options: { service: string },
  ) {
    this.trust = identityTrustOf(config);
  }

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
    const header = Array.isArray(raw) ? raw[0] : raw;
    // The path and query as the caller sent them (originalUrl: before any router mounting).
    const binding = {
      service: this.options.service,
      method: request.method,
      path: request.originalUrl ?? request.url,
      // A body's hash is compared as the body is read (identityBodyCheck); without one it is the empty body's.
      body: hasBody(request as never) ? undefined : EMPTY_BODY,
    };
    const verified = verifyIdentity(header, this.trust, binding);
    if (!verified.ok) throw new UnauthorizedException(UNAUTHORIZED_IDENTITY_BODY);
    const identity = verified.identity;
    request[IDENTITY_REQUEST_KEY] = identity;
    // The gateway's word for this user: what this service's own calls on the user's behalf carry (InternalClient).
    const work = currentRequestContext();
    if (work && identity.caller === 'gateway' && identity.user) work.identityHeader = header;

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
