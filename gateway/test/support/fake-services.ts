import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Routes, IDENTITY_HEADER, type UserDto, type VerifyCredentialsResponse } from '@rampquote/contracts';
import { bodyHash, verifyIdentity } from '@rampquote/service-kit';
import { TEST_TRUST } from '@rampquote/service-kit/testing';

export const PILOT: UserDto = {
  id: '6f1c1f5e-8a4e-4d1f-9d55-0c2f3b7d9a01',
  username: 'pilot',
  email: 'pilot@rampquote.dev',
  role: 'pilot',
  firstName: 'Pat',
  lastName: 'Pilot',
  companyName: null,
};
export const ADMIN: UserDto = {
  id: '2d7f0a31-5c1e-4b8a-9f60-7a3c2e1b4d02',
  username: 'admin',
  email: 'admin@rampquote.dev',
  role: 'admin',
  firstName: 'Ada',
  lastName: 'Admin',
  companyName: null,
};
export const PILOT_PASSWORD = 'RampQuote#2026';
/** A registered e-mail that is not on the beta list. */
export const UNINVITED_EMAIL = 'waiting@rampquote.dev';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * Verifies the signed identity a stand-in service received, as the real service's guard would (TEST keys): for
 * `service` and the request's own method, path with query, and `body` when given.
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

/** The stand-in svc-identity: its users (by id) can be changed by a test, as svc-identity's database would be. */
export interface FakeIdentity extends FakeServer {
  users: Map<string, UserDto>;
}

/**
 * A stand-in for svc-identity: answers the credential check and the session user reload (GET /internal/users/:id)
 * only when the gateway's signed identity is valid (PILOT and ADMIN sign in with PILOT_PASSWORD, as they are in
 * `users` at the time), and echoes every other call as JSON, so it doubles as a proxied upstream.
 */
export async function startFakeIdentity(): Promise<FakeIdentity> {
  const requests: RecordedRequest[] = [];
  const users = new Map<string, UserDto>([PILOT, ADMIN].map((u) => [u.id, { ...u }]));
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    res.setHeader('content-type', 'application/json');
    const send = (status: number, payload: unknown) => {
      res.statusCode = status;
      res.end(JSON.stringify(payload));
    };
    const internal = req.url?.startsWith('/internal/');
    if (internal) {
      const signed = verifyReceived(req, 'identity');
      if (!signed.ok || signed.identity.caller !== 'gateway') return send(401, { error: 'Unauthorized' });
    }
    if (req.url === Routes.internal.verifyCredentials && req.method === 'POST') {
      const { email, password } = JSON.parse(body) as { email: string; password: string };
      let answer: VerifyCredentialsResponse;
      const known = [...users.values()].find((u) => u.email === email.toLowerCase());
      if (known && password === PILOT_PASSWORD) answer = { ok: true, user: known };
      else if (email.toLowerCase() === UNINVITED_EMAIL && password === PILOT_PASSWORD)
        answer = { ok: false, error: 'beta_access_required' };
      else answer = { ok: false, error: 'invalid_credentials' };
      return send(200, answer);
    }
    const byId = /^\/internal\/users\/([^/?]+)$/.exec(req.url ?? '');
    if (byId && req.method === 'GET') {
      const user = users.get(decodeURIComponent(byId[1]));
      return user ? send(200, user) : send(404, { error: 'User not found' });
    }
    if (internal) return send(404, { error: 'Not found' });
    send(200, { upstream: 'identity', method: req.method, url: req.url, body });
  });
  const url = await listen(server);
  return { url, requests, users, close: () => closeServer(server) };
}

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
