import { createServer, request, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { serviceAgent } from './service-proxy';

// The gateway's pool of connections to the services closes an idle connection itself, before the service would: a
// call sent on a connection the service is closing at that moment fails (ECONNRESET), and a POST cannot be retried.

describe('serviceAgent (connections to the services)', () => {
  let server: Server;
  let serverSockets: Socket[];

  beforeEach(async () => {
    serverSockets = [];
    server = createServer((_req, res) => res.end('ok'));
    // The service keeps an idle connection far longer than the test runs: only the gateway's side can close it.
    server.keepAliveTimeout = 60_000;
    server.on('connection', (socket) => serverSockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const call = (agent: ReturnType<typeof serviceAgent>) =>
    new Promise<string>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/', method: 'POST', agent },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve(body));
        },
      );
      req.on('error', reject);
      req.end('{}');
    });

  it('reuses a connection while it is busy, and closes it itself once idle for idleMs', async () => {
    const agent = serviceAgent(200);
    try {
      expect(await call(agent)).toBe('ok');
      expect(await call(agent)).toBe('ok');
      expect(serverSockets).toHaveLength(1);
      // The gateway ends the idle connection (the service sees the end of its input), not the service.
      await new Promise<void>((resolve) => serverSockets[0].once('end', resolve));
      expect(await call(agent)).toBe('ok');
      expect(serverSockets).toHaveLength(2);
    } finally {
      agent.destroy();
    }
  });
});
