#!/usr/bin/env node
// The static host of one micro-frontend: serves a built remote's dist/ folder on its own port, the way a remote
// is deployed (its own host or CDN prefix; the gateway only says where it lives in /remotes.json). The files are
// sent by sirv, with the .br/.gz files the remote's build wrote beside each asset (brotli when the client accepts
// it, else gzip); this file adds the cache, CORS and security headers, /health and the optional /api forwarding.
// The same file runs under `npm start` and in a remote's image.
//
//   STATIC_ROOT=mf-account/dist PORT=3101 ALLOWED_ORIGINS=http://localhost:8080 node scripts/static-host/static-host.mjs
//
// Env: STATIC_ROOT (required), PORT (default 8080), HOST (default 127.0.0.1; a container sets 0.0.0.0),
// ALLOWED_ORIGINS (comma-separated origins that may read the files with CORS: the shell's origin; `*` for any),
// NAME (for log lines), API_URL (optional: forward /api/* there, e.g. the gateway, so a standalone page such as
// the FBO portal works on this host the way an Ingress routes /api of its domain to the gateway), PAGE_ROUTES
// (optional: comma-separated `<path pattern>=<file under STATIC_ROOT>[;preload=<path>]`, `:name` one segment, e.g.
// `/quote/:fboId/:token=mf-fbo-portal/link.html;preload=/api/fbo-quote/:fboId/:token`: a page navigation matching
// the pattern gets that file, with a `Link` header preloading the request the page makes first).
// NODE_ENV=development looks files up on every request (a rebuild shows without a restart); otherwise the folder is
// listed once at start (an image's files never change). GET /health answers 200 for probes. SIGTERM/SIGINT close it.
import { createServer, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sirv from 'sirv';

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

/** Text types sirv names without a charset (the bundles are UTF-8 whatever the page's encoding). */
const UTF8_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

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
 * Parses PAGE_ROUTES: `<path pattern>=<file>` entries, comma-separated, each optionally followed by
 * `;preload=<path template>` (a request the page makes as soon as it runs, e.g. `/api/fbo-quote/:fboId/:token`, its
 * `:names` from the pattern). Throws naming a bad entry. Returns [{ pattern, file, match(pathname) }], `match` giving
 * the `Link` preload header's value ('' without preload) or undefined when the path does not match.
 */
export function parsePageRoutes(value = '') {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [route, ...options] = entry.split(';').map((s) => s.trim());
      const [pattern, file, extra] = route.split('=').map((s) => s.trim());
      if (extra !== undefined || !pattern?.startsWith('/') || !file)
        throw new Error(
          `PAGE_ROUTES: "${entry}" is not <path pattern>=<file> (like /quote/:fboId/:token=mf-fbo-portal/link.html)`,
        );
      if (file.startsWith('/') || file.split('/').some((s) => s === '..' || s.startsWith('.')))
        throw new Error(`PAGE_ROUTES: "${file}" must be a file inside STATIC_ROOT (a relative path, no dot segments)`);
      const names = [];
      const source = (pattern.endsWith('/') ? pattern.slice(0, -1) : pattern)
        .split('/')
        .map((part) => {
          if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(part.slice(1));
          return '([^/]+)';
        })
        .join('/');
      const regExp = new RegExp(`^${source}/?$`);
      let preload;
      for (const option of options) {
        const template = option.startsWith('preload=') ? option.slice('preload='.length) : undefined;
        if (!template?.startsWith('/'))
          throw new Error(`PAGE_ROUTES: "${option}" is not preload=<path> (like preload=/api/fbo-quote/:fboId/:token)`);
        const unknown = (template.match(/:\w+/g) ?? []).find((p) => !names.includes(p.slice(1)));
        if (unknown) throw new Error(`PAGE_ROUTES: preload "${template}" names ${unknown}, which "${pattern}" has not`);
        preload = template;
      }
      const match = (pathname) => {
        const found = regExp.exec(pathname);
        if (!found) return undefined;
        if (!preload) return '';
        const params = Object.fromEntries(names.map((name, i) => [name, encodeURIComponent(found[i + 1])]));
        const href = preload.replace(/:(\w+)/g, (_, name) => params[name]);
        // As the page's own request asks (with credentials), so the browser uses the preloaded answer.
        return `<${href}>; rel=preload; as=fetch; crossorigin=use-credentials`;
      };
      return { pattern, file, match, test: (pathname) => match(pathname) !== undefined };
    });
}

/**
 * The request handler serving `root`. GET and HEAD only; dotfiles and paths outside root are 404; a path without
 * extension gets index.html when the bundle has one (a standalone page's own routes), else 404; a path one of
 * `pageRoutes` matches gets that route's file.
 */
export function staticHostHandler({ root, allowedOrigins = [], apiUrl, pageRoutes = [], dev = false, log = () => {} }) {
  const forwardApi = apiUrl ? apiForwarder(new URL(apiUrl), log) : undefined;
  const anyOrigin = allowedOrigins.includes('*');
  const text = (res, status, body, headers = {}) => {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
    res.end(body);
  };
  const files = sirv(resolve(root), {
    dev,
    etag: true,
    brotli: true,
    gzip: true,
    single: true,
    setHeaders(res, pathname) {
      const type = UTF8_TYPES[extname(pathname)];
      if (type) res.setHeader('Content-Type', type);
      // sirv sets Vary: Accept-Encoding; the CORS answer varies by Origin too.
      if (allowedOrigins.length) res.setHeader('Vary', 'Origin, Accept-Encoding');
    },
    onNoMatch: (req, res) => text(res, 404, 'Not found\n', { 'Cache-Control': NO_CACHE }),
  });

  return (req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (allowedOrigins.length) {
      const origin = req.headers.origin;
      res.setHeader('Vary', 'Origin');
      if (origin && (anyOrigin || allowedOrigins.includes(origin)))
        res.setHeader('Access-Control-Allow-Origin', anyOrigin ? '*' : origin);
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
    } catch {
      return text(res, 400, 'Bad request\n');
    }
    if (forwardApi && (pathname === '/api' || pathname.startsWith('/api/'))) return forwardApi(req, res);
    res.setHeader('Content-Security-Policy', FILE_CSP);
    res.setHeader('Cache-Control', NO_CACHE);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '600' });
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return text(res, 405, 'Method not allowed\n', { Allow: 'GET, HEAD, OPTIONS' });
    if (pathname === '/health') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      return res.end('{"status":"ok"}\n');
    }
    // sirv's development mode reads the disk per request and does not skip dotfiles itself.
    if (pathname.includes('\0') || pathname.split('/').some((s) => s.startsWith('.')))
      return text(res, 404, 'Not found\n');
    const ext = extname(pathname);
    const page = ext === '.html' || ext === '';
    res.setHeader('Cache-Control', page ? NO_CACHE : cacheControlFor(pathname));
    if (page) {
      res.setHeader('Content-Security-Policy', HTML_CSP);
      res.setHeader('X-Frame-Options', 'DENY');
      for (const route of ext === '' ? pageRoutes : []) {
        const preload = route.match(pathname);
        if (preload === undefined) continue;
        req.url = `/${route.file}`;
        if (preload) res.setHeader('Link', preload);
        break;
      }
    }
    files(req, res);
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
        headers: forwardedHeaders(req),
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      // Not the path: an FBO's link token is in it.
      log(`forwarding a ${req.method} /api call to ${target.origin} failed: ${err.message}`);
      if (!res.headersSent) {
        res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end('{"error":"The RampQuote API is unreachable"}');
      } else res.destroy(err);
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  };
}

/**
 * The request's headers for the API, with the forwarding headers this host vouches for: the client's address as it
 * connected here (what the client claimed in X-Forwarded-For and its kin is dropped), so the gateway's per-address
 * limits count each client apart and nobody picks their own address.
 */
export function forwardedHeaders(req) {
  const headers = { ...req.headers };
  for (const name of ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'forwarded'])
    delete headers[name];
  headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = req.socket.encrypted ? 'https' : 'http';
  return headers;
}

/** Starts a host; resolves with the listening server. */
export function startStaticHost({
  root,
  port,
  host = '127.0.0.1',
  allowedOrigins = [],
  apiUrl,
  pageRoutes = [],
  dev = false,
  log = () => {},
}) {
  const server = createServer(staticHostHandler({ root, allowedOrigins, apiUrl, pageRoutes, dev, log }));
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
  let pageRoutes;
  try {
    if (!root) throw new Error('STATIC_ROOT: required (the folder to serve, e.g. mf-account/dist)');
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new Error(`PORT: "${process.env.PORT}" is not a port number`);
    allowedOrigins = parseAllowedOrigins(process.env.ALLOWED_ORIGINS);
    pageRoutes = parsePageRoutes(process.env.PAGE_ROUTES);
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
    pageRoutes,
    dev: process.env.NODE_ENV === 'development',
    log: say,
  });
  say(
    `serving ${resolve(root)} on http://${process.env.HOST || '127.0.0.1'}:${port} (CORS: ${allowedOrigins.join(', ') || 'none'}${apiUrl ? `; /api → ${apiUrl}` : ''}${pageRoutes.map((r) => `; ${r.pattern} → ${r.file}`).join('')})`,
  );
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
