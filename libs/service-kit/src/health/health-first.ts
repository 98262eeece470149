import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { InternalRoutes } from '@rampquote/contracts';

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

/** Whether a request is `GET /health` (a query string allowed). */
export function isHealthRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET') return false;
  const url = req.url ?? '';
  return url === InternalRoutes.health || url.startsWith(`${InternalRoutes.health}?`);
}

/**
 * Answers `GET /health` in front of Express and Nest (no middleware, router, guard or interceptor runs for it): the
 * launcher and load balancers poll it, and a load test measures it. Every other request goes to the listener that
 * was there (the Express app). `headers` are added to the answer (Content-Type and Cache-Control are set here).
 */
export function answerHealthFirst(
  server: Server,
  answer: () => Promise<HealthAnswer>,
  headers: (req: IncomingMessage) => Record<string, string> = () => ({}),
): void {
  const [appListener] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (!appListener) throw new Error('the HTTP server has no request listener to answer /health in front of');
  server.removeListener('request', appListener);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!isHealthRequest(req)) return appListener(req, res);
    answer().then(
      ({ status, body }) => {
        const json = JSON.stringify(body);
        res.writeHead(status, {
          ...headers(req),
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': String(Buffer.byteLength(json)),
          'Cache-Control': 'no-store',
        });
        res.end(json);
      },
      () => appListener(req, res),
    );
  });
}
