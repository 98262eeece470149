import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IDENTITY_HEADER } from '@rampquote/contracts';
import { bodyHash, verifyIdentity } from '@rampquote/service-kit';
import { TEST_TRUST } from '@rampquote/service-kit/testing';

/**
 * Stand-ins for the gateway's fault cases only (a service down, silent, breaking off, or answering what no real
 * service does); every other gateway test runs against the real services (real-identity.ts, real-services.ts).
 */

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * Verifies the signed identity a service received (a stand-in, or a relay's record in front of a real service), as
 * the real service's guard would (TEST keys): for `service` and the request's own method, path with query, and
 * `body` when given.
 */
export function verifyReceived(
  req: { method?: string; url?: string; headers: IncomingMessage['headers'] },
  service: string,
  body?: string,
) {
  return verifyIdentity(req.headers[IDENTITY_HEADER] as string | undefined, TEST_TRUST, {
    service,
    method: req.method ?? '',
    path: req.url ?? '',
    ...(body === undefined ? {} : { body: bodyHash(body) }),
  });
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
  });

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/**
 * An upstream service that echoes what it received. `?cache=<Cache-Control value>` makes it send that
 * Cache-Control header (for the edge cache tests).
 */
export async function startEchoService(name: string): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    res.setHeader('content-type', 'application/json');
    const cacheControl = new URL(req.url ?? '/', 'http://upstream').searchParams.get('cache');
    if (cacheControl) res.setHeader('cache-control', cacheControl);
    res.end(JSON.stringify({ upstream: name, method: req.method, url: req.url, body }));
  });
  const url = await listen(server);
  return { url, requests, close: () => closeServer(server) };
}

/** A URL where nothing listens (a service that is down). */
export async function unusedUrl(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await closeServer(server);
  return url;
}
