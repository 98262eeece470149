import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express, { type Express } from 'express';
import request from 'supertest';
import { openPage } from '../../test/support/remote-pages';
import { cacheControlFor, shellHtml, spaFallback, staticHosting } from './static-hosting';

describe('cacheControlFor (the shell)', () => {
  it('revalidates the page and the entry script every time', () => {
    for (const file of ['/w/shell/dist/index.html', '/w/shell/dist/main.js', '/w/shell/dist/mf-manifest.json']) {
      expect(cacheControlFor(file)).toBe('no-cache');
    }
  });
  it('caches content-hashed files for a year', () => {
    expect(cacheControlFor('/w/shell/dist/main.3f9a1c2b.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/w/shell/dist/412.0a1b2c3d.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/w/shell/dist/assets/ramp-night.5c08ef9b.mp4')).toBe('public, max-age=31536000, immutable');
  });
  it('revalidates files without a hash', () => {
    expect(cacheControlFor('/w/shell/dist/favicon.svg')).toBe('no-cache');
    expect(cacheControlFor('/w/shell/dist/social-card.png')).toBe('no-cache');
  });
});

describe("the shell's files, as the gateway sends them", () => {
  const script = 'console.log("RampQuote");'.repeat(40);
  let webRoot: string;
  let app: Express;

  beforeAll(() => {
    webRoot = mkdtempSync(join(tmpdir(), 'rq-shell-'));
    const dist = join(webRoot, 'shell', 'dist');
    mkdirSync(dist, { recursive: true });
    for (const name of ['main.js', '996.a751fe55.js']) {
      writeFileSync(join(dist, name), script);
      writeFileSync(join(dist, `${name}.br`), brotliCompressSync(script));
      writeFileSync(join(dist, `${name}.gz`), gzipSync(script));
    }
    app = express();
    app.use(staticHosting(webRoot));
    app.use((_req, res) => res.status(404).json({ error: 'Not found' }));
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  // supertest decodes gzip and brotli answers, so a body equal to the script proves the copy was the right one.
  const get = (path: string, acceptEncoding: string) => request(app).get(path).set('Accept-Encoding', acceptEncoding);

  it("sends the build's brotli copy to a browser that accepts it, else gzip, else the file, varying on Accept-Encoding", async () => {
    const br = await get('/main.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.text).toBe(script);
    const gz = await get('/main.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(script);
    const plain = await get('/main.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(script);
  });

  it('starts without a built shell, leaving every path to the next step', async () => {
    const bare = express();
    bare.use(staticHosting(join(webRoot, 'not-built')));
    bare.use((_req, res) => res.status(404).json({ error: 'Not found' }));
    const res = await request(bare).get('/main.js');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found' });
  });

  it('revalidates the entry script, keeps hashed chunks a year, and leaves API paths and missing files to the next step', async () => {
    expect((await get('/main.js', 'br')).headers['cache-control']).toBe('no-cache');
    expect((await get('/996.a751fe55.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/api/main.js', 'br')).status).toBe(404);
    expect((await get('/nothing.js', 'br')).status).toBe(404);
  });
});

describe("an FBO's e-mailed link, answered by the FBO portal's standalone page", () => {
  const page =
    '<!doctype html><html><head><script defer src="/mf-fbo-portal/main.js"></script></head><body><div id="root"></div></body></html>';
  const entry = 'console.log("standalone FBO page");'.repeat(40);
  const chunk = 'console.log("standalone chunk");'.repeat(40);
  let webRoot: string;
  let app: Express;

  beforeAll(() => {
    webRoot = mkdtempSync(join(tmpdir(), 'rq-fbo-'));
    const shell = join(webRoot, 'shell', 'dist');
    const portal = join(webRoot, 'mf-fbo-portal', 'dist');
    mkdirSync(shell, { recursive: true });
    mkdirSync(join(portal, 'standalone'), { recursive: true });
    writeFileSync(join(shell, 'main.js'), 'console.log("shell");');
    const files: Record<string, string> = {
      'link.html': page,
      'index.html': page.replace('/mf-fbo-portal/', '/'),
      'main.js': entry,
      'standalone/412.0a1b2c3d.js': chunk,
      'remoteEntry.js': 'console.log("remote");',
    };
    for (const [name, body] of Object.entries(files)) {
      writeFileSync(join(portal, name), body);
      writeFileSync(join(portal, `${name}.br`), brotliCompressSync(body));
      writeFileSync(join(portal, `${name}.gz`), gzipSync(body));
    }
    app = express();
    app.use(staticHosting(webRoot));
    app.use((_req, res) => res.status(404).json({ error: 'Not found' }));
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  const link = '/quote/0b6f3f2e-8d1c-4c1e-9a57-2f0e3c1d4b5a/tok_abc-123';
  const navigate = (path: string) =>
    request(app).get(path).set('Accept', 'text/html,application/xhtml+xml').set('Accept-Encoding', 'gzip, br');

  it('answers the link with the standalone page, brotli-compressed and revalidated', async () => {
    const res = await navigate(link);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The page, with the link's estimate request preloaded (as web-kit's api asks: with credentials).
    const preload =
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/fbo-quote/0b6f3f2e-8d1c-4c1e-9a57-2f0e3c1d4b5a/tok_abc-123">';
    expect(res.text).toBe(page.replace('</head>', `${preload}</head>`));
    const gz = await request(app).get(link).set('Accept', 'text/html').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(res.text);
  });

  it("sends the page's scripts from /mf-fbo-portal/ compressed, hashed chunks cached for a year", async () => {
    const main = await navigate('/mf-fbo-portal/main.js');
    expect(main.status).toBe(200);
    expect(main.headers['content-encoding']).toBe('br');
    expect(main.headers['content-type']).toMatch(/javascript/);
    expect(main.text).toBe(entry);
    const hashed = await navigate('/mf-fbo-portal/standalone/412.0a1b2c3d.js');
    expect(hashed.headers['content-encoding']).toBe('br');
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.text).toBe(chunk);
  });

  it("leaves other paths alone: the portal's remote files, other /quote paths and non-page requests", async () => {
    expect((await navigate('/mf-fbo-portal/remoteEntry.js')).status).toBe(404);
    expect((await navigate('/mf-fbo-portal/link.html')).status).toBe(404);
    expect((await navigate('/quote/only-one-segment')).status).toBe(404);
    expect((await request(app).get(link).set('Accept', 'application/json')).status).toBe(404);
    expect((await request(app).post(link).set('Accept', 'text/html')).status).toBe(404);
    expect((await navigate('/main.js')).text).toBe('console.log("shell");');
  });
});

describe("an FBO's e-mailed link with FBO_LINK_HOST_URL: forwarded to the FBO portal's own static host", () => {
  const page = '<!doctype html><html><head><script defer src="/mf-fbo-portal/main.js"></script></head></html>';
  const compressedPage = brotliCompressSync(page);
  const asked: { url?: string; headers: IncomingHttpHeaders }[] = [];
  let portalHost: Server;
  let webRoot: string;
  let app: Express;

  beforeAll(async () => {
    // The portal's host as deploy/docker/remote.Dockerfile runs it: the page for the link (PAGE_ROUTES), the
    // scripts under /mf-fbo-portal/, brotli where asked.
    portalHost = createServer((req, res) => {
      asked.push({ url: req.url, headers: req.headers });
      const path = new URL(req.url ?? '/', 'http://host').pathname;
      const br = /\bbr\b/.test(String(req.headers['accept-encoding']));
      if (/^\/quote\/[^/]+\/[^/]+$/.test(path)) {
        res.writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-cache',
          ETag: '"link-1"',
          Vary: 'Accept-Encoding',
          ...(br ? { 'Content-Encoding': 'br' } : {}),
          Link: '</api/fbo-quote/f1/t1>; rel=preload; as=fetch; crossorigin=use-credentials',
          'X-Portal-Host': 'mf-fbo-portal',
        });
        return res.end(br ? compressedPage : page);
      }
      if (path === '/mf-fbo-portal/standalone/412.0a1b2c3d.js') {
        res.writeHead(200, {
          'Content-Type': 'text/javascript',
          'Cache-Control': 'public, max-age=31536000, immutable',
        });
        return res.end('chunk();');
      }
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    });
    await new Promise<void>((resolve) => portalHost.listen(0, '127.0.0.1', resolve));
    // The gateway's image: the shell, no portal build.
    webRoot = mkdtempSync(join(tmpdir(), 'rq-fbo-host-'));
    mkdirSync(join(webRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html><title>shell</title>');
    app = express();
    const { port } = portalHost.address() as AddressInfo;
    app.use(staticHosting(webRoot, false, undefined, `http://127.0.0.1:${port}`));
    app.use((_req, res) => res.status(404).json({ error: 'Not found' }));
  });
  afterAll(async () => {
    await new Promise((resolve) => portalHost.close(resolve));
    rmSync(webRoot, { recursive: true, force: true });
  });

  const link = '/quote/0b6f3f2e-8d1c-4c1e-9a57-2f0e3c1d4b5a/tok_abc-123?utm=mail';

  it("answers the link with the portal host's page, as that host sends it (compressed, revalidated)", async () => {
    const res = await request(app)
      .get(link)
      .set('Accept', 'text/html')
      .set('Accept-Encoding', 'gzip, br')
      .set('Cookie', 'rq.sid=secret');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBe('"link-1"');
    // The link's estimate request, preloaded as the host says.
    expect(res.headers.link).toBe('</api/fbo-quote/f1/t1>; rel=preload; as=fetch; crossorigin=use-credentials');
    expect(res.headers['x-portal-host']).toBeUndefined();
    expect(res.text).toBe(page);
    const forwarded = asked.at(-1)!;
    expect(forwarded.url).toBe(link);
    // The session cookie stays at the gateway.
    expect(forwarded.headers.cookie).toBeUndefined();
    const again = await request(app).get(link).set('Accept', 'text/html').set('Accept-Encoding', 'identity');
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.text).toBe(page);
  });

  it("sends the page's scripts from the portal host, and nothing else of it", async () => {
    const chunk = await request(app).get('/mf-fbo-portal/standalone/412.0a1b2c3d.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.text).toBe('chunk();');
    const before = asked.length;
    expect((await request(app).get('/mf-fbo-portal/remoteEntry.js')).status).toBe(404);
    expect(asked.length).toBe(before);
    // A file the host does not have is the gateway's own 404.
    const missing = await request(app).get('/mf-fbo-portal/standalone/9.deadbeef.js');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Not found' });
  });

  it('opens the shell when the portal host cannot be reached', async () => {
    const down = express();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    down.use(staticHosting(webRoot, false, undefined, `http://127.0.0.1:${port}`));
    const shellPage = spaFallback(webRoot);
    down.use((req, res) => shellPage(req, res) || res.status(404).json({ error: 'Not found' }));
    const res = await request(down).get(link).set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toBe('<!doctype html><title>shell</title>');
  });
});

describe("the shell's page, with /remotes.json inlined and the page's remote preloaded", () => {
  const remotes = {
    remotes: [
      { name: 'account', entry: 'http://localhost:3101/mf-manifest.json', routes: ['/login', '/account/*'] },
      { name: 'quotes', entry: '/mf-quotes/mf-manifest.json', routes: ['/quote-details/:id'] },
    ],
  };
  const index =
    '<!doctype html><html><head><title>RampQuote shell</title></head><body><div id="root"></div></body></html>';
  const home = index.replace('<div id="root">', '<div id="root"><h1>Never overpay for FBO services again</h1>');
  let webRoot: string;
  let app: Express;

  beforeAll(() => {
    webRoot = mkdtempSync(join(tmpdir(), 'rq-page-'));
    mkdirSync(join(webRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(webRoot, 'shell', 'dist', 'index.html'), index);
    writeFileSync(join(webRoot, 'shell', 'dist', 'home.html'), home);
    writeFileSync(
      join(webRoot, 'shell', 'dist', 'remote-page-preload.json'),
      JSON.stringify({ scripts: ['723.abe43bff.js', 'web-kit-heavy.8b57f033.js'] }),
    );
    app = express();
    app.use(staticHosting(webRoot, false, remotes));
    const fallback = spaFallback(webRoot, remotes);
    app.use((req, res) => {
      if (!fallback(req, res)) res.status(404).json({ error: 'Not found' });
    });
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  const navigate = (path: string) =>
    request(app).get(path).set('Accept', 'text/html').set('Accept-Encoding', 'gzip, deflate, br');
  const inlined = (html: string) =>
    JSON.parse(/<script type="application\/json" id="rq-remotes">(.*?)<\/script>/.exec(html)![1]) as unknown;

  it('preloads the manifest, entry and routes chunk of the remote that serves the path, brotli-compressed, revalidated', async () => {
    const res = await navigate('/account/profile');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(inlined(res.text)).toEqual(remotes);
    expect(res.text).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="http://localhost:3101/mf-manifest.json">',
    );
    expect(res.text).toContain('<link rel="preload" as="script" href="http://localhost:3101/remoteEntry.js">');
    expect(res.text).toContain(
      '<link rel="preload" as="script" href="http://localhost:3101/__federation_expose_routes.js">',
    );
    // And the shell's own chunks every remote's page loads first.
    expect(res.text).toContain('<link rel="preload" as="script" href="/723.abe43bff.js">');
    expect(res.text).toContain('<link rel="preload" as="script" href="/web-kit-heavy.8b57f033.js">');
    const details = await navigate('/quote-details/42');
    expect(details.text).toContain('<link rel="preload" as="script" href="/mf-quotes/remoteEntry.js">');
    expect(details.text).toContain('<link rel="preload" as="script" href="/mf-quotes/__federation_expose_routes.js">');
    expect(details.text).not.toContain('href="http://localhost:3101');
  });

  it('inlines the remote list on the home page without preloading any remote; gzip for a browser without brotli', async () => {
    for (const path of ['/', '/faq']) {
      const res = await request(app).get(path).set('Accept', 'text/html').set('Accept-Encoding', 'gzip');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(inlined(res.text)).toEqual(remotes);
      expect(res.text).not.toContain('rel="preload" as="script"');
      expect(res.text).not.toContain('crossorigin="anonymous"');
      expect(res.text).toContain('<title>RampQuote shell</title>');
    }
  });

  it('preloads the session request on every page, with credentials as the page asks for it', async () => {
    const preload = '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/me">';
    for (const path of ['/', '/faq', '/login', '/account/profile', '/quote-details/42']) {
      const res = await navigate(path);
      expect(res.status).toBe(200);
      expect(res.text.split(preload)).toHaveLength(2);
      expect(res.text.indexOf(preload)).toBeLessThan(res.text.indexOf('</head>'));
    }
  });

  describe("a signed-in user's page: the requests its first view waits for are preloaded too", () => {
    const SESSION = 'rq.sid=s:signed';
    let signedInApp: Express;
    beforeAll(() => {
      const signedIn = (req: { headers: { cookie?: string } }) => req.headers.cookie === SESSION;
      signedInApp = express();
      signedInApp.use(staticHosting(webRoot, false, remotes, undefined, signedIn));
      const fallback = spaFallback(webRoot, remotes, signedIn);
      signedInApp.use((req, res) => {
        if (!fallback(req, res)) res.status(404).json({ error: 'Not found' });
      });
    });
    const open = (path: string, cookie?: string) => openPage(signedInApp, path, cookie);
    const preloaded = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map(
        (m) => m[1],
      );

    it("preloads the requests each page's first view waits for, in <head>, brotli-compressed", async () => {
      const expected: Record<string, string[]> = {
        '/': [],
        '/faq': [],
        '/rfi-form': [],
        '/history': ['/api/quote-requests'],
        '/History/': ['/api/quote-requests'],
        '/quote-details/42': ['/api/quote-requests/42', '/api/quote-requests/42/responses'],
        '/quote-details/42/more': [],
        '/fbo-portal': ['/api/fbo/memberships', '/api/fbo-portal/inbox'],
        '/fbo-portal/team': [],
      };
      for (const [path, requests] of Object.entries(expected)) {
        const res = await open(path, SESSION);
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(preloaded(res.text)).toEqual(['/api/auth/me', ...requests]);
        // A page that preloads for a signed-in user varies with the cookie, for a cache between.
        expect(res.headers.vary).toBe(requests.length ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
        expect(res.text.lastIndexOf('rel="preload"')).toBeLessThan(res.text.indexOf('</head>'));
      }
    });

    it("takes a request's id from the path as the page reads it (decoded, then encoded as the page asks)", async () => {
      expect(preloaded((await open('/quote-details/a%20b', SESSION)).text)).toEqual([
        '/api/auth/me',
        '/api/quote-requests/a%20b',
        '/api/quote-requests/a%20b/responses',
      ]);
      // A segment that is not valid percent-encoding names no request: the page is still answered.
      const bad = await open('/quote-details/%E0%A4%A', SESSION);
      expect(bad.status).toBe(200);
      expect(preloaded(bad.text)).toEqual(['/api/auth/me']);
    });

    it('preloads only the session request for a visitor (no session cookie, or not a valid one)', async () => {
      for (const cookie of [undefined, 'rq.sid=s:forged']) {
        for (const path of ['/', '/history', '/quote-details/42', '/fbo-portal']) {
          const res = await open(path, cookie);
          expect(res.status).toBe(200);
          expect(preloaded(res.text)).toEqual(['/api/auth/me']);
          expect(res.headers.vary).toBe(path === '/' ? 'Accept-Encoding' : 'Accept-Encoding, Cookie');
        }
      }
    });
  });

  it("answers / with the landing page prerendered by the shell's build, and every other page with the plain shell", async () => {
    const landing = await navigate('/');
    expect(landing.status).toBe(200);
    expect(landing.headers['content-encoding']).toBe('br');
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(landing.text).toContain('<div id="root"><h1>Never overpay for FBO services again</h1></div>');
    expect(inlined(landing.text)).toEqual(remotes);
    for (const path of ['/rfi-form', '/faq', '/index.html', '/account/profile']) {
      const res = await navigate(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<body><div id="root"></div></body>');
    }
    // Fetched as a file it is revalidated like index.html.
    expect((await request(app).get('/home.html')).headers['cache-control']).toBe('no-cache');
  });

  it('answers / with the plain shell when the build wrote no prerendered page', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'rq-page-'));
    mkdirSync(join(bare, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(bare, 'shell', 'dist', 'index.html'), index);
    const plain = express();
    plain.use(staticHosting(bare, false, remotes));
    try {
      const res = await request(plain).get('/').set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.text).toContain('<body><div id="root"></div></body>');
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('keeps a </script> inside the list from closing the element', () => {
    const html = shellHtml(
      index,
      { remotes: [{ name: 'x</script><b>', entry: '/x/mf-manifest.json', routes: [] }] },
      '/',
    );
    expect(html).not.toContain('x</script><b>');
    expect(inlined(html)).toEqual({ remotes: [{ name: 'x</script><b>', entry: '/x/mf-manifest.json', routes: [] }] });
  });
});
