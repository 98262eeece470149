import { existsSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { extname, join } from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import sirv from 'sirv';
import type { FirstViewsSource, PageScriptsSource } from './first-views';
import {
  EXPOSED_ROUTES_FILE,
  FIRST_VIEW_SLOT,
  type FirstView,
  type RemoteDefinition,
  isApiPath,
  REMOTES_ELEMENT_ID,
  Routes,
  SignedInPageRequests,
  type RemotesConfig,
} from '@rampquote/contracts';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** webpack output names carry an 8+ hex content hash: `main.3f9a1c2b.js`, `123.abcdef12.css`. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
/** Fixed names that must always be revalidated (unhashed names such as main.js are revalidated anyway). */
const ALWAYS_FRESH = new Set(['index.html', 'home.html', 'mf-manifest.json', 'mf-stats.json', 'remotes.json']);

export function cacheControlFor(filePath: string): string {
  const name = filePath.split(/[\\/]/).pop() ?? '';
  if (ALWAYS_FRESH.has(name)) return NO_CACHE;
  return HASHED.test(name) ? IMMUTABLE : NO_CACHE;
}

/**
 * The files of `root`, with the `.br` and `.gz` copies the build wrote beside them: brotli when the browser accepts
 * it, else gzip, else the file (`Vary: Accept-Encoding`). What is not there goes on to the next step.
 */
function staticDir(root: string, dev: boolean): RequestHandler {
  const serve = sirv(root, {
    // Development, or a shell not built yet, looks files up per request (a rebuilt shell shows on the next load);
    // otherwise the files are listed once, at start.
    dev: dev || !existsSync(root),
    etag: true,
    brotli: true,
    gzip: true,
    dotfiles: false,
    extensions: [],
    setHeaders: (res, pathname) => res.setHeader('Cache-Control', cacheControlFor(pathname)),
  });
  return (req, res, next) => serve(req, res, () => next());
}

/** Where the built shell lives. */
export const shellDist = (webRoot: string) => join(webRoot, 'shell', 'dist');

/** Where the FBO portal's built bundle lives (its standalone page among it). */
export const fboPortalDist = (webRoot: string) => join(webRoot, 'mf-fbo-portal', 'dist');

/**
 * The FBO portal's standalone page at this origin: its scripts under this prefix, and `link.html` (the page whose
 * scripts are looked up here, built beside the portal host's index.html from the same source).
 */
export const FBO_PORTAL_PREFIX = '/mf-fbo-portal/';
const FBO_LINK_PAGE = '/link.html';
/** The standalone page's files in the portal's dist: main.js, standalone/*, assets/* (createStandaloneConfig). */
const STANDALONE_FILE = /^\/(?:main\.js|standalone\/[^/]+|assets\/[^/]+)$/;
/** The page an FBO's e-mailed link opens: `/quote/{fboId}/{token}` (Routes.fboQuote.estimatePage). */
const FBO_LINK_PATH = /^\/quote\/[^/]+\/[^/]+\/?$/;

/**
 * Static files: the shell's dist at /, never looked up for an API path. An FBO's e-mailed link is answered by the
 * FBO portal's light standalone page (no shell code), its scripts under /mf-fbo-portal/: read from the portal's dist
 * in `webRoot`, or, with `fboLinkHost` (FBO_LINK_HOST_URL: the portal's own static host, whose PAGE_ROUTES answers
 * the link with link.html), forwarded there as an Ingress routes them. The remotes the shell federates are not
 * here: each lives on a host of its own and /remotes.json (REMOTE_URL_MF_*) says where. A dist folder that is not
 * built yet simply yields 404s.
 */
export function staticHosting(
  webRoot: string,
  dev = false,
  remotes?: RemotesConfig,
  fboLinkHost?: string,
  signedIn: SignedInCheck = NOBODY,
): RequestHandler {
  const files = staticDir(shellDist(webRoot), dev);
  const portalHost = fboLinkHost ? forwardTo(new URL(fboLinkHost)) : undefined;
  const fboFiles = staticDir(fboPortalDist(webRoot), dev);
  const page = shellPage(webRoot, remotes, signedIn);
  const linkPage = fboLinkPage(webRoot);
  return (req, res, next) => {
    if (isApiPath(req.path)) return next();
    if ((req.path === '/' || req.path === '/index.html') && page(req, res)) return;
    if (req.path.startsWith(FBO_PORTAL_PREFIX)) {
      const rest = req.path.slice(FBO_PORTAL_PREFIX.length - 1);
      // Only the standalone page's scripts and assets (the remote the shell federates stays on its own host).
      if (!STANDALONE_FILE.test(rest)) return next();
      // The portal's host serves them under the prefix; its dist has them at its root.
      if (portalHost) return portalHost(req, res, next);
      const url = req.url;
      req.url = req.url.slice(FBO_PORTAL_PREFIX.length - 1);
      return fboFiles(req, res, () => ((req.url = url), next()));
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && FBO_LINK_PATH.test(req.path) && req.accepts('html')) {
      if (portalHost) return portalHost(req, res, next);
      if (linkPage(req, res)) return;
      return next();
    }
    return files(req, res, next);
  };
}

/** Answer headers a forwarded file keeps (the gateway's own security headers stay as they are). */
const FORWARDED_ANSWER_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'cache-control',
  'etag',
  'last-modified',
  'vary',
  'link',
];

/**
 * Forwards a GET/HEAD to `host` (its path and query unchanged; the browser's Accept, Accept-Encoding and
 * revalidation headers) and streams the answer back as it is, compressed or not. A host that cannot be reached
 * goes on to the next step (the shell's page, or the 404).
 */
function forwardTo(host: URL) {
  const send = host.protocol === 'https:' ? httpsRequest : httpRequest;
  return (req: Request, res: Response, next: () => void): void => {
    const headers: IncomingHttpHeaders = {};
    for (const name of ['accept', 'accept-encoding', 'if-none-match', 'if-modified-since'])
      if (req.headers[name] !== undefined) headers[name] = req.headers[name];
    const upstream = send(
      { protocol: host.protocol, hostname: host.hostname, port: host.port, method: req.method, path: req.url, headers },
      (answer) => {
        const status = answer.statusCode ?? 502;
        if (status === 404) {
          answer.resume();
          return next();
        }
        res.status(status);
        for (const name of FORWARDED_ANSWER_HEADERS)
          if (answer.headers[name] !== undefined) res.setHeader(name, answer.headers[name]);
        answer.pipe(res);
      },
    );
    upstream.setTimeout(10_000, () => upstream.destroy(new Error('no answer in 10 s')));
    upstream.on('error', () => {
      if (!res.headersSent) next();
      else res.destroy();
    });
    res.on('close', () => upstream.destroy());
    upstream.end();
  };
}

/**
 * SPA fallback: a page navigation (GET/HEAD accepting HTML, not /api, no file extension) that no
 * route answered gets the shell's index.html, whose router shows the page or "404 Page Not Found".
 * Returns false to let the caller answer the JSON 404.
 */
export function spaFallback(
  webRoot: string,
  remotes?: RemotesConfig,
  signedIn: SignedInCheck = NOBODY,
  firstViews?: FirstViewsSource,
  pageScripts?: PageScriptsSource,
) {
  const page = shellPage(webRoot, remotes, signedIn, firstViews, pageScripts);
  return (req: Request, res: Response): boolean => {
    if (isApiPath(req.path)) return false;
    if (extname(req.path) !== '') return false;
    return page(req, res);
  };
}

/**
 * Whether a page request comes from someone who may be signed in (a session cookie with a valid signature; the session
 * itself is not looked up): their page gets the signed-in requests preloaded too.
 */
export type SignedInCheck = (req: Request) => boolean;
const NOBODY: SignedInCheck = () => false;

/** react-router's path pattern (`:param` one segment, a trailing `*` the rest, whole path) as a RegExp. */
function patternRegExp(pattern: string): RegExp {
  const escaped = pattern
    .replace(/\/\*$/, '')
    .split('/')
    .map((part) => (part.startsWith(':') ? `(?<${part.slice(1)}>[^/]+)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}${pattern.endsWith('/*') ? '(?:/.*)?' : ''}/?$`, 'i');
}

/** A pattern's `:name` parameters in `pathname` (decoded), or undefined when the pattern does not match it. */
function pathParams(pattern: string, pathname: string): Record<string, string> | undefined {
  const match = patternRegExp(pattern).exec(pathname);
  if (!match) return undefined;
  try {
    return Object.fromEntries(
      Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]),
    );
  } catch {
    return undefined;
  }
}

/** The API requests the page at `pathname` waits for before its first view for a signed-in user (SignedInPageRequests). */
export function signedInPageRequests(pathname: string): string[] {
  for (const { page, requests } of SignedInPageRequests) {
    const params = pathParams(page, pathname);
    if (params) return requests(params);
  }
  return [];
}

/** The remote whose routes serve `pathname` (as the shell's remoteForPath finds it). */
export function remoteForPath(remotes: RemotesConfig, pathname: string) {
  return remotes.remotes.find((remote) => remote.routes.some((pattern) => patternRegExp(pattern).test(pathname)));
}

/** JSON inside a <script> element: `<` escaped, so no `</script>` can close it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * A preload of an API request the page's code makes: with credentials, as web-kit's api sends its requests, so that
 * request takes the preloaded answer instead of asking again.
 */
const apiPreload = (href: string) =>
  `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${attribute(href)}">`;

/**
 * Every shell page asks who is signed in before it shows its page (header, sign-in gates): preloaded, the answer
 * arrives with the scripts instead of after them.
 */
const SESSION_PRELOAD = apiPreload(Routes.auth.me);

/**
 * The shell's index.html for the page at `pathname`: the session request preloaded, /remotes.json inlined (the shell
 * reads it instead of asking), and, for a path a remote serves, that remote's manifest, entry and routes chunk
 * preloaded, and the chunks of the page itself (`pageScripts`, relative to the remote's entry), so the browser fetches
 * them with the shell's own scripts instead of one after the other. Without `preloadScripts` (a page that paints
 * before any script: the frame with a first view) the scripts are left to the entry script, which fetches them once
 * the page has painted.
 */
export function shellHtml(
  indexHtml: string,
  remotes: RemotesConfig | undefined,
  pathname: string,
  remotePageScripts: readonly string[] = [],
  { preloadScripts = true, pageScripts = [] as readonly string[] } = {},
): string {
  const hints = [SESSION_PRELOAD];
  const remote = remotes && remoteForPath(remotes, pathname);
  if (remotes) hints.push(`<script type="application/json" id="${REMOTES_ELEMENT_ID}">${scriptJson(remotes)}</script>`);
  if (remote) {
    // The federation runtime fetches the manifest with fetch() (CORS, no credentials) and adds the entry as a plain
    // <script>: the preloads match those requests.
    hints.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${attribute(remote.entry)}">`);
  }
  if (remote && preloadScripts) {
    const base = remote.entry.slice(0, remote.entry.lastIndexOf('/') + 1);
    hints.push(`<link rel="preload" as="script" href="${attribute(`${base}remoteEntry.js`)}">`);
    // And the chunk of its ./routes, which the entry would otherwise ask for only once it has run.
    hints.push(`<link rel="preload" as="script" href="${attribute(`${base}${EXPOSED_ROUTES_FILE}`)}">`);
    // The shell's own chunks every remote's page loads first (its build lists them in remote-page-preload.json).
    for (const script of remotePageScripts) hints.push(`<link rel="preload" as="script" href="/${attribute(script)}">`);
    // The page's own chunks, which its lazy route would ask for only once the shell and the routes have run.
    for (const script of pageScripts) hints.push(`<link rel="preload" as="script" href="${attribute(base + script)}">`);
  }
  return indexHtml.replace('</head>', `${hints.join('')}</head>`);
}

/** The scripts the shell's build lists in remote-page-preload.json (none when the file is missing or malformed). */
function remotePageScripts(dist: string): string[] {
  try {
    const { scripts } = JSON.parse(readFileSync(join(dist, 'remote-page-preload.json'), 'utf8')) as {
      scripts?: unknown;
    };
    return Array.isArray(scripts)
      ? scripts.filter((s): s is string => typeof s === 'string' && /^[\w.-]+\.js$/.test(s))
      : [];
  } catch {
    return [];
  }
}

interface PageVariant {
  mtimeMs: number;
  html: string;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The landing page's first view, prerendered at build time into index.html (the shell's build writes it). */
const HOME_PAGE = 'home.html';
/** The frame (header, empty page area, footer) a remote's first view goes into (the shell's build writes it). */
const FRAME_PAGE = 'frame.html';

/**
 * The frame with `view` in its page area and the view's styles in <head>; undefined when the frame has not exactly
 * one empty page area.
 */
export function framedFirstView(frameHtml: string, view: FirstView): string | undefined {
  const parts = frameHtml.split(FIRST_VIEW_SLOT);
  if (parts.length !== 2 || !parts[0].includes('</head>')) return undefined;
  const filledSlot = FIRST_VIEW_SLOT.replace('></div>', () => `>${view.markup}</div>`);
  return parts[0].replace('</head>', () => `${view.styles}</head>`) + filledSlot + parts[1];
}

/**
 * Answers a page navigation (GET/HEAD accepting HTML) with shellHtml, brotli or gzip as the browser accepts
 * (compressed once per remote and page version): `/` gets home.html when the build wrote it, a path whose remote has
 * a first view for whoever asks the frame with that view, every other path index.html. Returns false when it does
 * not answer.
 */
function shellPage(
  webRoot: string,
  remotes: RemotesConfig | undefined,
  signedIn: SignedInCheck,
  firstViews?: FirstViewsSource,
  pageScripts?: PageScriptsSource,
) {
  const dist = shellDist(webRoot);
  const variants = new Map<string, PageVariant & { view?: FirstView }>();
  const modified = (file: string) => {
    try {
      return statSync(join(dist, file)).mtimeMs;
    } catch {
      return undefined;
    }
  };
  /** The frame with `view` (from `remote`) in it at `path`, kept until the frame or the view changes. */
  const framedPage = (remote: RemoteDefinition, path: string, view: FirstView) => {
    const mtimeMs = modified(FRAME_PAGE);
    if (mtimeMs === undefined) return undefined;
    const key = `${FRAME_PAGE} ${remote.name} ${path}`;
    const kept = variants.get(key);
    if (kept?.mtimeMs === mtimeMs && kept.view === view) return kept;
    const framed = framedFirstView(readFileSync(join(dist, FRAME_PAGE), 'utf8'), view);
    if (framed === undefined) return undefined;
    const html = shellHtml(framed, remotes, path, [], { preloadScripts: false });
    const variant = { mtimeMs, html, view, ...compressedPage(Buffer.from(html), 'once') };
    variants.set(key, variant);
    return variant;
  };
  /** index.html (home.html for `/`) with the hints of the path's remote and page. */
  const plainPage = (path: string, remote: RemoteDefinition | undefined) => {
    let file = 'index.html';
    let mtimeMs = path === '/' ? modified(HOME_PAGE) : undefined;
    if (mtimeMs === undefined) mtimeMs = modified(file);
    else file = HOME_PAGE;
    if (mtimeMs === undefined) return undefined;
    const scripts = (remote && pageScripts?.scriptsFor(remote, (pattern) => patternRegExp(pattern).test(path))) || [];
    const key = `${file} ${remote?.name ?? ''} ${scripts.join(' ')}`;
    let variant = variants.get(key);
    if (!variant || variant.mtimeMs !== mtimeMs) {
      const html = shellHtml(readFileSync(join(dist, file), 'utf8'), remotes, path, remotePageScripts(dist), {
        pageScripts: scripts,
      });
      variant = { mtimeMs, html, ...compressedPage(Buffer.from(html), 'once') };
      variants.set(key, variant);
    }
    return variant;
  };
  return (req: Request, res: Response): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (!req.accepts('html')) return false;
    const remote = remotes ? remoteForPath(remotes, req.path) : undefined;
    const view = remote && firstViews?.viewFor(remote, req.path);
    // A signed-in user's page also preloads the requests its first view waits for (as the session request is). They
    // depend on the path (a request's id), so such a page is compressed for each request.
    const requests = signedInPageRequests(req.path);
    const session = view || requests.length ? signedIn(req) : false;
    // A first view is for a visitor or for someone signed in; the other gets the page without it.
    const framed = view && view.audience === (session ? 'signed-in' : 'visitor');
    const variant = (framed && framedPage(remote, req.path, view)) || plainPage(req.path, remote);
    if (!variant) return false;
    const vary = view || requests.length ? VARIES_BY_SESSION : undefined;
    if (requests.length && session) {
      const hints = requests.map(apiPreload).join('');
      const page = compressedPage(Buffer.from(variant.html.replace('</head>', `${hints}</head>`)), 'each');
      sendHtml(req, res, page, vary);
    } else sendHtml(req, res, variant, vary);
    return true;
  };
}

/**
 * A page whose HTML depends on the session cookie (a signed-in user's gets its requests preloaded; a visitor's, its
 * first view).
 */
const VARIES_BY_SESSION = 'Accept-Encoding, Cookie';

/**
 * A page with its brotli and gzip forms: at the highest levels for a page compressed `once` and kept, at fast ones for
 * a page compressed for `each` request (about a millisecond for a few KB).
 */
function compressedPage(body: Buffer, compressed: 'once' | 'each'): { body: Buffer; br: Buffer; gzip: Buffer } {
  const kept = compressed === 'once';
  return {
    body,
    br: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: kept ? 11 : 5 } }),
    gzip: gzipSync(body, { level: kept ? 9 : 6 }),
  };
}

/** An HTML page, brotli first whenever the browser accepts it (as sirv does for the files), else gzip; revalidated. */
function sendHtml(
  req: Request,
  res: Response,
  page: { body: Buffer; br: Buffer; gzip: Buffer },
  vary = 'Accept-Encoding',
): void {
  const encoding = req.acceptsEncodings('br') === 'br' ? 'br' : req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : '';
  const sent = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body;
  res.setHeader('Cache-Control', NO_CACHE);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Vary', vary);
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', String(sent.length));
  res.status(200).end(req.method === 'HEAD' ? undefined : sent);
}

/**
 * The FBO's link page: the portal's standalone link.html with the link's own estimate request preloaded (the page
 * asks for it once its scripts ran; preloaded, the answer is there by then). Returns false when it is not built.
 */
function fboLinkPage(webRoot: string) {
  const file = join(fboPortalDist(webRoot), FBO_LINK_PAGE);
  let cached: { mtimeMs: number; html: string } | undefined;
  return (req: Request, res: Response): boolean => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return false;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    const [, , fboId, token] = req.path.split('/');
    let api: string;
    try {
      api = Routes.fboQuote.byLink(decodeURIComponent(fboId), decodeURIComponent(token));
    } catch {
      return false;
    }
    sendHtml(
      req,
      res,
      compressedPage(Buffer.from(cached.html.replace('</head>', `${apiPreload(api)}</head>`)), 'each'),
    );
    return true;
  };
}
