import type { NextFunction, Request, Response } from 'express';
import type { SessionData } from 'express-session';
import etag from 'etag';
import { Routes } from '@rampquote/contracts';
import { sendApiError } from '../edge/api-error';
import { routeOf } from '../routing/route-policy.middleware';

/** The body and weak ETag per read-only session (frozen, one per session cache entry): made once, sent many times. */
const answers = new WeakMap<Readonly<SessionData>, { body: Buffer; etag: string }>();

function answerOf(session: Readonly<SessionData>): { body: Buffer; etag: string } {
  let answer = answers.get(session);
  if (!answer) {
    const body = Buffer.from(JSON.stringify(session.user));
    answer = { body, etag: etag(body, { weak: true }) };
    if (Object.isFrozen(session)) answers.set(session, answer);
  }
  return answer;
}

/**
 * `GET /api/auth/me`: the session's user as JSON (`Cache-Control: no-store`, a weak ETag, 304 to a matching
 * If-None-Match), 401 when nobody is signed in. The page shell asks it on every load, so it is answered as a pipeline
 * step, from the session the session step loaded, without Nest's router.
 */
export function answerSignedInUser(req: Request, res: Response, next: NextFunction): void {
  const policy = routeOf(req)?.policy;
  if (policy?.path !== Routes.auth.me || policy.owner !== 'gateway') return next();
  res.setHeader('Cache-Control', 'no-store');
  const session = req.session as Readonly<SessionData> | undefined;
  if (!session?.user) return sendApiError(res, 401, { error: 'Not authenticated' });
  const { body, etag: tag } = answerOf(session);
  res.setHeader('ETag', tag);
  res.statusCode = 200;
  if (req.fresh) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
