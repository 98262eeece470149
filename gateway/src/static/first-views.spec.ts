import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FIRST_VIEW_SLOT, type RemotesConfig } from '@rampquote/contracts';
import express, { type Express } from 'express';
import request from 'supertest';
import {
  SHELL_INDEX,
  SHELL_REMOTE_PAGE_CHUNK,
  openPage,
  remoteHost,
  scriptPreloads,
  shellWebRoot,
} from '../../test/support/remote-pages';
import { FIRST_VIEWS_FRESH_MS, FirstViewsSource } from './first-views';
import { framedFirstView, spaFallback } from './static-hosting';

const LOGIN_VIEW = {
  styles: '<style data-emotion="css a1" data-s="">.css-a1{color:red}</style>',
  markup: '<h1 class="css-a1">Welcome Back</h1><form><input type="email" name="email"/></form>',
  audience: 'visitor' as const,
};
const HISTORY_VIEW = {
  styles: '<style data-emotion="css b2" data-s="">.css-b2{color:blue}</style>',
  markup: '<h1 class="css-b2">My Quotes</h1><div role="status">Loading quote requests</div>',
  audience: 'signed-in' as const,
};
const FRAME =
  '<!doctype html><html><head><title>RampQuote</title><script defer src="/main.js"></script></head><body>' +
  `<div id="root"><header>RampQuote</header><main>${FIRST_VIEW_SLOT}</main><footer>Terms</footer></div></body></html>`;
const SESSION = 'rq.sid=s:signed';
/** The frame's page area, opened: a first view goes in here. */
const AREA = FIRST_VIEW_SLOT.replace('</div>', '');

describe('a page that a remote has a first view for', () => {
  const host = remoteHost();
  let webRoot: string;
  let remotes: RemotesConfig;
  let clock = 0;
  let source: FirstViewsSource;
  let app: Express;

  beforeAll(async () => {
    const base = await host.listen();
    remotes = {
      remotes: [{ name: 'account', entry: `${base}/mf-manifest.json`, routes: ['/login', '/register', '/history'] }],
    };
    webRoot = shellWebRoot(FRAME);
  });
  beforeEach(async () => {
    host.serve('first-views.json', { pages: { '/login': LOGIN_VIEW, '/history': HISTORY_VIEW } });
    clock = 0;
    source = new FirstViewsSource(remotes, 'http://site.example', () => clock);
    await source.readAll();
    const signedIn = (req: { headers: { cookie?: string } }) => req.headers.cookie === SESSION;
    const fallback = spaFallback(webRoot, remotes, signedIn, source);
    app = express();
    app.use((req, res) => {
      if (!fallback(req, res)) res.status(404).json({ error: 'Not found' });
    });
  });
  afterAll(async () => {
    rmSync(webRoot, { recursive: true, force: true });
    await host.close();
  });

  const open = (path: string, cookie?: string) => openPage(app, path, cookie);

  it("arrives for a visitor as the shell's frame with the view in its page area and the view's styles in <head>", async () => {
    const res = await open('/login');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
    const [head, body] = res.text.split('</head>');
    expect(head).toContain(LOGIN_VIEW.styles);
    expect(body).toContain(`<header>RampQuote</header><main>${AREA}${LOGIN_VIEW.markup}</div></main><footer>`);
    // The session, the remote list and the remote's manifest as on every page; its scripts are left to the entry
    // script, which fetches them once the page has painted.
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/me">');
    expect(head).toContain('<script type="application/json" id="rq-remotes">');
    expect(head).toContain(
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${remotes.remotes[0].entry}">`,
    );
    expect(scriptPreloads(res.text)).toEqual([]);
  });

  it('arrives as the plain page, its scripts preloaded, for someone with a session (a first view is a visitor’s)', async () => {
    const res = await open('/login', SESSION);
    expect(res.text).not.toContain('Welcome Back');
    expect(res.text).toContain('<div id="root"></div>');
    expect(scriptPreloads(res.text)).toContain(`/${SHELL_REMOTE_PAGE_CHUNK}`);
    expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
  });

  it("arrives framed for someone signed in when the view is for them, with the requests the page's first view waits for", async () => {
    const res = await open('/history', SESSION);
    expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
    const [head, body] = res.text.split('</head>');
    expect(head).toContain(HISTORY_VIEW.styles);
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/quote-requests">');
    expect(body).toContain(`<main>${AREA}${HISTORY_VIEW.markup}</div></main>`);
    expect(scriptPreloads(res.text)).toEqual([]);

    // A visitor (who is sent on to the login page) gets the plain page.
    const visitor = await open('/history');
    expect(visitor.text).toContain('<div id="root"></div>');
    expect(visitor.text).not.toContain('My Quotes');
  });

  it('arrives as the plain page for a path the remote has no view for', async () => {
    const res = await open('/register');
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).not.toContain('data-first-view');
    expect(res.headers.vary).toBe('Accept-Encoding');
  });

  it("shows the remote's new view once the one kept is FIRST_VIEWS_FRESH_MS old", async () => {
    const changed = { ...LOGIN_VIEW, markup: '<h1>Log in to RampQuote</h1>' };
    host.serve('first-views.json', { pages: { '/login': changed } });
    clock = FIRST_VIEWS_FRESH_MS - 1;
    expect((await open('/login')).text).toContain(LOGIN_VIEW.markup);
    clock = FIRST_VIEWS_FRESH_MS;
    // This page still has the kept view; the remote's host is read again for the pages after it.
    expect((await open('/login')).text).toContain(LOGIN_VIEW.markup);
    let text = '';
    for (let tries = 0; tries < 100 && !text.includes(changed.markup); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      text = (await open('/login')).text;
    }
    expect(text).toContain(changed.markup);
  });

  it.each([
    ['not there', () => host.serve('first-views.json', '', 404)],
    ['not JSON', () => host.serve('first-views.json', '<html>')],
    ['not first views', () => host.serve('first-views.json', { pages: { login: LOGIN_VIEW } })],
  ])('arrives as the plain page when the remote’s file is %s', async (_case, answer) => {
    answer();
    clock = FIRST_VIEWS_FRESH_MS;
    await source.readAll();
    const res = await open('/login');
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).not.toContain('Welcome Back');
  });

  it('arrives as the plain page when the remote’s host does not answer', async () => {
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const closedOrigin = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
    await new Promise((resolve) => gone.close(resolve));
    const unreachable = { remotes: [{ ...remotes.remotes[0], entry: `${closedOrigin}/mf-manifest.json` }] };
    const down = new FirstViewsSource(unreachable, 'http://site.example');
    await down.readAll();
    const fallback = spaFallback(webRoot, unreachable, () => false, down);
    const bare = express().use((req, res) => void (fallback(req, res) || res.status(404).end()));
    const res = await request(bare).get('/login').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root"></div>');
  });
});

describe('framedFirstView', () => {
  it('fills the one empty page area of the frame and adds the styles to <head>', () => {
    expect(framedFirstView(FRAME, LOGIN_VIEW)).toBe(
      FRAME.replace('</head>', `${LOGIN_VIEW.styles}</head>`).replace(
        FIRST_VIEW_SLOT,
        `${AREA}${LOGIN_VIEW.markup}</div>`,
      ),
    );
  });

  it('gives nothing for a frame without exactly one page area', () => {
    expect(framedFirstView(SHELL_INDEX, LOGIN_VIEW)).toBeUndefined();
    expect(framedFirstView(FRAME.replace('</main>', `${FIRST_VIEW_SLOT}</main>`), LOGIN_VIEW)).toBeUndefined();
  });

  it('keeps "$" in the markup as it is', () => {
    const view = { styles: '', markup: '<p>$& $1 fees</p>', audience: 'visitor' as const };
    expect(framedFirstView(FRAME, view)).toContain(`${AREA}<p>$& $1 fees</p></div>`);
  });
});
