// The harness of the suites on what the gateway answers for a remote's page (first views, page scripts): a remote's
// static host, a shell's dist, and a page opened as a browser asks for it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import request from 'supertest';

/** The chunk the shell's build lists in remote-page-preload.json: preloaded on every page of a remote. */
export const SHELL_REMOTE_PAGE_CHUNK = '723.abe43bff.js';

/** A remote's static host: each file answers what the test last served for it, any other path 404. */
export function remoteHost() {
  const answers = new Map<string, { status: number; body: string }>();
  const server: Server = createServer((req, res) => {
    const answer = answers.get(req.url ?? '');
    if (!answer) return void res.writeHead(404).end();
    res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.body);
  });
  return {
    serve: (file: string, content: unknown, status = 200) =>
      answers.set(`/${file}`, { status, body: typeof content === 'string' ? content : JSON.stringify(content) }),
    /** Starts listening: the host's origin. */
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The shell's plain page: an empty #root, filled by its scripts. */
export const SHELL_INDEX =
  '<!doctype html><html><head><title>RampQuote</title></head><body><div id="root"></div></body></html>';

/** A web root holding a shell's dist: `index.html`, the given `frame.html` and the remote pages' preload list. */
export function shellWebRoot(frame: string): string {
  const webRoot = mkdtempSync(join(tmpdir(), 'rq-remote-pages-'));
  const dist = join(webRoot, 'shell', 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), SHELL_INDEX);
  writeFileSync(join(dist, 'frame.html'), frame);
  writeFileSync(join(dist, 'remote-page-preload.json'), JSON.stringify({ scripts: [SHELL_REMOTE_PAGE_CHUNK] }));
  return webRoot;
}

/** A page as a browser opens it (HTML, compression accepted), with the session cookie when given. */
export function openPage(app: Express, path: string, cookie?: string) {
  const req = request(app).get(path).set('Accept', 'text/html').set('Accept-Encoding', 'gzip, deflate, br');
  return cookie ? req.set('Cookie', cookie) : req;
}

/** The scripts a page's HTML preloads, in order. */
export function scriptPreloads(html: string): string[] {
  return [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)"/g)].map((m) => m[1]);
}
