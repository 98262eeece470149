// Regression tests for what the bad-input suite (proof/fuzz) found at the edge: requests too malformed for Express
// still get the JSON error shape, never Node's bare answers, a reset connection (502) or a 500.
import { connect } from 'node:net';
import request from 'supertest';
import type { FleetTestApp } from '../../svc-fleet/test/support/fleet-app';
import { startGateway, type RunningGateway } from './support/gateway-app';
import { PasswordResetMessages } from '@rampquote/contracts';
import { startRealIdentity, type RealIdentity } from './support/real-identity';
import { startRealFleet, type ListeningService } from './support/real-services';
import { createTestDatabase } from './support/test-database';

/** Writes raw bytes to the gateway and reads the whole answer (the server closes the connection). */
function raw(url: string, bytes: Buffer): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), headers: head, body });
    });
  });
}

describe('gateway: malformed requests answered in the JSON error shape (real svc-identity and svc-fleet)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let identity: RealIdentity;
  let fleet: ListeningService<FleetTestApp>;
  let gw: RunningGateway;

  beforeAll(async () => {
    [db, identity, fleet] = await Promise.all([createTestDatabase(), startRealIdentity(), startRealFleet()]);
    gw = await startGateway(db.name, { IDENTITY_URL: identity.url, FLEET_URL: fleet.url });
  }, 60_000);

  afterAll(async () => {
    await gw?.close();
    await Promise.all([identity?.close(), fleet?.close()]);
    await db?.drop();
  });

  it('answers a request line holding raw bytes that are not allowed there with a JSON 400', async () => {
    const answer = await raw(
      gw.url,
      Buffer.concat([
        Buffer.from('GET /api/aircraft/makes?q='),
        Buffer.from([0xff, 0xfe]),
        Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n'),
      ]),
    );
    expect(answer.status).toBe(400);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.body)).toEqual({ error: 'Invalid request', details: [{ message: expect.any(String) }] });
  });

  it('answers headers over the parser limit with a JSON 431', async () => {
    const answer = await raw(
      gw.url,
      Buffer.from(`GET /api/aircraft/makes HTTP/1.1\r\nHost: x\r\nCookie: a=${'z'.repeat(20_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ error: 'Request header fields too large' });
  });

  it('refuses with 431 an address the services could not read, instead of forwarding it and answering 502', async () => {
    const res = await request(gw.url).get(`/api/aircraft/makes?q=${'a'.repeat(14_000)}`);
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ error: 'Request header fields too large', details: [{ message: expect.any(String) }] });
  });

  it('counts the query twice too (the signed identity carries it in base64url): an 8 KB query is a JSON 431', async () => {
    const res = await request(gw.url).get(`/api/aircraft/makes?q=${'%41'.repeat(2_700)}`);
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ error: 'Request header fields too large', details: [{ message: expect.any(String) }] });
  });

  it('counts the path twice (the signed identity repeats it): a 9 KB id is a 431, not a bare 431 from the service', async () => {
    const res = await request(gw.url).get(`/api/aircraft/${'a'.repeat(9_000)}`);
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ error: 'Request header fields too large', details: [{ message: expect.any(String) }] });
  });

  it('answers 400 for a deep JSON body the rate limit reads (forgot-password; was a 502: stack overflow re-sending it)', async () => {
    const res = await request(gw.url)
      .post('/api/auth/forgot-password')
      .set('content-type', 'application/json')
      .send(`${'['.repeat(7_000)}${']'.repeat(7_000)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Invalid request data',
      details: [{ message: 'JSON nested deeper than 32 levels' }],
    });
  });

  it('forwards a forgot-password body whose content type is not lower case (was read for the rate limit, never re-sent: a hang)', async () => {
    const res = await request(gw.url)
      .post('/api/auth/forgot-password')
      .set('content-type', 'application/JSON')
      .send('{"email":"pat@example.com"}')
      .timeout(5_000);
    // svc-identity read the e-mail (without it, its answer is a 400).
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { message: PasswordResetMessages.forgotAccepted },
    });
  });

  it("answers 400 for a JSON body nested too deep for the gateway's own routes (was a 500: stack overflow forwarding it)", async () => {
    const res = await request(gw.url)
      .post('/api/reset-password')
      .set('content-type', 'application/json')
      .send(`${'['.repeat(20_000)}${']'.repeat(20_000)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Invalid request data',
      details: [{ message: 'JSON nested deeper than 32 levels' }],
    });
  });

  // (These two were already right at the gateway; the services answered 500 for the first: libs/service-kit toApiError.)
  it('answers 400 for a body that claims gzip but is not', async () => {
    const bad = await request(gw.url)
      .post('/api/auth/login')
      .set('content-type', 'application/json')
      .set('content-encoding', 'gzip')
      .send('{"email":"a@b.c"}');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Invalid request data', details: [{ message: expect.any(String) }] });
  });

  it('answers 415 for a body encoding it cannot read', async () => {
    const res = await request(gw.url)
      .post('/api/auth/login')
      .set('content-type', 'application/json')
      .set('content-encoding', 'x-unknown')
      .send('{}');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: expect.stringContaining('x-unknown') });
  });
});
