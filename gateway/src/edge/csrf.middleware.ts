import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sendApiError } from './api-error';
import { decideCsrf, parseOrigin, UNSAFE_METHODS } from './csrf';

/** Refuses cross-site state changes on every path (the gateway's own routes and the proxied ones). */
export function csrfMiddleware(trustedOrigins: readonly string[]): RequestHandler {
  const logger = new Logger('Csrf');
  return (req: Request, res: Response, next: NextFunction) => {
    // Reads are never refused: nothing to look at (the origin is parsed only for state changes).
    if (!UNSAFE_METHODS.has(req.method.toUpperCase())) return next();
    const allowed = new Set(trustedOrigins);
    // The origin this request was addressed to (scheme from TLS / X-Forwarded-Proto when the proxy is trusted).
    const own = parseOrigin(`${req.protocol}://${req.get('host') ?? ''}`);
    if (own) allowed.add(own);
    const decision = decideCsrf(
      {
        method: req.method,
        origin: req.get('origin'),
        referer: req.get('referer'),
        secFetchSite: req.get('sec-fetch-site'),
      },
      allowed,
    );
    if (decision.allowed) return next();
    logger.warn({
      msg: 'cross-site request refused',
      reason: decision.reason,
      method: req.method,
      path: req.path,
      origin: req.get('origin'),
    });
    sendApiError(res, 403, { error: 'Cross-site request refused' });
  };
}
