import type { NestExpressApplication } from '@nestjs/platform-express';
import { networkInterfaces } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { Agent, get } from 'node:http';
import { defineService, runService } from '../src';
import { createTestEnvironment, type TestEnvironment } from '../src/testing';

const listener = defineService({ name: 'listener', port: 4997, modules: [] });

/** An address of this machine that is not loopback (undefined when it has none). */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && !a.internal && a.family === 'IPv4')?.address;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '0.0.0.0', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Whether GET /health answers on `host:port` (false when the connection is refused). */
const answers = (host: string, port: number) =>
  fetch(`http://${host}:${port}/health`, { signal: AbortSignal.timeout(5000) }).then(
    (r) => r.status === 200,
    () => false,
  );

describe('runService: where a service listens (real PostgreSQL and RabbitMQ)', () => {
  let env: TestEnvironment;
  const apps: NestExpressApplication[] = [];

  beforeAll(async () => {
    env = await createTestEnvironment('listener', ['listener']);
    await listener.migrate(listener.loadConfig(env.env));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await env?.cleanup();
  });

  /** Runs the service as main.ts does (on a free port), returning the app, its address and its `ready` log line. */
  async function run(more: Record<string, string>) {
    const chunks: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    const spy = jest
      .spyOn(process.stdout, 'write')
      .mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
        chunks.push(String(chunk));
        return write(chunk, ...(rest as []));
      });
    try {
      const app = await runService(listener, {
        ...env.env,
        LOG_LEVEL: 'info',
        PORT: String(await freePort()),
        ...more,
      });
      apps.push(app);
      const address = app.getHttpServer().address() as AddressInfo;
      // The logger writes a turn's lines together, before the next turn.
      await new Promise((resolve) => setImmediate(resolve));
      const lines = chunks.join('').split('\n').filter(Boolean);
      const ready = lines.map((l) => JSON.parse(l)).find((entry: { event?: string }) => entry.event === 'ready');
      return { app, address, ready };
    } finally {
      spy.mockRestore();
    }
  }

  it('listens on 127.0.0.1 only when HOST is unset, and logs that address', async () => {
    const { address, ready } = await run({});
    expect(address.address).toBe('127.0.0.1');
    expect(ready).toMatchObject({ url: `http://127.0.0.1:${address.port}`, port: address.port });
    expect(await answers('127.0.0.1', address.port)).toBe(true);
    if (outsideAddress) expect(await answers(outsideAddress, address.port)).toBe(false);
  });

  it('listens where HOST says (0.0.0.0 in a container): then the outside address answers too', async () => {
    const { address, ready } = await run({ HOST: '0.0.0.0' });
    expect(address.address).toBe('0.0.0.0');
    expect(ready).toMatchObject({ url: `http://0.0.0.0:${address.port}` });
    if (outsideAddress) expect(await answers(outsideAddress, address.port)).toBe(true);
    expect(await answers('127.0.0.1', address.port)).toBe(true);
  });

  it('keeps an idle connection from the gateway open for 65 s (longer than the proxy keeps one), and says so', async () => {
    const { address } = await run({});
    const agent = new Agent({ keepAlive: true });
    try {
      const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
        get({ host: '127.0.0.1', port: address.port, path: '/api/not-here', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers));
        }).on('error', reject);
      });
      expect(headers.connection).toBe('keep-alive');
      expect(headers['keep-alive']).toBe('timeout=65');
    } finally {
      agent.destroy();
    }
  });
});
