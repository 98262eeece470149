import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { matchRoute } from '@rampquote/contracts';
import { routeOf } from '../routing/route-policy.middleware';

/** Headers of a cached answer that are replayed (hop-by-hop and per-connection headers are not). */
const REPLAYED_HEADERS = ['content-type', 'cache-control', 'etag', 'last-modified', 'vary', 'content-language'];

export interface EdgeCacheOptions {
  /** Most answers kept (least recently used go first). */
  maxEntries?: number;
  /** Largest body kept, in bytes. */
  maxBodyBytes?: number;
  /** Longest time an answer is kept, whatever the service allows, in seconds. */
  maxAgeSeconds?: number;
  now?: () => number;
}

interface Entry {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  storedAt: number;
  expiresAt: number;
}

/** A GET the route policy forwards to a service (only those answers are kept). */
const isProxiedRead = (path: string) => matchRoute('GET', path)?.policy.handler === 'proxy';

/** `public` and a positive `max-age` (seconds), or null when the answer is not for a shared cache. */
export function sharedMaxAge(cacheControl: string | undefined): number | null {
  if (!cacheControl) return null;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  if (!directives.includes('public') || directives.some((d) => d === 'private' || d === 'no-store' || d === 'no-cache'))
    return null;
  const sMaxAge = directives.find((d) => d.startsWith('s-maxage='));
  const maxAge = sMaxAge ?? directives.find((d) => d.startsWith('max-age='));
  const seconds = maxAge ? Number(maxAge.split('=')[1]) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/**
 * A small shared cache at the edge for answers the services mark `Cache-Control: public, max-age=N` (the
 * aircraft catalogue, airport search, the service catalogue): such an answer is the same for everyone, so a
 * repeat is served from memory without a hop to the service. Only GET answers with
 * status 200, no Set-Cookie and a body under the size limit are kept, for at most max-age.
 */
export class EdgeCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly maxBodyBytes: number;
  private readonly maxAgeSeconds: number;
  private readonly now: () => number;

  constructor(options: EdgeCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 2000;
    this.maxBodyBytes = options.maxBodyBytes ?? 256 * 1024;
    this.maxAgeSeconds = options.maxAgeSeconds ?? 600;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Answers a fresh cached GET (or HEAD) of a route the proxy forwards, adding Age and X-Edge-Cache: HIT to the
   * kept headers; returns false when the request is not a hit.
   */
  tryServe(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const key = req.url ?? '';
    const entry = this.entries.get(key);
    if (!entry) return false;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return false;
    }
    // Least recently used order: a hit moves the entry to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    const etag = entry.headers.etag;
    const notModified = Boolean(etag && req.headers['if-none-match'] === etag);
    res.statusCode = notModified ? 304 : entry.status;
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    res.setHeader('Age', String(Math.floor((this.now() - entry.storedAt) / 1000)));
    res.setHeader('X-Edge-Cache', 'HIT');
    if (notModified || req.method === 'HEAD') res.end();
    else {
      res.setHeader('Content-Length', String(entry.body.length));
      res.end(entry.body);
    }
    return true;
  }

  /** The pipeline step: a hit is answered here, anything else goes on (to the proxy, which may keep its answer). */
  readonly serve: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if (routeOf(req)?.policy.handler !== 'proxy' || !this.tryServe(req, res)) next();
  };

  /** Called with each upstream answer (before it streams to the browser): keeps it when it is shareable. */
  observe(req: IncomingMessage & { originalUrl?: string }, upstream: IncomingMessage): void {
    if (req.method !== 'GET' || upstream.statusCode !== 200 || upstream.headers['set-cookie']) return;
    const seconds = sharedMaxAge(upstream.headers['cache-control']);
    if (seconds === null) return;
    const declared = Number(upstream.headers['content-length'] ?? 0);
    if (declared > this.maxBodyBytes) return;
    if (
      String(upstream.headers['content-type'] ?? '')
        .toLowerCase()
        .startsWith('text/event-stream')
    )
      return;
    if (!isProxiedRead(req.originalUrl ?? req.url ?? '')) return;
    const key = req.originalUrl ?? req.url ?? '';
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    upstream.on('data', (chunk: Buffer) => {
      if (tooBig) return;
      size += chunk.length;
      if (size > this.maxBodyBytes) {
        tooBig = true;
        chunks.length = 0;
      } else chunks.push(chunk);
    });
    upstream.on('end', () => {
      if (tooBig || !upstream.complete) return;
      const headers: Record<string, string> = {};
      for (const name of REPLAYED_HEADERS) {
        const value = upstream.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const storedAt = this.now();
      this.store(key, {
        status: 200,
        headers,
        body: Buffer.concat(chunks),
        storedAt,
        expiresAt: storedAt + Math.min(seconds, this.maxAgeSeconds) * 1000,
      });
    });
  }

  private store(key: string, entry: Entry) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
