import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { SessionData } from 'express-session';
import { Routes, USER_ROLES, type UserDto } from '@rampquote/contracts';
import { InternalClient } from '@rampquote/service-kit';
import { IDENTITY_SERVICE } from '../auth/identity-service.provider';
import { sendApiError } from '../edge/api-error';
import { routeOf } from '../routing/route-policy.middleware';

const promisify = (fn: (cb: (err?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));

const isUser = (body: unknown): body is UserDto => {
  const u = body as Partial<UserDto> | null;
  return (
    typeof u === 'object' &&
    u !== null &&
    typeof u.id === 'string' &&
    typeof u.email === 'string' &&
    typeof u.role === 'string' &&
    (USER_ROLES as readonly string[]).includes(u.role) &&
    typeof u.username === 'string' &&
    typeof u.firstName === 'string' &&
    typeof u.lastName === 'string'
  );
};

/** The access of a user whose rights never changed (a session without `latestAccess`). */
const NO_ACCESS_CHANGE = { revision: 0, validFrom: 0 };

/**
 * Whether a session was made (or last brought up to date) with the user's current access revision: such a session
 * goes on untouched. Also the condition of the read-only sessions SessionsService.load gives to reads.
 */
export const madeWithCurrentAccess = (
  session: Partial<Pick<SessionData, 'accessRevision' | 'latestAccess'>>,
): boolean => session.accessRevision === (session.latestAccess ?? NO_ACCESS_CHANGE).revision;

/** Signing in makes a new session and signing out ends it: neither needs the old one brought up to date. */
const SESSION_ROUTES: readonly string[] = [Routes.auth.login, Routes.auth.logout];
const startsOrEndsSession = (req: Request) => SESSION_ROUTES.includes(routeOf(req)?.policy.path ?? '');

/**
 * Sessions follow the user's rights: runs after the session is loaded (with the user's current access revision,
 * see session-store.ts). A session made with the current revision goes on untouched (no call to svc-identity).
 * Otherwise:
 * - made before a password change or a revoked access: the session ends (the request goes on signed out, so a
 *   route that needs a session answers 401);
 * - otherwise (a new role or e-mail): the user is read again from svc-identity (GET /internal/users/:id) and the
 *   session keeps the new values; a user svc-identity no longer knows ends the session. svc-identity unreachable:
 *   503, the session stays as it was and the next request tries again.
 */
@Injectable()
export class SessionAccessCheck {
  private readonly logger = new Logger('SessionAccess');

  constructor(@Inject(IDENTITY_SERVICE) private readonly identity: InternalClient) {}

  readonly middleware: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    const session = req.session;
    if (!session?.user || startsOrEndsSession(req) || madeWithCurrentAccess(session)) return next();
    this.bringUpToDate(req, res).then((goOn) => (goOn ? next() : undefined), next);
  };

  /** False when the answer was already sent. */
  private async bringUpToDate(req: Request, res: Response): Promise<boolean> {
    const session = req.session;
    const user = session.user!;
    const latest = session.latestAccess ?? NO_ACCESS_CHANGE;
    const made = session.accessRevision;

    if (latest.validFrom > (made ?? 0)) {
      await promisify((cb) => session.destroy(cb));
      return true;
    }
    let answer;
    try {
      answer = await this.identity.get<unknown>(Routes.internal.userById(user.id));
    } catch {
      sendApiError(res, 503, { error: 'Service unavailable', details: [{ message: 'svc-identity is not reachable' }] });
      return false;
    }
    if (answer.status === 200 && isUser(answer.body) && answer.body.id === user.id) {
      session.user = answer.body;
      session.accessRevision = latest.revision;
      await promisify((cb) => session.save(cb));
      return true;
    }
    if (answer.status >= 500 || answer.status === 200) {
      this.logger.error({ msg: 'unexpected answer when reloading a session user', status: answer.status });
      sendApiError(res, 503, {
        error: 'Service unavailable',
        details: [{ message: 'svc-identity did not answer as expected' }],
      });
      return false;
    }
    // 404 (or any refusal): the user is gone or may no longer sign in.
    await promisify((cb) => session.destroy(cb));
    return true;
  }
}
