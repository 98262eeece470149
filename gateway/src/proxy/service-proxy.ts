import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Agent, type ClientRequest, type IncomingMessage } from 'node:http';
import { createProxyMiddleware, fixRequestBody } from 'http-proxy-middleware';
import { ApiRoutes, IDENTITY_HEADER, routeFor, type ServiceName } from '@rampquote/contracts';
import { signIdentity } from '@rampquote/service-kit';
import { sendApiError } from '../edge/api-error';

/**
 * Calls of the route table that the gateway answers itself (it forwards them to the service and acts on the
 * answer): a profile change replaces the session user; a password reset ends the user's sessions.
 */
export const GATEWAY_HANDLED: readonly { method: string; path: string }[] = [
  { method: 'PATCH', path: ApiRoutes.user.profile },
  { method: 'PUT', path: ApiRoutes.user.profile },
  { method: 'POST', path: ApiRoutes.resetPassword },
];

const handledByGateway = (method: string | undefined, pathname: string) =>
  GATEWAY_HANDLED.some((r) => r.method === method && r.path === pathname.replace(/\/+$/, ''));

export interface ServiceProxyOptions {
  serviceUrls: Record<ServiceName, string>;
  internalSecret: string;
  /** Upstream answer timeout in milliseconds. */
  timeoutMs?: number;
  /** Sees every upstream answer before it streams to the browser (the edge cache keeps shareable ones). */
  onUpstreamResponse?: (req: Request, upstream: IncomingMessage) => void;
}

/** The signed identity a service receives: the signed-in user, or only the caller for anonymous requests. */
export function identityFor(req: Request, secret: string): string {
  const user = req.session?.user;
  return signIdentity(user ? { caller: 'gateway', user: { id: user.id, email: user.email, role: user.role } } : { caller: 'gateway' }, secret);
}

/**
 * Proxies every path of the route table (ARCHITECTURE section 1; `routeFor` picks the longest prefix) to its
 * service, with a freshly signed identity header. The browser's own identity header (stripped earlier by
 * stripForgedIdentity) and its cookies never reach a service.
 */
export function serviceProxy(options: ServiceProxyOptions): RequestHandler {
  const logger = new Logger('Proxy');
  // Connections to the services are kept open and reused: a new TCP connection per call costs more than the
  // call itself under load.
  const agent = new Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 32 });
  const proxy = createProxyMiddleware<Request, Response>({
    pathFilter: (pathname, req) => routeFor(pathname) !== undefined && !handledByGateway(req.method, pathname.split('?')[0]),
    router: (req) => options.serviceUrls[routeFor(req.url) as ServiceName],
    changeOrigin: true,
    xfwd: true,
    agent,
    proxyTimeout: options.timeoutMs ?? 60_000,
    on: {
      proxyReq: (proxyReq: ClientRequest, req: Request) => {
        proxyReq.removeHeader('cookie');
        proxyReq.setHeader(IDENTITY_HEADER, identityFor(req, options.internalSecret));
        // A body the gateway already parsed (forgot-password, for its rate limit) is re-sent.
        fixRequestBody(proxyReq, req);
      },
      proxyRes: (upstream: IncomingMessage, req: Request) => options.onUpstreamResponse?.(req, upstream),
      error: (err, req, res) => {
        const service = routeFor(req.url ?? '') ?? 'service';
        logger.warn({ msg: 'upstream unreachable', upstream: `svc-${service}`, path: req.url, code: (err as NodeJS.ErrnoException).code, err: err.message });
        if (!('writeHead' in res)) {
          res.destroy();
          return;
        }
        if (res.headersSent) {
          res.end();
          return;
        }
        sendApiError(res as Response, 502, { error: 'Service unavailable', details: [{ message: `svc-${service} is not reachable` }] });
      },
    },
  });
  // HPM calls next(err) after its error event: the 502 is already written then, so stop there.
  return (req: Request, res: Response, next: NextFunction) =>
    void proxy(req, res, (err?: unknown) => (err && res.headersSent ? undefined : next(err)));
}

/** Removes any identity header a browser sent: only the gateway signs identities. */
export const stripForgedIdentity: RequestHandler = (req, _res, next) => {
  delete req.headers[IDENTITY_HEADER];
  next();
};
