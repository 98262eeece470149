#!/usr/bin/env node
// The static host of one micro-frontend: serves a built remote's dist/ folder on its own port, the way a remote
// is deployed (its own host or CDN prefix; the gateway only says where it lives in /remotes.json). Plain Node, no
// dependencies, so the same file runs under `npm start` and in a remote's container image.
//
//   STATIC_ROOT=mf-account/dist PORT=3101 ALLOWED_ORIGINS=http://localhost:8080 node scripts/lib/static-host.mjs
//
// Env: STATIC_ROOT (required), PORT (default 8080), HOST (default 127.0.0.1; a container sets 0.0.0.0),
// ALLOWED_ORIGINS (comma-separated origins that may read the files with CORS: the shell's origin; `*` for any),
// NAME (for log lines), API_URL (optional: forward /api/* there, e.g. the gateway, so a standalone page such as
// the FBO portal works on this host the way an Ingress routes /api of its domain to the gateway).
// GET /health answers 200 for probes. SIGTERM/SIGINT close it gracefully.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { extname, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** webpack output names carry an 8+ hex content hash: `447.1a37f870.js`, `__federation_expose_routes.f9711f5d.js`. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
/** Fixed names the shell and the federation runtime fetch again on every page load: always revalidated. */
const ALWAYS_FRESH = new Set([
  'index.html',
  'mf-manifest.json',
  'mf-manifest-stats.json',
  'mf-stats.json',
  'remoteEntry.js',
]);

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.map', '.html', '.txt', '.svg']);

/** A page (a standalone remote's index.html) may only run its own host's code; other files run nothing. */
const HTML_CSP =
  "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
const FILE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Cache-Control of a served file, by its name. */
export function cacheControlFor(filePath) {
  const name = filePath.split(/[\\/]/).pop() ?? '';
  if (ALWAYS_FRESH.has(name)) return NO_CACHE;
  return HASHED.test(name) ? IMMUTABLE : NO_CACHE;
}

/** Parses ALLOWED_ORIGINS: a list of origins (`http://localhost:8080`) or `*`. Throws naming a bad entry. */
export function parseAllowedOrigins(value = '') {
  const origins = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return origins.map((o) => {
    if (o === '*') return o;
    let url;
    try {
      url = new URL(o);
    } catch {
      throw new Error(`ALLOWED_ORIGINS: "${o}" is not an origin (like http://localhost:8080)`);
    }
    if (!/^https?:$/.test(url.protocol)) throw new Error(`ALLOWED_ORIGINS: "${o}" must be http or https`);
    return url.origin;
  });
}

/**
 * The request handler serving `root`. GET and HEAD only; dotfiles and paths outside root are 404; a page
 * navigation to a path without extension gets index.html when the bundle has one (a standalone page), else 404.
 */
export function staticHostHandler({ root, allowedOrigins = [], apiUrl, log = () => {} }) {
  const forwardApi = apiUrl ? apiForwarder(new URL(apiUrl), log) : undefined;
  const base = resolve(root);
  const anyOrigin = allowedOrigins.includes('*');
  const gzipCache = new Map();

  const corsHeaders = (req) => {
    if (!allowedOrigins.length) return {};
    const origin = req.headers.origin;
    const allowed = anyOrigin || (typeof origin === 'string' && allowedOrigins.includes(origin));
    return {
      Vary: 'Origin',
      ...(allowed && origin ? { 'Access-Control-Allow-Origin': anyOrigin ? '*' : origin } : {}),
    };
  };

  const fileAt = (urlPath) => {
    if (urlPath.includes('\0')) return undefined;
    const segments = urlPath.split('/').filter(Boolean);
    if (segments.some((s) => s.startsWith('.'))) return undefined;
    const full = resolve(base, ...segments);
    if (full !== base && !full.startsWith(base + sep)) return undefined;
    try {
      const st = statSync(full);
      return st.isFile() ? { path: full, size: st.size, mtimeMs: st.mtimeMs } : undefined;
    } catch {
      return undefined;
    }
  };

  const gzipped = (file) => {
    const key = `${file.path}:${file.size}:${file.mtimeMs}`;
    let body = gzipCache.get(key);
    if (!body) {
      body = gzipSync(readFileSync(file.path), { level: 9 });
      if (gzipCache.size > 500) gzipCache.clear();
      gzipCache.set(key, body);
    }
    return body;
  };

  return (req, res) => {
    const common = {
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      ...corsHeaders(req),
    };
    const send = (status, body, headers = {}) => {
      res.writeHead(status, { ...common, 'Content-Security-Policy': FILE_CSP, 'Cache-Control': NO_CACHE, ...headers });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
    } catch {
      return send(400, 'Bad request\n', { 'Content-Type': 'text/plain; charset=utf-8' });
    }
    if (forwardApi && (pathname === '/api' || pathname.startsWith('/api/'))) return forwardApi(req, res);
    if (req.method === 'OPTIONS') {
      return send(204, undefined, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '600' });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(405, 'Method not allowed\n', {
        Allow: 'GET, HEAD, OPTIONS',
        'Content-Type': 'text/plain; charset=utf-8',
      });
    }
    if (pathname === '/health')
      return send(200, '{"status":"ok"}\n', { 'Content-Type': 'application/json; charset=utf-8' });

    let file = fileAt(pathname === '/' ? '/index.html' : pathname);
    if (!file && extname(pathname) === '' && /text\/html/.test(req.headers.accept ?? '')) file = fileAt('/index.html');
    if (!file) return send(404, 'Not found\n', { 'Content-Type': 'text/plain; charset=utf-8' });

    const ext = extname(file.path).toLowerCase();
    const etag = `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
    const headers = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': cacheControlFor(file.path),
      'Content-Security-Policy': ext === '.html' ? HTML_CSP : FILE_CSP,
      ETag: etag,
      'Last-Modified': new Date(file.mtimeMs).toUTCString(),
      ...(ext === '.html' ? { 'X-Frame-Options': 'DENY' } : {}),
    };
    if (COMPRESSIBLE.has(ext)) headers.Vary = common.Vary ? `${common.Vary}, Accept-Encoding` : 'Accept-Encoding';
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ...common, ...headers });
      return res.end();
    }
    const acceptsGzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    try {
      if (COMPRESSIBLE.has(ext) && acceptsGzip && file.size > 512) {
        const body = gzipped(file);
        res.writeHead(200, { ...common, ...headers, 'Content-Encoding': 'gzip', 'Content-Length': body.length });
        return res.end(req.method === 'HEAD' ? undefined : body);
      }
      res.writeHead(200, { ...common, ...headers, 'Content-Length': file.size });
      if (req.method === 'HEAD') return res.end();
      createReadStream(file.path)
        .on('error', (err) => {
          log(`reading ${file.path} failed: ${err.message}`);
          res.destroy(err);
        })
        .pipe(res);
    } catch (err) {
      // The file was replaced or removed between stat and read (a deploy in progress): the client tries again.
      log(`serving ${pathname} failed: ${err.message}`);
      if (!res.headersSent)
        send(503, 'Try again\n', { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '1' });
      else res.destroy(err);
    }
  };
}

/**
 * Forwards a request as it came (method, path, headers including Host and cookies, streamed body) and streams the
 * answer back unchanged (Server-Sent Events included).
 */
function apiForwarder(target, log) {
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return (req, res) => {
    const upstream = send(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      log(`forwarding ${req.method} ${req.url} to ${target.origin} failed: ${err.message}`);
      if (!res.headersSent) {
        res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end('{"error":"The RampQuote API is unreachable"}');
      } else res.destroy(err);
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  };
}

/** Starts a host; resolves with the listening server. */
export function startStaticHost({ root, port, host = '127.0.0.1', allowedOrigins = [], apiUrl, log = () => {} }) {
  const server = createServer(staticHostHandler({ root, allowedOrigins, apiUrl, log }));
  server.keepAliveTimeout = 65_000;
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolvePromise(server));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const name = process.env.NAME || 'static-host';
  const say = (m) => console.log(`[${name}] ${m}`);
  const root = process.env.STATIC_ROOT;
  const port = Number(process.env.PORT || 8080);
  let allowedOrigins;
  try {
    if (!root) throw new Error('STATIC_ROOT: required (the folder to serve, e.g. mf-account/dist)');
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new Error(`PORT: "${process.env.PORT}" is not a port number`);
    allowedOrigins = parseAllowedOrigins(process.env.ALLOWED_ORIGINS);
    if (process.env.API_URL && !/^https?:\/\/[^/]/.test(process.env.API_URL))
      throw new Error(`API_URL: "${process.env.API_URL}" must be an http(s) URL`);
  } catch (err) {
    console.error(`Invalid configuration:\n  - ${err.message}`);
    process.exit(1);
  }
  const apiUrl = process.env.API_URL || undefined;
  const server = await startStaticHost({
    root,
    port,
    host: process.env.HOST || '127.0.0.1',
    allowedOrigins,
    apiUrl,
    log: say,
  });
  say(
    `serving ${resolve(root)} on http://${process.env.HOST || '127.0.0.1'}:${port} (CORS: ${allowedOrigins.join(', ') || 'none'}${apiUrl ? `; /api → ${apiUrl}` : ''})`,
  );
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
