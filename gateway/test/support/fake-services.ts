import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IDENTITY_HEADER, InternalRoutes, type UserDto, type VerifyCredentialsResponse } from '@rampquote/contracts';
import { verifyIdentity } from '@rampquote/service-kit';

export const INTERNAL_SECRET = 'test-internal-secret-0123456789';

export const PILOT: UserDto = {
  id: '6f1c1f5e-8a4e-4d1f-9d55-0c2f3b7d9a01',
  username: 'pilot',
  email: 'pilot@rampquote.dev',
  role: 'pilot',
  firstName: 'Pat',
  lastName: 'Pilot',
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
 * A stand-in for svc-identity: answers the credential check (only when the gateway's signed identity is
 * valid) and echoes every other call as JSON, so it doubles as a proxied upstream.
 */
export async function startFakeIdentity(): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    res.setHeader('content-type', 'application/json');
    if (req.url === InternalRoutes.verifyCredentials && req.method === 'POST') {
      const signed = verifyIdentity(req.headers[IDENTITY_HEADER] as string | undefined, INTERNAL_SECRET);
      if (!signed.ok || signed.identity.caller !== 'gateway') {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: 'Unauthorized' }));
        return;
      }
      const { email, password } = JSON.parse(body) as { email: string; password: string };
      let answer: VerifyCredentialsResponse;
      if (email.toLowerCase() === PILOT.email && password === PILOT_PASSWORD) answer = { ok: true, user: PILOT };
      else if (email.toLowerCase() === UNINVITED_EMAIL && password === PILOT_PASSWORD) answer = { ok: false, error: 'beta_access_required' };
      else answer = { ok: false, error: 'invalid_credentials' };
      res.end(JSON.stringify(answer));
      return;
    }
    res.end(JSON.stringify({ upstream: 'identity', method: req.method, url: req.url, body }));
  });
  const url = await listen(server);
  return { url, requests, close: () => closeServer(server) };
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
