import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP forwarder that can be closed like a server going down: closing it drops the connections it carries (a
 * pooled client's kept-alive ones too), and while closed every new connection is dropped at once (and counted). Put
 * in front of the mail catcher's SMTP port to take SMTP down and bring it back.
 */
export class TcpGate {
  refused = 0;
  /** Connections let through so far. */
  accepted = 0;
  private isOpen = true;

  get open(): boolean {
    return this.isOpen;
  }

  set open(value: boolean) {
    this.isOpen = value;
    if (!value) for (const s of this.sockets) s.destroy();
  }

  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<number> {
    this.server = createServer((client) => {
      if (!this.isOpen) {
        this.refused += 1;
        client.destroy();
        return;
      }
      this.accepted += 1;
      const upstream = createConnection(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
