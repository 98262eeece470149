import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Routes } from '@rampquote/contracts';

/** A health answer: the HTTP status and the JSON body. */
export interface HealthAnswer {
  status: number;
  body: unknown;
}

/**
 * Wraps a check so that, however many callers ask, it runs at most once per `maxAgeMs` (callers in between get the
 * last answer; callers while it runs share that run). A health check under load then costs the database about one
 * query a second instead of one per request.
 */
export function sharedCheck<T>(check: () => Promise<T>, maxAgeMs = 1000): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (last && now - last.at < maxAgeMs) return last.value;
    const value = check();
    last = { at: now, value };
    // A failed check is not kept: the next caller asks again.
    value.catch(() => {
      if (last?.value === value) last = undefined;
    });
    return value;
  };
}

/** Whether a request is `GET /health` (a query string allowed); with `orHead`, HEAD /health too. */
export function isHealthRequest(req: Pick<IncomingMessage, 'method' | 'url'>, orHead = false): boolean {
  if (req.method !== 'GET' && !(orHead && req.method === 'HEAD')) return false;
  const url = req.url ?? '';
  return url === Routes.internal.health || url.startsWith(`${Routes.internal.health}?`);
}

/**
 * `GET /health` (and HEAD) as a pipeline step: answered here with the check's status and JSON body, no other step,
 * router, guard or interceptor running for it (the launcher and load balancers poll it, a load test measures it);
 * every other request goes on. `headers` are added to the answer (Content-Type and Cache-Control are set here). A
 * check that throws leaves the request to the next step.
 */
export function healthFirst(
  answer: () => Promise<HealthAnswer>,
  headers: (req: IncomingMessage) => Record<string, string> = () => ({}),
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    if (!isHealthRequest(req, true)) return next();
    answer().then(
      ({ status, body }) => {
        const json = JSON.stringify(body);
        res.writeHead(status, {
          ...headers(req),
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': String(Buffer.byteLength(json)),
          'Cache-Control': 'no-store',
        });
        res.end(req.method === 'HEAD' ? undefined : json);
      },
      () => next(),
    );
  };
}

/**
 * Answers `GET /health` in front of Express and Nest of a service (healthFirst around the listener that was there,
 * the Express app). HEAD and every other request go to that listener.
 */
export function answerHealthFirst(
  server: Server,
  answer: () => Promise<HealthAnswer>,
  headers: (req: IncomingMessage) => Record<string, string> = () => ({}),
): void {
  const [appListener] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (!appListener) throw new Error('the HTTP server has no request listener to answer /health in front of');
  server.removeListener('request', appListener);
  const health = healthFirst(answer, headers);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET') return appListener(req, res);
    health(req, res, () => appListener(req, res));
  });
}
