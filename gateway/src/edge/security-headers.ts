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

const siteHelmet = () =>
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    xPoweredBy: true,
  });
const hstsHeaders = () => helmet.strictTransportSecurity({ maxAge: 180 * 24 * 3600, includeSubDomains: true });

/** helmet with our CSP and referrer policy; HSTS is added only on requests that arrived over TLS. */
export function securityHeaders(): RequestHandler[] {
  const hsts = hstsHeaders();
  return [siteHelmet(), (req: Request, res: Response, next: NextFunction) => (req.secure ? hsts(req, res, next) : next())];
}

/**
 * The same headers as fixed values, for answers written outside Express (the edge cache's hits): what helmet
 * sets, without and with HSTS.
 */
export function securityHeaderValues(): { plain: Record<string, string>; secure: Record<string, string> } {
  const capture = (middlewares: RequestHandler[]) => {
    const headers: Record<string, string> = {};
    const res = {
      setHeader: (name: string, value: string | number | string[]) => (headers[name.toLowerCase()] = String(value)),
      removeHeader: (name: string) => delete headers[name.toLowerCase()],
      getHeader: (name: string) => headers[name.toLowerCase()],
    } as unknown as Response;
    for (const middleware of middlewares) middleware({ secure: true, headers: {} } as Request, res, () => undefined);
    return headers;
  };
  return { plain: capture([siteHelmet()]), secure: capture([siteHelmet(), hstsHeaders()]) };
}
