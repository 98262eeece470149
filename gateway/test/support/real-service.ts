import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import type { ServiceName } from '@rampquote/contracts';
import { createTestEnvironment } from '@rampquote/service-kit/testing';

const REPO = resolve(__dirname, '..', '..', '..');
const REGISTER = join(__dirname, 'typescript-register.cjs');

export interface RealService {
  /** http://127.0.0.1:<port> */
  url: string;
  /** What the process wrote so far (for failure messages). */
  output: () => string;
  /** Stops the process, then drops its database, exchange and queues. */
  close: () => Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });

function run(service: ServiceName, script: 'main' | 'migrate', env: NodeJS.ProcessEnv, log: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--require', REGISTER, join(REPO, `svc-${service}`, 'src', `${script}.ts`)], {
    cwd: join(REPO, `svc-${service}`),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => log.push(c.toString()));
  child.stderr?.on('data', (c: Buffer) => log.push(c.toString()));
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((r) =>
    child.exitCode !== null ? r(child.exitCode) : child.once('exit', (code) => r(code)),
  );

/**
 * A real service for the gateway's integration tests, run as it runs in production: its own process (its
 * `migrate` then its `main`, from its sources), its own fresh database and exchange on the real PostgreSQL and
 * RabbitMQ, reached over HTTP only. The gateway's tests never import a service's code.
 */
export async function startRealService(
  service: ServiceName,
  extraEnv: Record<string, string> = {},
): Promise<RealService> {
  const testEnv = await createTestEnvironment(`gateway_${service}`, [service], {
    LOG_LEVEL: 'warn',
    ...extraEnv,
  });
  const port = await freePort();
  const env = { ...process.env, ...testEnv.env, PORT: String(port), HOST: '127.0.0.1' };
  const log: string[] = [];
  const output = () => log.join('');
  let main: ChildProcess | undefined;
  const close = async () => {
    if (main && main.exitCode === null) {
      const stopped = exited(main);
      main.kill('SIGTERM');
      const timer = setTimeout(() => main?.kill('SIGKILL'), 10_000);
      await stopped;
      clearTimeout(timer);
    }
    await testEnv.cleanup();
  };
  try {
    const migrated = await exited(run(service, 'migrate', env, log));
    if (migrated !== 0) throw new Error(`svc-${service} migrate exited with ${migrated}:\n${output()}`);
    main = run(service, 'main', env, log);
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (main.exitCode !== null) throw new Error(`svc-${service} exited with ${main.exitCode}:\n${output()}`);
      const healthy = await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) break;
      if (Date.now() > deadline) throw new Error(`svc-${service} did not become healthy in 60 s:\n${output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return { url, output, close };
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
}
