import { UnauthorizedException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { IDENTITY_HEADER } from '@rampquote/contracts';
import { BODY_IN_TRAILER, BODY_TRAILER, identityBodyOf, verifyBodyTrailer } from '../identity-signing';
import type { IdentityTrust } from './identity-keys';

const UNAUTHORIZED_BODY = { error: 'Unauthorized', details: [{ message: 'Missing or invalid internal identity' }] };

/** Whether a request carries a body (a length above zero, or chunked). */
export const hasBody = (req: { headers: Record<string, string | string[] | undefined> }) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/**
 * Express middleware, before any body parser: hashes a request's body as it is read (by the JSON parser, multer or
 * any other reader) and, when it ends, compares the hash with the one the identity header signed (or, for a body
 * streamed by the gateway, with the signed BODY_TRAILER). A body that does not match never ends: its readers get a
 * 401 error instead, so no handler sees it.
 */
export function identityBodyCheck(trust: IdentityTrust) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const header = req.headers[IDENTITY_HEADER];
    if (typeof header !== 'string' || !hasBody(req)) return next();
    const hash = createHash('sha256');
    const emit = req.emit;
    req.emit = function (this: Request, event: string | symbol, ...args: unknown[]) {
      if (event === 'data') hash.update(args[0] as Buffer);
      else if (event === 'end') {
        req.emit = emit;
        if (!bodyMatches(header, trust, hash.digest('base64url'), req.trailers[BODY_TRAILER])) {
          if (this.listenerCount('error') > 0)
            return emit.call(this, 'error', new UnauthorizedException(UNAUTHORIZED_BODY));
          this.destroy();
          return false;
        }
      }
      return emit.call(this, event, ...args);
    } as typeof req.emit;
    next();
  };
}

function bodyMatches(header: string, trust: IdentityTrust, hash: string, trailer: string | undefined): boolean {
  const signed = identityBodyOf(header, trust);
  if (!signed) return false;
  if (signed.body === BODY_IN_TRAILER) return verifyBodyTrailer(header, trailer, hash, signed.key);
  return signed.body === hash;
}
