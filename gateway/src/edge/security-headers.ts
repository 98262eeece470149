import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Content Security Policy for the React shell with Module Federation (remote manifests, entries, chunks, styles
 * and assets come from the site or from the remotes' own hosts, see withRemoteOrigins) and Emotion (Chakra UI injects <style> tags, hence 'unsafe-inline' for styles only).
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

/** The directives with the origins of the remotes' hosts (REMOTE_URL_MF_*) allowed to serve code, styles and assets. */
export function withRemoteOrigins(remoteOrigins: readonly string[]): typeof CSP_DIRECTIVES {
  if (!remoteOrigins.length) return CSP_DIRECTIVES;
  const add = (list: string[]) => [...list, ...remoteOrigins];
  return {
    ...CSP_DIRECTIVES,
    scriptSrc: add(CSP_DIRECTIVES.scriptSrc),
    styleSrc: add(CSP_DIRECTIVES.styleSrc),
    imgSrc: add(CSP_DIRECTIVES.imgSrc),
    mediaSrc: add(CSP_DIRECTIVES.mediaSrc),
    connectSrc: add(CSP_DIRECTIVES.connectSrc),
    fontSrc: add(CSP_DIRECTIVES.fontSrc),
  };
}

const siteHelmet = (remoteOrigins: readonly string[]) =>
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: withRemoteOrigins(remoteOrigins) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    xPoweredBy: true,
  });
const hstsHeaders = () => helmet.strictTransportSecurity({ maxAge: 180 * 24 * 3600, includeSubDomains: true });

/** A set of headers as helmet writes them: [name as helmet spells it, value], in helmet's order. */
type HeaderList = [name: string, value: string][];

/** Runs helmet's middlewares once against a recording answer: the headers they set (for any request: they are fixed). */
function captureHeaders(middlewares: RequestHandler[]): HeaderList {
  const headers = new Map<string, [string, string]>();
  const res = {
    setHeader: (name: string, value: string | number | string[]) =>
      headers.set(name.toLowerCase(), [name, String(value)]),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase())?.[1],
  } as unknown as Response;
  for (const middleware of middlewares) middleware({ secure: true, headers: {} } as Request, res, () => undefined);
  return [...headers.values()];
}

/**
 * helmet's headers with our CSP and referrer policy, HSTS on every answer of a site served over TLS (`servedOverTls`)
 * and otherwise on requests that arrived over TLS (on this socket, or per X-Forwarded-Proto from a trusted proxy). helmet's values do not depend on the request, so they are computed
 * once instead of running helmet's dozen middlewares per request.
 */
export function securityHeaders(remoteOrigins: readonly string[] = [], servedOverTls = false): RequestHandler {
  const plain = captureHeaders([siteHelmet(remoteOrigins)]);
  const secure = captureHeaders([siteHelmet(remoteOrigins), hstsHeaders()]);
  return (req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of servedOverTls || req.secure ? secure : plain) res.setHeader(name, value);
    next();
  };
}
