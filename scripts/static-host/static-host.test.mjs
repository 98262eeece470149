// node:test for scripts/static-host/static-host.mjs: a remote's static host as the shell's browser sees it, in both
// of its modes (files listed at start as in an image; looked up per request as under npm start).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get as httpGet } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { cacheControlFor, parseAllowedOrigins, parsePageRoutes, startStaticHost } from './static-host.mjs';

const SHELL = 'http://localhost:8080';

const ENTRY = `var account = ${JSON.stringify('x'.repeat(4000))};`;

for (const dev of [false, true]) {
  describe(dev ? 'files looked up per request (npm start)' : 'files listed at start (an image)', () => {
    let root;
    let server;
    let base;

    before(async () => {
      root = mkdtempSync(join(tmpdir(), 'rq-static-host-'));
      writeFileSync(join(root, 'mf-manifest.json'), '{"name":"account"}');
      // As the remote's build writes it: each asset with its brotli and gzip copies beside it.
      writeFileSync(join(root, 'remoteEntry.js'), ENTRY);
      writeFileSync(join(root, 'remoteEntry.js.br'), brotliCompressSync(ENTRY));
      writeFileSync(join(root, 'remoteEntry.js.gz'), gzipSync(ENTRY));
      writeFileSync(join(root, '447.1a37f870.js'), 'chunk();');
      writeFileSync(join(root, '.build-stamp'), 'secret-ish');
      mkdirSync(join(root, 'assets'));
      writeFileSync(join(root, 'assets', 'logo.0a1b2c3d.svg'), '<svg/>');
      server = await startStaticHost({ root, port: 0, allowedOrigins: [SHELL], dev });
      base = `http://127.0.0.1:${server.address().port}`;
    });

    after(() => {
      server?.close();
      rmSync(root, { recursive: true, force: true });
    });

    test('keeps the fixed entry names fresh and caches content-hashed files for a year', async () => {
      for (const name of ['mf-manifest.json', 'remoteEntry.js']) {
        const res = await fetch(`${base}/${name}`);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('cache-control'), 'no-cache');
        assert.ok(res.headers.get('etag'));
      }
      const chunk = await fetch(`${base}/447.1a37f870.js`);
      assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(chunk.headers.get('content-type'), 'text/javascript; charset=utf-8');
      assert.equal(cacheControlFor('/x/assets/logo.0a1b2c3d.svg'), 'public, max-age=31536000, immutable');
      assert.equal(cacheControlFor('/x/favicon.svg'), 'no-cache');
    });

    test('answers a revalidation of an unchanged file with 304', async () => {
      const first = await fetch(`${base}/mf-manifest.json`);
      const again = await fetch(`${base}/mf-manifest.json`, {
        headers: { 'if-none-match': first.headers.get('etag') },
      });
      assert.equal(again.status, 304);
    });

    test("lets the shell's origin read the files (CORS), and nobody else", async () => {
      const shell = await fetch(`${base}/mf-manifest.json`, { headers: { origin: SHELL } });
      assert.equal(shell.headers.get('access-control-allow-origin'), SHELL);
      assert.match(shell.headers.get('vary'), /Origin/);
      const other = await fetch(`${base}/mf-manifest.json`, { headers: { origin: 'https://evil.example' } });
      assert.equal(other.headers.get('access-control-allow-origin'), null);
      const preflight = await fetch(`${base}/mf-manifest.json`, {
        method: 'OPTIONS',
        headers: { origin: SHELL, 'access-control-request-method': 'GET' },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('access-control-allow-origin'), SHELL);
    });

    test('sends security headers that still let another origin load the scripts', async () => {
      const res = await fetch(`${base}/remoteEntry.js`);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(res.headers.get('cross-origin-resource-policy'), 'cross-origin');
      assert.equal(res.headers.get('content-security-policy'), "default-src 'none'; frame-ancestors 'none'");
    });

    test("sends the build's brotli copy to a client that accepts it, else the gzip copy, else the file", async () => {
      const get = (encoding) =>
        new Promise((done, fail) =>
          httpGet(`${base}/remoteEntry.js`, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
          }).on('error', fail),
        );
      const br = await get('gzip, deflate, br');
      assert.equal(br.headers['content-encoding'], 'br');
      assert.equal(brotliDecompressSync(br.body).toString(), ENTRY);
      assert.equal(br.headers['cache-control'], 'no-cache');
      assert.match(br.headers.vary, /Accept-Encoding/);
      const gz = await get('gzip');
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.equal(gunzipSync(gz.body).toString(), ENTRY);
      assert.ok(gz.body.length < 1000);
      assert.notEqual(gz.headers.etag, br.headers.etag, 'each encoding is its own representation');
      const plain = await get('identity');
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(plain.body.toString(), ENTRY);
    });

    test('serves nothing outside its folder, no dotfiles, no directories, only GET and HEAD; /health for probes', async () => {
      for (const path of ['/.build-stamp', '/%2e%2e/etc/passwd', '/../package.json', '/assets', '/missing.js']) {
        assert.equal((await fetch(`${base}${path}`)).status, 404, path);
      }
      assert.equal((await fetch(`${base}/remoteEntry.js`, { method: 'POST' })).status, 405);
      assert.equal((await fetch(`${base}/remoteEntry.js`, { method: 'HEAD' })).status, 200);
      const health = await fetch(`${base}/health`);
      assert.deepEqual(await health.json(), { status: 'ok' });
    });

    test('names a bad ALLOWED_ORIGINS entry', () => {
      assert.deepEqual(parseAllowedOrigins('http://localhost:8080/, https://app.example.com'), [
        'http://localhost:8080',
        'https://app.example.com',
      ]);
      assert.deepEqual(parseAllowedOrigins(''), []);
      assert.throws(() => parseAllowedOrigins('localhost:8080'), /ALLOWED_ORIGINS/);
      assert.throws(() => parseAllowedOrigins('ftp://x.example'), /ALLOWED_ORIGINS/);
    });

    test('with API_URL, forwards /api/* (method, path, Host, cookie, body; the client address it connected from) and streams the answer back', async () => {
      const { createServer } = await import('node:http');
      const api = createServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          res.writeHead(201, { 'content-type': 'application/json', 'set-cookie': 'sid=1; HttpOnly' });
          res.end(
            JSON.stringify({
              method: req.method,
              url: req.url,
              host: req.headers.host,
              cookie: req.headers.cookie,
              forwardedFor: req.headers['x-forwarded-for'],
              realIp: req.headers['x-real-ip'],
              body,
            }),
          );
        });
      });
      await new Promise((r) => api.listen(0, '127.0.0.1', r));
      const host = await startStaticHost({ root, port: 0, apiUrl: `http://127.0.0.1:${api.address().port}` });
      const hostUrl = `http://127.0.0.1:${host.address().port}`;
      try {
        const res = await fetch(`${hostUrl}/api/fbo-quote/f1/t1/submit?x=1`, {
          method: 'POST',
          headers: { cookie: 'sid=0', 'x-forwarded-for': '203.0.113.7', 'x-real-ip': '203.0.113.7' },
          body: '{"total":1}',
        });
        assert.equal(res.status, 201);
        assert.equal(res.headers.get('set-cookie'), 'sid=1; HttpOnly');
        assert.deepEqual(await res.json(), {
          method: 'POST',
          url: '/api/fbo-quote/f1/t1/submit?x=1',
          host: new URL(hostUrl).host,
          cookie: 'sid=0',
          // The address the client connected from, not the one it claimed.
          forwardedFor: '127.0.0.1',
          body: '{"total":1}',
        });
        // Files are still files; without API_URL /api is just a missing file.
        assert.equal((await fetch(`${hostUrl}/mf-manifest.json`)).status, 200);
        assert.equal((await fetch(`${base}/api/anything`)).status, 404);
      } finally {
        host.close();
        api.close();
      }
    });

    test("answers an FBO's e-mailed link with the portal's link page (PAGE_ROUTES), its scripts beside it", async () => {
      const portalRoot = mkdtempSync(join(tmpdir(), 'rq-static-host-pages-'));
      const link = '<!doctype html><html><head><script defer src="/mf-fbo-portal/main.js"></script></head></html>';
      mkdirSync(join(portalRoot, 'mf-fbo-portal', 'standalone'), { recursive: true });
      writeFileSync(join(portalRoot, 'mf-fbo-portal', 'link.html'), link);
      writeFileSync(join(portalRoot, 'mf-fbo-portal', 'link.html.br'), brotliCompressSync(link));
      writeFileSync(join(portalRoot, 'mf-fbo-portal', 'index.html'), '<!doctype html><title>inbox</title>');
      writeFileSync(join(portalRoot, 'mf-fbo-portal', 'main.js'), 'standalone();');
      const host = await startStaticHost({
        root: portalRoot,
        port: 0,
        dev,
        pageRoutes: parsePageRoutes(
          '/quote/:fboId/:token=mf-fbo-portal/link.html;preload=/api/fbo-quote/:fboId/:token',
        ),
      });
      const hostUrl = `http://127.0.0.1:${host.address().port}`;
      try {
        const page = await fetch(`${hostUrl}/quote/0b6f3f2e-8d1c/tok_abc-123?utm=mail`, {
          headers: { accept: 'text/html', 'accept-encoding': 'br' },
        });
        assert.equal(page.status, 200);
        assert.match(page.headers.get('content-type'), /^text\/html/);
        assert.equal(page.headers.get('content-encoding'), 'br');
        assert.equal(page.headers.get('cache-control'), 'no-cache');
        assert.match(page.headers.get('content-security-policy'), /script-src 'self'/);
        assert.equal(await page.text(), link);
        // The link's estimate request, preloaded as the page asks for it (with credentials).
        assert.equal(
          page.headers.get('link'),
          '</api/fbo-quote/0b6f3f2e-8d1c/tok_abc-123>; rel=preload; as=fetch; crossorigin=use-credentials',
        );
        const script = await fetch(`${hostUrl}/mf-fbo-portal/main.js`);
        assert.equal(await script.text(), 'standalone();');
        // Only the link's own shape: one segment less is not a link.
        assert.notEqual(await (await fetch(`${hostUrl}/quote/0b6f3f2e-8d1c`)).text(), link);
        assert.notEqual(await (await fetch(`${hostUrl}/quote/a/b/c`)).text(), link);
      } finally {
        host.close();
        rmSync(portalRoot, { recursive: true, force: true });
      }
    });
  });
}

test('PAGE_ROUTES: pattern=file pairs; a file outside STATIC_ROOT or a malformed entry is refused by name', () => {
  const [route] = parsePageRoutes(' /quote/:fboId/:token = mf-fbo-portal/link.html ');
  assert.equal(route.file, 'mf-fbo-portal/link.html');
  assert.equal(route.test('/quote/f1/t1'), true);
  assert.equal(route.test('/quote/f1/t1/'), true);
  assert.equal(route.test('/quote/f1'), false);
  assert.equal(route.test('/quotes/f1/t1'), false);
  assert.deepEqual(parsePageRoutes(''), []);
  assert.throws(() => parsePageRoutes('/quote/:id'), /PAGE_ROUTES: "\/quote\/:id" is not <path pattern>=<file>/);
  assert.throws(() => parsePageRoutes('/quote/:id=../etc/passwd'), /must be a file inside STATIC_ROOT/);
  assert.throws(() => parsePageRoutes('/quote/:id=/etc/passwd'), /must be a file inside STATIC_ROOT/);
  const [withPreload] = parsePageRoutes(
    '/quote/:fboId/:token=mf-fbo-portal/link.html;preload=/api/fbo-quote/:fboId/:token',
  );
  assert.equal(
    withPreload.match('/quote/f 1/t<1>'),
    '</api/fbo-quote/f%201/t%3C1%3E>; rel=preload; as=fetch; crossorigin=use-credentials',
  );
  assert.equal(route.match('/quote/f1/t1'), '');
  assert.throws(() => parsePageRoutes('/quote/:id=a/link.html;preload=/api/:other'), /names :other/);
  assert.throws(() => parsePageRoutes('/quote/:id=a/link.html;prefetch=/api/:id'), /is not preload=<path>/);
});
