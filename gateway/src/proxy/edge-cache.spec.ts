import { PassThrough } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EdgeCache, sharedMaxAge } from './edge-cache';

function upstream(headers: Record<string, string>, status = 200): IncomingMessage & PassThrough {
  const stream = new PassThrough() as unknown as IncomingMessage & PassThrough;
  Object.assign(stream, { statusCode: status, headers, complete: false });
  stream.on('end', () => Object.assign(stream, { complete: true }));
  return stream;
}

function send(cache: EdgeCache, url: string, body: string, headers: Record<string, string>, status = 200) {
  const res = upstream(headers, status);
  cache.observe({ method: 'GET', url, originalUrl: url } as IncomingMessage & { originalUrl: string }, res);
  // The first listener switches the stream to flowing mode; end() completes it.
  Object.assign(res, { complete: true });
  res.end(Buffer.from(body));
  return new Promise((r) => setImmediate(r));
}

function hit(cache: EdgeCache, url: string, requestHeaders: Record<string, string> = {}) {
  const sent: { status?: number; headers: Record<string, string>; body?: Buffer | string; passed: boolean } = {
    headers: {},
    passed: false,
  };
  const res = {
    set statusCode(code: number) {
      sent.status = code;
    },
    setHeader: (name: string, value: string) => (sent.headers[name.toLowerCase()] = value),
    end: (body?: Buffer) => (sent.body = body),
  } as unknown as ServerResponse;
  const req = { method: 'GET', url, headers: requestHeaders } as unknown as IncomingMessage;
  sent.passed = !cache.tryServe(req, res);
  return sent;
}

describe('sharedMaxAge', () => {
  it('accepts public answers with a positive max-age or s-maxage', () => {
    expect(sharedMaxAge('public, max-age=300')).toBe(300);
    expect(sharedMaxAge('max-age=60, public')).toBe(60);
    expect(sharedMaxAge('public, max-age=300, s-maxage=30')).toBe(30);
  });
  it('refuses private, no-store, no-cache, missing or zero max-age', () => {
    for (const value of [
      'private, max-age=300',
      'public, no-store, max-age=5',
      'public, no-cache, max-age=5',
      'public',
      'public, max-age=0',
      'max-age=60',
      undefined,
    ]) {
      expect(sharedMaxAge(value)).toBeNull();
    }
  });
});

describe('EdgeCache', () => {
  it('replays a kept answer with its headers until max-age has passed', async () => {
    let now = 1_000_000;
    const cache = new EdgeCache({ now: () => now });
    await send(cache, '/api/aircraft/makes', '["Cessna"]', {
      'content-type': 'application/json',
      'cache-control': 'public, max-age=60',
      etag: 'W/"a"',
    });
    const first = hit(cache, '/api/aircraft/makes');
    expect(first.passed).toBe(false);
    expect(String(first.body)).toBe('["Cessna"]');
    expect(first.status).toBe(200);
    expect(first.headers).toMatchObject({
      'content-type': 'application/json',
      'x-edge-cache': 'HIT',
      etag: 'W/"a"',
    });
    now += 61_000;
    expect(hit(cache, '/api/aircraft/makes').passed).toBe(true);
    expect(cache.size).toBe(0);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const cache = new EdgeCache();
    await send(cache, '/api/airports/map', '{}', { 'cache-control': 'public, max-age=60', etag: '"v1"' });
    const revalidated = hit(cache, '/api/airports/map', { 'if-none-match': '"v1"' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeUndefined();
  });

  it('keeps only status 200 answers without Set-Cookie and under the size limit', async () => {
    const cache = new EdgeCache({ maxBodyBytes: 10 });
    await send(cache, '/api/a', 'x', { 'cache-control': 'public, max-age=60' }, 404);
    await send(cache, '/api/b', 'x', { 'cache-control': 'public, max-age=60', 'set-cookie': 'a=b' });
    await send(cache, '/api/c', 'more than ten bytes', { 'cache-control': 'public, max-age=60' });
    expect(cache.size).toBe(0);
  });

  it('forgets the least recently used answer beyond its size', async () => {
    const cache = new EdgeCache({ maxEntries: 2 });
    const headers = { 'cache-control': 'public, max-age=60' };
    await send(cache, '/api/airports/search?q=a', '1', headers);
    await send(cache, '/api/airports/search?q=b', '2', headers);
    hit(cache, '/api/airports/search?q=a');
    await send(cache, '/api/airports/search?q=c', '3', headers);
    expect(hit(cache, '/api/airports/search?q=b').passed).toBe(true);
    expect(hit(cache, '/api/airports/search?q=a').passed).toBe(false);
    expect(hit(cache, '/api/airports/search?q=c').passed).toBe(false);
  });

  it('lets everything it does not hold through', () => {
    const cache = new EdgeCache();
    expect(hit(cache, '/login').passed).toBe(true);
  });

  it('keeps nothing outside the route table', async () => {
    const cache = new EdgeCache();
    await send(cache, '/main.js', 'x', { 'cache-control': 'public, max-age=60' });
    expect(cache.size).toBe(0);
  });
});
