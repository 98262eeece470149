import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Content Security Policy for the React shell with Module Federation (remote entries and chunks are
 * same-origin scripts) and Emotion (Chakra UI injects <style> tags, hence 'unsafe-inline' for styles only).
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/** helmet with our CSP and referrer policy; HSTS is added only on requests that arrived over TLS. */
export function securityHeaders(): RequestHandler[] {
  const hsts = helmet.strictTransportSecurity({ maxAge: 180 * 24 * 3600, includeSubDomains: true });
  return [
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
      xPoweredBy: true,
    }),
    (req: Request, res: Response, next: NextFunction) => (req.secure ? hsts(req, res, next) : next()),
  ];
}
