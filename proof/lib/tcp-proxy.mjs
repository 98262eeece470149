// A TCP proxy of the suite's own, in front of PostgreSQL, RabbitMQ or SMTP: the system is pointed at it and an
// outage is made by cutting it, without touching the shared servers behind it.
import { createConnection, createServer } from 'node:net';
import { PORTS } from '../../scripts/lib/system.mjs';

export class TcpProxy {
  /** @param {{ name: string, targetHost: string, targetPort: number }} options */
  constructor({ name, targetHost, targetPort }) {
    this.name = name;
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    /** 'up' | 'reset' (connections dropped, new ones refused) | 'blackhole' (accepted, never answered); see cut() */
    this.mode = 'up';
    this.pairs = new Set();
    this.stats = { accepted: 0, refused: 0, cut: 0 };
    this.server = createServer((client) => this.onConnection(client));
  }

  /** Listens on a free port of 127.0.0.1; resolves to that port. */
  async start() {
    await new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen({ port: 0, host: '127.0.0.1' }, resolve);
    });
    this.port = this.server.address().port;
    return this.port;
  }

  onConnection(client) {
    client.on('error', () => undefined);
    if (this.mode === 'reset') {
      this.stats.refused++;
      client.resetAndDestroy();
      return;
    }
    if (this.mode === 'blackhole') {
      this.stats.refused++;
      const pair = { client, upstream: null };
      this.pairs.add(pair);
      client.on('close', () => this.pairs.delete(pair));
      client.pause();
      return;
    }
    this.stats.accepted++;
    const upstream = createConnection({ host: this.targetHost, port: this.targetPort });
    const pair = { client, upstream };
    this.pairs.add(pair);
    upstream.on('error', () => client.destroy());
    const close = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close);
    upstream.on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /**
   * The outage: every open connection is dropped (TCP reset) and, until restore(), new connections are reset
   * ('reset': the server is gone) or accepted and left unanswered ('blackhole'); 'freeze' keeps the open
   * connections but lets nothing through them (a network partition) and holds new ones unanswered.
   */
  cut(mode = 'reset') {
    this.mode = mode;
    if (mode === 'freeze') {
      // A partition: open connections stay open but nothing passes either way; new ones are held unanswered.
      this.mode = 'blackhole';
      for (const { client, upstream } of this.pairs) {
        client.pause();
        upstream?.pause();
      }
      this.frozen = true;
      return;
    }
    for (const { client, upstream } of this.pairs) {
      this.stats.cut++;
      client.resetAndDestroy();
      upstream?.destroy();
    }
    this.pairs.clear();
  }

  /** Reachable again; connections held by a blackhole are dropped so their owners retry. */
  restore() {
    const held = [...this.pairs].filter((p) => !p.upstream);
    this.mode = 'up';
    if (this.frozen) {
      this.frozen = false;
      for (const { client, upstream } of this.pairs) {
        if (!upstream) continue;
        client.resume();
        upstream.resume();
      }
    }
    for (const pair of held) {
      pair.client.resetAndDestroy();
      this.pairs.delete(pair);
    }
  }

  async stop() {
    this.cut('reset');
    await new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Proxies for the system's PostgreSQL, RabbitMQ and SMTP, plus the env that points the system at them. */
export async function startInfraProxies({ databaseUrl, amqpUrl, smtpHost = '127.0.0.1', smtpPort = PORTS.mail.smtp }) {
  const db = new URL(databaseUrl);
  const mq = new URL(amqpUrl);
  const proxies = {
    postgres: new TcpProxy({ name: 'postgres', targetHost: db.hostname, targetPort: Number(db.port || 5432) }),
    rabbitmq: new TcpProxy({ name: 'rabbitmq', targetHost: mq.hostname, targetPort: Number(mq.port || 5672) }),
    smtp: new TcpProxy({ name: 'smtp', targetHost: smtpHost, targetPort: smtpPort }),
  };
  await Promise.all(Object.values(proxies).map((p) => p.start()));
  const viaProxy = (url, port) => {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(port);
    return u.toString().replace(/\/$/, '');
  };
  const env = {
    DATABASE_URL: viaProxy(databaseUrl, proxies.postgres.port),
    AMQP_URL: viaProxy(amqpUrl, proxies.rabbitmq.port),
    SMTP_URL: `smtp://127.0.0.1:${proxies.smtp.port}`,
  };
  return { proxies, env, stop: () => Promise.all(Object.values(proxies).map((p) => p.stop())) };
}
