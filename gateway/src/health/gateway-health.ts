import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Pool } from 'pg';
import { InternalRoutes } from '@rampquote/contracts';

export interface GatewayHealth {
  status: 'ok' | 'error';
  checks: { database: 'up' | 'down' };
}

/** The health answer: 200 when the gateway's database answers, 503 otherwise. */
export interface GatewayHealthAnswer {
  status: 200 | 503;
  body: GatewayHealth;
}

const UP: GatewayHealthAnswer = { status: 200, body: { status: 'ok', checks: { database: 'up' } } };
const DOWN: GatewayHealthAnswer = { status: 503, body: { status: 'error', checks: { database: 'down' } } };
/** How long one database check answers for: under load, health costs the database about one query a second. */
const CHECK_MAX_AGE_MS = 1000;

const checks = new WeakMap<Pool, () => Promise<GatewayHealthAnswer>>();

/**
 * The gateway's health check on its database pool, shared by every caller (HealthController and the answer in front
 * of Express): one `SELECT 1` answers for a second; callers while it runs share it.
 */
export function gatewayHealth(pool: Pool): () => Promise<GatewayHealthAnswer> {
  let check = checks.get(pool);
  if (!check) {
    let last: { at: number; answer: Promise<GatewayHealthAnswer> } | undefined;
    check = () => {
      const now = Date.now();
      if (last && now - last.at < CHECK_MAX_AGE_MS) return last.answer;
      const answer = pool.query('SELECT 1').then(
        () => UP,
        () => DOWN,
      );
      last = { at: now, answer };
      return answer;
    };
    checks.set(pool, check);
  }
  return check;
}

/**
 * Answers `GET /health` in front of Express (no middleware, session or route policy runs for it; the launcher polls
 * it and load tests measure it) with the same body, status and headers as HealthController behind the edge policy
 * (`headers`: the site's security headers for this request). Every other request goes to the listener that was there.
 */
export function answerHealthFirst(server: Server, health: () => Promise<GatewayHealthAnswer>, headers: (req: IncomingMessage) => Record<string, string>): void {
  const [appListener] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (!appListener) throw new Error('the HTTP server has no request listener to answer /health in front of');
  server.removeListener('request', appListener);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    if (req.method !== 'GET' || (url !== InternalRoutes.health && !url.startsWith(`${InternalRoutes.health}?`))) return appListener(req, res);
    void health().then(({ status, body }) => {
      const json = JSON.stringify(body);
      res.writeHead(status, {
        ...headers(req),
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(json)),
        'Cache-Control': 'no-store',
      });
      res.end(json);
    });
  });
}
