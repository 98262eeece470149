import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The pg Pool counters a pool gauge reads. */
export interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

export interface OutboxBacklog {
  /** Unsent events. */
  count: number;
  /** Age of the oldest unsent event in seconds (0 when none). */
  oldestAgeSeconds: number;
}

export interface ProcessMetricsOptions {
  /** `svc-quotes`, `gateway`: the `service` label of every series. */
  service: string;
  /** The database pool(s) to report (read on each scrape). */
  pool?: () => PoolLike | undefined;
  /** Reads the outbox backlog on each scrape (services only). */
  outboxBacklog?: () => Promise<OutboxBacklog>;
}

/** Latency buckets in seconds: 2.5 ms to 10 s. */
const BUCKETS = [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The Prometheus metrics of one process (its own registry, so several apps in one test process never clash):
 * HTTP requests by method, route pattern and status (count and latency histogram), event deliveries by type and
 * outcome (retries, dead letters), outbox backlog and oldest age, database pool usage, and Node's process metrics.
 */
export class ProcessMetrics {
  readonly registry = new Registry();
  private readonly service: string;
  private readonly http = new HttpStats();
  private readonly deliveries: Counter<'type' | 'outcome'>;
  private readonly handlingTime: Histogram<'type'>;
  private readonly published: Counter<'type'>;

  constructor(options: ProcessMetricsOptions) {
    this.registry.setDefaultLabels({ service: options.service });
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.service = options.service;
    this.deliveries = new Counter({
      name: 'events_consumed_total',
      help: 'Event deliveries taken from the service queue, by event type and outcome (handled, duplicate, ignored, retried, dead, requeued)',
      labelNames: ['type', 'outcome'],
      registers,
    });
    this.handlingTime = new Histogram({
      name: 'event_handling_duration_seconds',
      help: 'Time to handle one event delivery',
      labelNames: ['type'],
      buckets: BUCKETS,
      registers,
    });
    this.published = new Counter({
      name: 'events_published_total',
      help: 'Events the outbox relay published (broker confirmed)',
      labelNames: ['type'],
      registers,
    });
    if (options.outboxBacklog) {
      const read = options.outboxBacklog;
      let last: Promise<OutboxBacklog> | undefined;
      // One query per scrape for both gauges.
      const backlog = () => (last ??= read().finally(() => setImmediate(() => (last = undefined))));
      new Gauge({
        name: 'outbox_unsent_events',
        help: 'Events written to the outbox and not yet confirmed by the broker',
        registers,
        async collect() {
          this.set((await backlog().catch(() => ({ count: NaN, oldestAgeSeconds: NaN }))).count);
        },
      });
      new Gauge({
        name: 'outbox_oldest_unsent_age_seconds',
        help: 'Age of the oldest unsent outbox event (0 when the outbox is empty)',
        registers,
        async collect() {
          this.set((await backlog().catch(() => ({ count: NaN, oldestAgeSeconds: NaN }))).oldestAgeSeconds);
        },
      });
    }
    if (options.pool) {
      const pool = options.pool;
      new Gauge({
        name: 'db_pool_connections',
        help: 'Database pool connections: total open, idle, in use, waiting requests, and the maximum',
        labelNames: ['state'],
        registers,
        collect() {
          const p = pool();
          if (!p) return;
          this.set({ state: 'total' }, p.totalCount);
          this.set({ state: 'idle' }, p.idleCount);
          this.set({ state: 'in_use' }, p.totalCount - p.idleCount);
          this.set({ state: 'waiting' }, p.waitingCount);
          if (p.options?.max) this.set({ state: 'max' }, p.options.max);
        },
      });
    }
  }

  /** Records one answered HTTP request. `route` is the route pattern (`/api/aircraft/:id`), never the raw path. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.http.observe(method, route, status, seconds);
  }

  /** Records one event delivery and what became of it. */
  observeDelivery(type: string, outcome: string, seconds: number): void {
    this.deliveries.inc({ type, outcome });
    this.handlingTime.observe({ type }, seconds);
  }

  /** Records events the relay published. */
  observePublished(type: string, count = 1): void {
    this.published.inc({ type }, count);
  }

  /** The exposition text and its content type. */
  async expose(): Promise<{ contentType: string; body: string }> {
    return {
      contentType: this.registry.contentType,
      body: (await this.registry.metrics()) + this.http.exposition(this.service),
    };
  }
}

interface RouteSeries {
  labels: string;
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative; the last slot is +Inf). */
  buckets: Float64Array;
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * http_requests_total and http_request_duration_seconds, kept by hand: a request costs one Map lookup, a bucket
 * search and three additions (prom-client's labelled histogram hashes the labels on every observation, several
 * µs). Written in the Prometheus text format on scrape.
 */
class HttpStats {
  private readonly series = new Map<string, RouteSeries>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let s = this.series.get(key);
    if (!s) {
      s = {
        labels: `method="${escapeLabel(method)}",route="${escapeLabel(route)}",status="${status}"`,
        count: 0,
        sum: 0,
        buckets: new Float64Array(BUCKETS.length + 1),
      };
      this.series.set(key, s);
    }
    s.count++;
    s.sum += seconds;
    let i = 0;
    while (i < BUCKETS.length && seconds > BUCKETS[i]) i++;
    s.buckets[i]++;
  }

  exposition(service: string): string {
    const svc = `service="${escapeLabel(service)}"`;
    const out = [
      '# HELP http_requests_total HTTP requests answered, by method, route pattern and status',
      '# TYPE http_requests_total counter',
    ];
    for (const s of this.series.values()) out.push(`http_requests_total{${s.labels},${svc}} ${s.count}`);
    out.push(
      '# HELP http_request_duration_seconds Time to answer an HTTP request (until the answer was handed to the socket), by method, route pattern and status',
      '# TYPE http_request_duration_seconds histogram',
    );
    for (const s of this.series.values()) {
      let cumulative = 0;
      BUCKETS.forEach((le, i) => {
        cumulative += s.buckets[i];
        out.push(`http_request_duration_seconds_bucket{le="${le}",${s.labels},${svc}} ${cumulative}`);
      });
      out.push(`http_request_duration_seconds_bucket{le="+Inf",${s.labels},${svc}} ${s.count}`);
      out.push(`http_request_duration_seconds_sum{${s.labels},${svc}} ${s.sum}`);
      out.push(`http_request_duration_seconds_count{${s.labels},${svc}} ${s.count}`);
    }
    return out.join('\n') + '\n';
  }
}

/** Path of the metrics of every process. */
export const METRICS_PATH = '/metrics';

const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/**
 * Who may read /metrics. With METRICS_TOKEN set: only `Authorization: Bearer <token>`. Without it: only a
 * connection from this machine that no proxy relayed (no X-Forwarded-For).
 */
export function metricsAccess(req: IncomingMessage, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(String(req.headers.authorization ?? ''));
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  return isLoopback(req.socket.remoteAddress) && req.headers['x-forwarded-for'] === undefined;
}
