import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  Agent,
  request as httpRequest,
  type ClientRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { createHash, type KeyObject } from 'node:crypto';
import { stringify as formEncode } from 'node:querystring';
import { Agent as ReadClient } from 'undici';
import { IDENTITY_HEADER, type ServiceName } from '@rampquote/contracts';
import {
  BODY_IN_TRAILER,
  BODY_TRAILER,
  bodyHash,
  EMPTY_BODY,
  SERVICE_KEEP_ALIVE_MS,
  signBodyTrailer,
  signIdentity,
} from '@rampquote/service-kit';
import { sendApiError } from '../edge/api-error';
import { isBodilessRead, routeOf } from '../routing/route-policy.middleware';

export interface ServiceProxyOptions {
  serviceUrls: Record<ServiceName, string>;
  /** The gateway's Ed25519 private key: the only key whose identities may name a user. */
  privateKey: KeyObject;
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
 * that service and this request's method, path, query string (as forwarded: the proxy keeps `req.url`) and body
 * (`body`: its hash, BODY_IN_TRAILER, or none).
 */
export function identityFor(
  req: Request,
  key: KeyObject,
  service: ServiceName,
  iat = Date.now(),
  body: string = EMPTY_BODY,
): string {
  const user = req.session?.user;
  return signIdentity(
    user
      ? { caller: 'gateway', user: { id: user.id, email: user.email, role: user.role }, iat }
      : { caller: 'gateway', iat },
    key,
    { service, method: req.method, path: req.url, body },
  );
}

/**
 * How long a signed identity is sent again for the same user, service, method and path with query (a page's
 * repeated call without a body): signing costs an Ed25519 signature per call, and the services verify a header they
 * saw before at the cost of a map lookup (service-kit identity-signing). A reused identity is at most this much older
 * when it arrives, of its 30 s.
 */
export const IDENTITY_REUSE_MS = 1000;

/** identityFor a bodiless call, made again only once IDENTITY_REUSE_MS has passed since the last made for the same call. */
export function reusedIdentities(
  key: KeyObject,
  now: () => number = Date.now,
): (req: Request, service: ServiceName) => string {
  let madeSince = 0;
  let made = new Map<string, string>();
  return (req, service) => {
    const at = now();
    if (at - madeSince >= IDENTITY_REUSE_MS || made.size >= 10_000) {
      made = new Map();
      madeSince = at;
    }
    const user = req.session?.user;
    const call = `${service} ${req.method} ${req.url}`;
    const cacheKey = user ? `${call} ${user.id} ${user.role} ${user.email}` : call;
    let identity = made.get(cacheKey);
    if (identity === undefined) made.set(cacheKey, (identity = identityFor(req, key, service, at)));
    return identity;
  };
}

/**
 * Bodies up to this size are read whole before they are forwarded, so the identity signs their hash; a larger (or
 * chunked) body streams on, and its hash follows in a signed BODY_TRAILER. The services take JSON up to 1 MB.
 */
export const SIGNED_BODY_LIMIT = 1024 * 1024;

const UPSTREAM_TIMEOUT = 'RQ_UPSTREAM_TIMEOUT';

/**
 * The pool of connections to the services: kept open and reused (a new TCP connection per call costs more than the
 * call itself under load), as many idle as may be open (with fewer, a burst's connections beyond that number were
 * closed when it ended and opened again by the next one). An idle connection is closed by the gateway after
 * `idleMs`, well before the service closes it (SERVICE_KEEP_ALIVE_MS): a call sent on a connection the service is
 * closing at that moment fails with ECONNRESET, and a POST cannot be sent again. Node's agent keeps idle connections
 * for ever without a `timeout` (the service's Keep-Alive hint only shortens one that is set).
 */
export function serviceAgent(idleMs = SERVICE_KEEP_ALIVE_MS - 5_000): Agent {
  return new Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 128, timeout: idleMs });
}

const serviceOf = (req: Request): ServiceName | undefined => {
  const owner = routeOf(req)?.policy.owner;
  return owner === undefined || owner === 'gateway' ? undefined : owner;
};

export const isEventStream = (upstream: IncomingMessage) =>
  /^text\/event-stream/i.test(String(upstream.headers['content-type'] ?? ''));

/**
 * Headers that describe one connection, not the message (RFC 9110 §7.6.1): never passed on, in either direction,
 * nor any header the `Connection` header names. Each side's HTTP server frames its own messages (chunked or
 * Content-Length) and keeps its own connections.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The usual `Connection` values name no header of their own (both are hop-by-hop already). */
const namesNoHeader = (value: string) => /^\s*(keep-alive|close)\s*$/i.test(value);

/** The message headers, without hop-by-hop ones and without `alsoLeftOut` (lower-case names). */
function withoutHopByHop(
  headers: IncomingHttpHeaders,
  alsoLeftOut?: ReadonlySet<string>,
): Record<string, string | string[]> {
  const named = headers.connection;
  const listed =
    named && !namesNoHeader(String(named))
      ? new Set(
          String(named)
            .split(',')
            .map((token) => token.trim().toLowerCase()),
        )
      : undefined;
  const kept: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || HOP_BY_HOP.has(name) || listed?.has(name) || alsoLeftOut?.has(name)) continue;
    kept[name] = value;
  }
  return kept;
}

/** The service's answer headers on the browser's answer, without hop-by-hop ones; a value Node refuses to send is left out. */
function copyAnswerHeaders(res: ServerResponse, headers: IncomingHttpHeaders): void {
  const kept = withoutHopByHop(headers);
  for (const name in kept) {
    try {
      res.setHeader(name, kept[name]!);
    } catch {
      // Left out: the rest of the answer still goes through.
    }
  }
}

/** Request headers never sent to a service (see upstreamHeaders). */
const KEPT_FROM_SERVICES = new Set(['cookie', 'expect']);

/**
 * The headers a service receives. The browser's cookies never reach a service; the identity is freshly signed (a
 * forged one was stripped by stripForgedIdentity). `Expect: 100-continue` was already answered to the client by the
 * gateway's HTTP server, so it is not passed on (with it, uploads of over 1 MB by curl once reached svc-airports
 * unsigned). `Host` is the service's; X-Forwarded-For/-Port/-Proto/-Host say where the call came from (kept when
 * a proxy in front already set them).
 */
function upstreamHeaders(req: Request, identity: string, targetHost: string): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = withoutHopByHop(req.headers, KEPT_FROM_SERVICES);
  headers.host = targetHost;
  headers[IDENTITY_HEADER] = identity;
  const encrypted = Boolean((req.socket as { encrypted?: boolean }).encrypted);
  headers['x-forwarded-for'] ||= req.socket.remoteAddress;
  headers['x-forwarded-port'] ||= /:(\d+)/.exec(req.headers.host ?? '')?.[1] ?? (encrypted ? '443' : '80');
  headers['x-forwarded-proto'] ||= encrypted ? 'https' : 'http';
  headers['x-forwarded-host'] ||= req.headers.host ?? '';
  if (
    (req.method === 'DELETE' || req.method === 'OPTIONS') &&
    !req.headers['content-length'] &&
    !req.headers['transfer-encoding']
  )
    headers['content-length'] = '0';
  return headers;
}

/**
 * A body the gateway already read and parsed (forgot-password, for its rate limit) is sent again as the same
 * media type; undefined when the request's own stream is still to be forwarded.
 */
function reparsedBody(req: Request): Buffer | undefined {
  const body: unknown = req.body;
  if (!req.readableEnded || !body) return undefined;
  const type = String(req.headers['content-type'] ?? '');
  if (type.includes('application/json') || type.includes('+json')) return Buffer.from(JSON.stringify(body));
  if (type.includes('application/x-www-form-urlencoded'))
    return Buffer.from(formEncode(body as Record<string, string>));
  return undefined;
}

interface Target {
  origin: string;
  hostname: string;
  port: number;
  host: string;
  basePath: string;
}

const targetOf = (url: string): Target => {
  const parsed = new URL(url);
  return {
    origin: parsed.origin,
    hostname: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(parsed.port || 80),
    host: parsed.host,
    basePath: parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/$/, ''),
  };
};

/**
 * Forwards every route whose policy says `proxy` (libs/contracts route policy) to its owning service, streaming
 * the request and the answer both ways over kept-alive connections. A read of a signed-in route (GET or HEAD without
 * a body, session `required`, not an event stream) goes over undici's client, which costs the gateway about a tenth
 * less CPU per call than node:http's; its answer is never offered to the edge cache (the cache keeps answers of
 * routes without a session). Everything else is a plain `http.request` pipe: bodies, event streams, public reads.
 * Server-Sent Events answers stream unbuffered, uncompressed and without the proxy timeout. An unreachable service
 * is a JSON 502, no answer (or silence inside one) for `timeoutMs` a JSON 504; an answer that breaks off after its
 * headers were sent ends the browser's answer. A route whose service has no address goes on to the next step.
 */
export function serviceProxy(options: ServiceProxyOptions): RequestHandler {
  const logger = new Logger('Proxy');
  const timeoutMs = options.timeoutMs ?? 60_000;
  const agent = serviceAgent();
  const identityOf = reusedIdentities(options.privateKey);
  const targets = new Map<string, Target>();
  for (const [service, url] of Object.entries(options.serviceUrls)) targets.set(service, targetOf(url));

  /**
   * A call the service did not answer: logged, then a JSON 504 (no answer in time) or 502 (not reachable) naming the
   * service, or, when the answer had begun, the browser's answer ended where it broke off.
   */
  const answerUnavailable = (
    req: IncomingMessage,
    res: ServerResponse,
    name: string,
    err: NodeJS.ErrnoException,
    timedOut: boolean,
  ) => {
    logger.warn({
      msg: timedOut ? 'upstream timed out' : 'upstream unreachable',
      upstream: name,
      // The route's pattern, never the path: an FBO's link token is in it.
      route: routeOf(req as Request)?.policy.path ?? 'unmatched',
      code: err.code,
      err: err.message,
    });
    if (res.headersSent) {
      res.end();
      return;
    }
    if (timedOut)
      sendApiError(res, 504, {
        error: 'Service unavailable',
        details: [{ message: `${name} did not answer in time` }],
      });
    else sendApiError(res, 502, { error: 'Service unavailable', details: [{ message: `${name} is not reachable` }] });
  };

  const fail = (
    err: NodeJS.ErrnoException,
    req: Request,
    res: Response,
    service: ServiceName,
    upstreamReq: ClientRequest,
  ) => {
    // The browser went away (its socket is closed): nothing to answer, the call to the service is dropped.
    if (err.code === 'ECONNRESET' && !req.socket?.writable) {
      upstreamReq.destroy();
      return;
    }
    answerUnavailable(req, res, `svc-${service}`, err, err.code === UPSTREAM_TIMEOUT);
  };

  /** A body to forward: none, read whole (its hash signed), or streamed (its hash in a signed trailer). */
  type Body = { kind: 'none' } | { kind: 'whole'; bytes: Buffer } | { kind: 'streamed' };

  const forward = (req: Request, res: Response, service: ServiceName, target: Target) => {
    const reparsed = reparsedBody(req);
    if (reparsed) return send(req, res, service, target, { kind: 'whole', bytes: reparsed });
    if (
      req.readableEnded ||
      (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined)
    )
      return send(req, res, service, target, { kind: 'none' });
    const length = Number(req.headers['content-length']);
    if (req.headers['transfer-encoding'] !== undefined || !(length <= SIGNED_BODY_LIMIT))
      return send(req, res, service, target, { kind: 'streamed' });
    const chunks: Buffer[] = [];
    // A browser that goes away mid-body: nothing is sent on, nothing to answer.
    req.once('error', () => undefined);
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => send(req, res, service, target, { kind: 'whole', bytes: Buffer.concat(chunks) }));
  };

  const send = (req: Request, res: Response, service: ServiceName, target: Target, body: Body) => {
    const identity =
      body.kind === 'none'
        ? identityOf(req, service)
        : identityFor(
            req,
            options.privateKey,
            service,
            Date.now(),
            body.kind === 'whole' ? bodyHash(body.bytes) : BODY_IN_TRAILER,
          );
    const headers = upstreamHeaders(req, identity, target.host);
    if (body.kind === 'whole') headers['content-length'] = String(body.bytes.length);
    if (body.kind === 'streamed') {
      // Chunked (whatever the method), so that the body's signed hash can follow it.
      delete headers['content-length'];
      headers['transfer-encoding'] = 'chunked';
      headers.trailer = BODY_TRAILER;
    }
    const upstreamReq = httpRequest({
      agent,
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: target.basePath + (req.url || '/'),
      headers,
    });
    let failed = false;
    const onError = (err: NodeJS.ErrnoException) => {
      if (failed) return;
      failed = true;
      fail(err, req, res, service, upstreamReq);
    };
    upstreamReq.on('error', onError);
    req.on('error', onError);
    // No answer, or silence inside one, for timeoutMs: the call is given up (504).
    upstreamReq.setTimeout(timeoutMs, () =>
      upstreamReq.destroy(Object.assign(new Error('upstream timed out'), { code: UPSTREAM_TIMEOUT })),
    );
    // The browser went away before its answer was complete: the call to the service is dropped.
    res.on('close', () => {
      if (!res.writableFinished) upstreamReq.destroy();
    });

    upstreamReq.on('response', (upstream: IncomingMessage) => {
      if (!upstreamReq.writableFinished) {
        // Answered before the whole request was sent (a refused upload): the rest of the browser's body is read and
        // dropped instead of being forwarded.
        const drain = () => {
          req.unpipe(upstreamReq);
          req.resume();
        };
        upstream.once('end', () => {
          if (!upstreamReq.writableFinished) drain();
        });
        upstream.once('close', () => {
          if (!upstreamReq.writableFinished) {
            drain();
            upstreamReq.destroy();
          }
        });
      }
      if (isEventStream(upstream)) {
        // A live stream may be quiet for long: the timeout (an idle timeout on the upstream socket) stops here,
        // and a buffering proxy in front (nginx, an ingress) is told not to hold the events back.
        upstream.socket?.setTimeout(0);
        upstream.headers['x-accel-buffering'] ??= 'no';
      }
      options.onUpstreamResponse?.(req, upstream);
      if (res.headersSent) {
        upstream.resume();
        return;
      }
      res.statusCode = upstream.statusCode ?? 502;
      if (upstream.statusMessage) res.statusMessage = upstream.statusMessage;
      copyAnswerHeaders(res, upstream.headers);
      res.on('close', () => {
        if (!upstream.complete) upstream.destroy();
      });
      upstream.on('close', () => {
        if (!upstream.complete && !res.destroyed) res.destroy();
      });
      upstream.on('error', (err) => {
        if (!res.destroyed) res.destroy(err);
      });
      upstream.pipe(res);
    });

    if (body.kind === 'whole') upstreamReq.end(body.bytes);
    else if (body.kind === 'none') upstreamReq.end();
    else {
      const hash = createHash('sha256');
      req.on('data', (chunk: Buffer) => hash.update(chunk));
      req.once('end', () => {
        if (upstreamReq.destroyed || upstreamReq.writableEnded) return;
        upstreamReq.addTrailers({
          [BODY_TRAILER]: signBodyTrailer(identity, hash.digest('base64url'), options.privateKey),
        });
        upstreamReq.end();
      });
      req.pipe(upstreamReq, { end: false });
    }
  };

  const readClient = new ReadClient({ connections: 128 });
  const read = (req: Request, res: Response, service: ServiceName, target: Target) => {
    const name = `svc-${service}`;
    // The browser went away before the answer was complete: the call to the service is dropped.
    const abandon = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) abandon.abort();
    });
    readClient
      .stream(
        {
          origin: target.origin,
          path: target.basePath + (req.url || '/'),
          method: req.method as 'GET' | 'HEAD',
          headers: upstreamHeaders(req, identityOf(req, service), target.host) as Record<string, string>,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          signal: abandon.signal,
        },
        ({ statusCode, headers }) => {
          res.statusCode = statusCode;
          copyAnswerHeaders(res, headers as IncomingHttpHeaders);
          return res;
        },
      )
      .catch((err: NodeJS.ErrnoException) => {
        // An answer that broke off after its headers: undici has ended the browser's answer already.
        if (abandon.signal.aborted || res.headersSent) return;
        answerUnavailable(
          req,
          res,
          name,
          err,
          err.code === 'UND_ERR_HEADERS_TIMEOUT' || err.code === 'UND_ERR_BODY_TIMEOUT',
        );
      });
  };

  return (req: Request, res: Response, next: NextFunction) => {
    const policy = routeOf(req)?.policy;
    const service = serviceOf(req);
    const target = service && targets.get(service);
    if (policy?.handler !== 'proxy' || !service || !target) return next();
    if (policy.session === 'required' && !policy.stream && isBodilessRead(req)) read(req, res, service, target);
    else forward(req, res, service, target);
  };
}

/** Removes any identity header a browser sent: only the gateway signs identities. */
export const stripForgedIdentity: RequestHandler = (req, _res, next) => {
  if (req.headers[IDENTITY_HEADER] !== undefined) delete req.headers[IDENTITY_HEADER];
  next();
};
