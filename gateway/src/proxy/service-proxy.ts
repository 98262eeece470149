import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Agent, type ClientRequest, type IncomingMessage } from 'node:http';
import { createProxyMiddleware, fixRequestBody } from 'http-proxy-middleware';
import { IDENTITY_HEADER, type ServiceName } from '@rampquote/contracts';
import { signIdentity } from '@rampquote/service-kit';
import { sendApiError } from '../edge/api-error';
import { routeOf } from '../routing/route-policy.middleware';

export interface ServiceProxyOptions {
  serviceUrls: Record<ServiceName, string>;
  internalSecret: string;
  /**
   * Longest wait for an upstream answer, and longest silence inside one, in milliseconds (default 60 s). A
   * Server-Sent Events stream is exempt once it has started.
   */
  timeoutMs?: number;
  /** Sees every upstream answer before it streams to the browser (the edge cache keeps shareable ones). */
  onUpstreamResponse?: (req: Request, upstream: IncomingMessage) => void;
}

/**
 * The signed identity a service receives: the signed-in user, or only the caller for anonymous requests; good for
 * that service and this request's method and path only (as forwarded: the proxy keeps `req.url`).
 */
export function identityFor(req: Request, secret: string, service: ServiceName): string {
  const user = req.session?.user;
  return signIdentity(user ? { caller: 'gateway', user: { id: user.id, email: user.email, role: user.role } } : { caller: 'gateway' }, secret, {
    service,
    method: req.method,
    path: req.url,
  });
}

const UPSTREAM_TIMEOUT = 'RQ_UPSTREAM_TIMEOUT';

const serviceOf = (req: Request): ServiceName | undefined => {
  const owner = routeOf(req)?.policy.owner;
  return owner === undefined || owner === 'gateway' ? undefined : owner;
};

export const isEventStream = (upstream: IncomingMessage) =>
  String(upstream.headers['content-type'] ?? '').toLowerCase().startsWith('text/event-stream');

/**
 * The headers a service receives, set on the request before it is forwarded. The browser's cookies never reach
 * a service; the identity is freshly signed (a forged one was stripped by stripForgedIdentity). `Expect:
 * 100-continue` was already answered to the client by the gateway's HTTP server, so it is not passed on: with
 * it, the proxy (httpxy) sends the headers at once and skips its proxyReq listeners, which is how uploads of
 * over 1 MB by curl reached svc-airports unsigned (401) with the session cookie.
 */
function prepareUpstreamHeaders(req: Request, secret: string, service: ServiceName): void {
  delete req.headers.cookie;
  delete req.headers.expect;
  req.headers[IDENTITY_HEADER] = identityFor(req, secret, service);
}

/**
 * Forwards every route whose policy says `proxy` (libs/contracts route policy) to its owning service, streaming
 * the request and the answer both ways. Server-Sent Events answers stream unbuffered, uncompressed and without
 * the proxy timeout.
 */
export function serviceProxy(options: ServiceProxyOptions): RequestHandler {
  const logger = new Logger('Proxy');
  const timeoutMs = options.timeoutMs ?? 60_000;
  // Connections to the services are kept open and reused: a new TCP connection per call costs more than the
  // call itself under load.
  const agent = new Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 32 });
  const proxy = createProxyMiddleware<Request, Response>({
    router: (req) => options.serviceUrls[serviceOf(req) as ServiceName],
    changeOrigin: true,
    xfwd: true,
    agent,
    on: {
      proxyReq: (proxyReq: ClientRequest, req: Request) => {
        // No answer, or silence inside one, for timeoutMs: the call is given up (504).
        proxyReq.setTimeout(timeoutMs, () => proxyReq.destroy(Object.assign(new Error('upstream timed out'), { code: UPSTREAM_TIMEOUT })));
        // A body the gateway already parsed (forgot-password, for its rate limit) is re-sent.
        fixRequestBody(proxyReq, req);
      },
      proxyRes: (upstream: IncomingMessage, req: Request) => {
        if (isEventStream(upstream)) {
          // A live stream may be quiet for long: the timeout (an idle timeout on the upstream socket) stops here,
          // and a buffering proxy in front (nginx, an ingress) is told not to hold the events back.
          upstream.socket?.setTimeout(0);
          upstream.headers['x-accel-buffering'] ??= 'no';
        }
        options.onUpstreamResponse?.(req, upstream);
      },
      error: (err, req, res) => {
        const service = `svc-${serviceOf(req as Request) ?? 'service'}`;
        const timedOut = (err as NodeJS.ErrnoException).code === UPSTREAM_TIMEOUT;
        logger.warn({ msg: timedOut ? 'upstream timed out' : 'upstream unreachable', upstream: service, path: req.url, code: (err as NodeJS.ErrnoException).code, err: err.message });
        if (!('writeHead' in res)) {
          res.destroy();
          return;
        }
        if (res.headersSent) {
          res.end();
          return;
        }
        if (timedOut) sendApiError(res as Response, 504, { error: 'Service unavailable', details: [{ message: `${service} did not answer in time` }] });
        else sendApiError(res as Response, 502, { error: 'Service unavailable', details: [{ message: `${service} is not reachable` }] });
      },
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    const service = serviceOf(req);
    if (routeOf(req)?.policy.handler !== 'proxy' || !service) return next();
    prepareUpstreamHeaders(req, options.internalSecret, service);
    // HPM calls next(err) after its error event: the 502 is already written then, so stop there.
    void proxy(req, res, (err?: unknown) => (err && res.headersSent ? undefined : next(err)));
  };
}

/** Removes any identity header a browser sent: only the gateway signs identities. */
export const stripForgedIdentity: RequestHandler = (req, _res, next) => {
  delete req.headers[IDENTITY_HEADER];
  next();
};
