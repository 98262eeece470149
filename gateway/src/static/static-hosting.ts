import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import sirv from 'sirv';
import { isApiPath } from '@rampquote/contracts';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** webpack output names carry an 8+ hex content hash: `main.3f9a1c2b.js`, `123.abcdef12.css`. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
/** Fixed names that must always be revalidated (unhashed names such as main.js are revalidated anyway). */
const ALWAYS_FRESH = new Set(['index.html', 'mf-manifest.json', 'mf-stats.json', 'remotes.json']);

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
 * FBO portal's light standalone page (no shell code), its scripts under /mf-fbo-portal/. The remotes the shell
 * federates are not here: each lives on a host of its own and /remotes.json (REMOTE_URL_MF_*) says where. A dist
 * folder that is not built yet simply yields 404s.
 */
export function staticHosting(webRoot: string, dev = false): RequestHandler {
  const files = staticDir(shellDist(webRoot), dev);
  const fboFiles = staticDir(fboPortalDist(webRoot), dev);
  return (req, res, next) => {
    if (isApiPath(req.path)) return next();
    if (req.path.startsWith(FBO_PORTAL_PREFIX)) {
      const rest = req.path.slice(FBO_PORTAL_PREFIX.length - 1);
      // Only the standalone page's scripts and assets (the remote the shell federates stays on its own host).
      if (!STANDALONE_FILE.test(rest)) return next();
      const url = req.url;
      req.url = req.url.slice(FBO_PORTAL_PREFIX.length - 1);
      return fboFiles(req, res, () => ((req.url = url), next()));
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && FBO_LINK_PATH.test(req.path) && req.accepts('html')) {
      const url = req.url;
      req.url = FBO_LINK_PAGE;
      return fboFiles(req, res, () => ((req.url = url), next()));
    }
    return files(req, res, next);
  };
}

/**
 * SPA fallback: a page navigation (GET/HEAD accepting HTML, not /api, no file extension) that no
 * route answered gets the shell's index.html, whose router shows the page or "404 Page Not Found".
 * Returns false to let the caller answer the JSON 404.
 */
export function spaFallback(webRoot: string) {
  const indexHtml = join(shellDist(webRoot), 'index.html');
  return (req: Request, res: Response): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const path = req.path;
    if (isApiPath(path)) return false;
    if (extname(path) !== '') return false;
    if (!req.accepts('html')) return false;
    if (!existsSync(indexHtml)) return false;
    res.setHeader('Cache-Control', NO_CACHE);
    res.status(200).sendFile(indexHtml, (err) => {
      if (err && !res.headersSent) res.status(404).json({ error: 'Not found' });
    });
    return true;
  };
}
