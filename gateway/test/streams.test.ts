import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { Client } from 'pg';
import { databaseUrl } from '@rampquote/service-kit';
import { cookiePair, sessionCookie, startGateway, type RunningGateway } from './support/gateway-app';
import { startRealIdentity, type RealIdentity } from './support/real-identity';
import { createTestDatabase, SERVER_URL } from './support/test-database';

/** The proxy timeout of the gateway under test (short, so a quiet stream outlives it quickly). */
const PROXY_TIMEOUT_MS = 400;

interface HeldStream {
  /** Resolves when the stand-in svc-quotes has ended the stream. */
  ended: Promise<void>;
  isEnded: () => boolean;
  /** Lets the stand-in go on after its first event. */
  release: () => void;
}

/**
 * A stand-in svc-quotes. `GET /api/quote-requests/:id/events` answers Server-Sent Events: one event, then it
 * waits for the test's release, stays quiet for three proxy timeouts, sends a second event and ends.
 * `GET /api/quote-requests/:id` never answers.
 */
async function startQuotesStub() {
  const streams: HeldStream[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.endsWith('/events')) return; // an ordinary call that never gets an answer
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let done = false;
    let markEnded!: () => void;
    const ended = new Promise<void>((r) => (markEnded = r));
    streams.push({ ended, isEnded: () => done, release });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write('id: 1\nevent: response\ndata: {"n":1}\n\n');
    void released
      .then(() => new Promise((r) => setTimeout(r, PROXY_TIMEOUT_MS * 3)))
      .then(() => {
        res.write('id: 2\nevent: status\ndata: {"n":2}\n\n');
        res.end();
        done = true;
        markEnded();
      });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    streams,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

/** Opens the event stream through the gateway; `untilText` resolves once the received text contains a string. */
function openStream(url: string, cookie: string) {
  let text = '';
  const waiting: { needle: string; resolve: () => void }[] = [];
  let onEnd!: () => void;
  const end = new Promise<void>((r) => (onEnd = r));
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    const req = get(
      url,
      { headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' } },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          for (const w of waiting.filter((w) => text.includes(w.needle))) w.resolve();
        });
        // 'close' too: a stream the gateway cuts ends without 'end', and the test then shows what arrived.
        res.on('end', onEnd);
        res.on('close', onEnd);
        resolve(res);
      },
    );
    req.on('error', reject);
  });
  return {
    response,
    end,
    text: () => text,
    untilText: (needle: string) =>
      text.includes(needle) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ needle, resolve })),
  };
}

/**
 * Streaming fault cases: svc-quotes is a stand-in whose streams the test holds open, keeps quiet past the proxy
 * timeout and ends, and whose ordinary answer never comes. svc-identity, which signs the users in, is the real one.
 */
describe('gateway: Server-Sent Events stream through the proxy (stand-in svc-quotes, real svc-identity and PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let identity: RealIdentity;
  let quotes: Awaited<ReturnType<typeof startQuotesStub>>;
  let gw: RunningGateway;

  beforeAll(async () => {
    [db, identity, quotes] = await Promise.all([createTestDatabase(), startRealIdentity(), startQuotesStub()]);
    gw = await startGateway(db.name, {
      IDENTITY_URL: identity.url,
      QUOTES_URL: quotes.url,
      PROXY_TIMEOUT_MS: String(PROXY_TIMEOUT_MS),
    });
  });

  afterAll(async () => {
    await gw?.close();
    await Promise.all([identity?.close(), quotes?.close()]);
    await db?.drop();
  });

  /** A pilot of their own, signed in: their streams count apart from the other tests' ones. */
  const newPilotCookie = async () => {
    const { email, password } = await identity.account({ emailPrefix: 'streamer' });
    const res = await request(gw.url).post('/api/auth/login').send({ email, password });
    expect(res.status).toBe(200);
    return cookiePair(sessionCookie(res.headers)!);
  };

  it('delivers the first event while the service still holds the stream open, uncompressed, with X-Accel-Buffering: no', async () => {
    const stream = openStream(`${gw.url}/api/quote-requests/7/events`, await newPilotCookie());
    const res = await stream.response;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(res.headers['x-accel-buffering']).toBe('no');
    expect(res.headers['content-encoding']).toBeUndefined();
    await stream.untilText('data: {"n":1}\n\n');
    const upstream = quotes.streams.at(-1)!;
    expect(upstream.isEnded()).toBe(false);
    expect(stream.text()).toBe('id: 1\nevent: response\ndata: {"n":1}\n\n');
    upstream.release();
    await stream.end;
    expect(stream.text()).toContain('data: {"n":2}');
  });

  it('keeps a stream open while it is quiet for longer than the proxy timeout, and passes the later event on', async () => {
    const stream = openStream(`${gw.url}/api/quote-requests/8/events`, await newPilotCookie());
    await stream.untilText('data: {"n":1}\n\n');
    const upstream = quotes.streams.at(-1)!;
    upstream.release(); // the stand-in now stays quiet for three proxy timeouts before its second event
    await upstream.ended;
    await stream.end;
    expect(stream.text()).toBe('id: 1\nevent: response\ndata: {"n":1}\n\nid: 2\nevent: status\ndata: {"n":2}\n\n');
  });

  it('gives up on an ordinary answer that takes longer than the proxy timeout: 504 naming the service', async () => {
    const res = await request(gw.url)
      .get('/api/quote-requests/9')
      .set('Cookie', await newPilotCookie());
    expect(res.status).toBe(504);
    expect(res.body).toEqual({
      error: 'Service unavailable',
      details: [{ message: 'svc-quotes did not answer in time' }],
    });
  });

  it("ends a stream at the user's logout, and within seconds of the session's end elsewhere (a password reset)", async () => {
    const first = await newPilotCookie();
    const stream = openStream(`${gw.url}/api/quote-requests/10/events`, first);
    await stream.untilText('data: {"n":1}\n\n');
    expect((await request(gw.url).post('/api/auth/logout').set('Cookie', first)).status).toBe(200);
    await stream.end;
    expect(stream.text()).toBe('id: 1\nevent: response\ndata: {"n":1}\n\n');

    const second = await newPilotCookie();
    const other = openStream(`${gw.url}/api/quote-requests/11/events`, second);
    await other.untilText('data: {"n":1}\n\n');
    // The session's row goes, as a password reset on any gateway ends the user's sessions.
    const sql = new Client({ connectionString: databaseUrl(SERVER_URL, db.name) });
    await sql.connect();
    const sid = decodeURIComponent(second.slice('rq.sid='.length)).slice(2).split('.')[0];
    await sql.query('DELETE FROM "session" WHERE sid = $1', [sid]);
    await sql.end();
    await other.end;
    expect(other.text()).toBe('id: 1\nevent: response\ndata: {"n":1}\n\n');
  });

  it('refuses a sixth live-update stream of one user with 429 and says why', async () => {
    const cookie = await newPilotCookie();
    const streams = Array.from({ length: 5 }, (_, i) =>
      openStream(`${gw.url}/api/quote-requests/${20 + i}/events`, cookie),
    );
    await Promise.all(streams.map((s) => s.untilText('data: {"n":1}\n\n')));
    const sixth = await request(gw.url).get('/api/quote-requests/25/events').set('Cookie', cookie);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ error: 'Too many live updates are open. Close another RampQuote tab and try again.' });
    // One closed by the browser makes room for another.
    (await streams[0].response).destroy();
    await streams[0].end;
    const again = openStream(`${gw.url}/api/quote-requests/26/events`, cookie);
    expect((await again.response).statusCode).toBe(200);
    for (const s of [...streams.slice(1), again]) (await s.response).destroy();
  });
});
