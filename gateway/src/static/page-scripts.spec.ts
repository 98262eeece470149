import { rmSync } from 'node:fs';
import { FIRST_VIEW_SLOT, type PageScripts, type RemotesConfig } from '@rampquote/contracts';
import express, { type Express } from 'express';
import {
  SHELL_REMOTE_PAGE_CHUNK,
  openPage,
  remoteHost,
  scriptPreloads,
  shellWebRoot,
} from '../../test/support/remote-pages';
import { FirstViewsSource, PageScriptsSource } from './first-views';
import { REMOTE_FILES_FRESH_MS } from './remote-files';
import { spaFallback } from './static-hosting';

const FRAME =
  '<!doctype html><html><head><title>RampQuote</title></head><body>' +
  `<div id="root"><main>${FIRST_VIEW_SLOT}</main></div></body></html>`;
const DETAILS_SCRIPTS = ['608.f52b329d.js', '772.1577c4a0.js'];
const REVIEW_SCRIPTS = ['311.0c1d2e3f.js'];
const HISTORY_VIEW = { styles: '<style>.a{}</style>', markup: '<h1>My Quotes</h1>', audience: 'signed-in' as const };
const SESSION = 'rq.sid=s:signed';

describe("a remote's page whose scripts its build lists (page-scripts.json)", () => {
  const host = remoteHost();
  let base: string;
  let webRoot: string;
  let remotes: RemotesConfig;
  let clock = 0;
  let source: PageScriptsSource;
  let app: Express;

  beforeAll(async () => {
    base = await host.listen();
    remotes = {
      remotes: [
        {
          name: 'quotes',
          entry: `${base}/mf-manifest.json`,
          routes: ['/quote-details/:id', '/quote-review', '/history', '/clean-form'],
        },
      ],
    };
    webRoot = shellWebRoot(FRAME);
    host.serve('first-views.json', { pages: { '/history': HISTORY_VIEW } });
  });
  beforeEach(async () => {
    const scripts: PageScripts = {
      pages: { '/quote-details/:id': DETAILS_SCRIPTS, '/quote-review': REVIEW_SCRIPTS, '/history': ['9.aaaaaaaa.js'] },
    };
    host.serve('page-scripts.json', scripts);
    clock = 0;
    source = new PageScriptsSource(remotes, 'http://site.example', () => clock);
    const views = new FirstViewsSource(remotes, 'http://site.example', () => clock);
    await Promise.all([source.readAll(), views.readAll()]);
    const fallback = spaFallback(webRoot, remotes, (req) => req.headers.cookie === SESSION, views, source);
    app = express();
    app.use((req, res) => void (fallback(req, res) || res.status(404).json({ error: 'Not found' })));
  });
  afterAll(async () => {
    rmSync(webRoot, { recursive: true, force: true });
    await host.close();
  });

  const open = (path: string, cookie?: string) => openPage(app, path, cookie);
  const preloadsOf = async (path: string, cookie?: string) => scriptPreloads((await open(path, cookie)).text);

  it("preloads the page's own chunks from the remote's host after the remote's entry, routes and the shell's chunks", async () => {
    expect(await preloadsOf('/quote-details/43b7a67d-7a09-4ca7-8d77-e4b6385b3e89')).toEqual([
      `${base}/remoteEntry.js`,
      `${base}/__federation_expose_routes.js`,
      `/${SHELL_REMOTE_PAGE_CHUNK}`,
      ...DETAILS_SCRIPTS.map((file) => `${base}/${file}`),
    ]);
  });

  it("preloads each page's chunks and no other page's", async () => {
    const review = await preloadsOf('/quote-review');
    expect(review).toContain(`${base}/${REVIEW_SCRIPTS[0]}`);
    expect(review.some((href) => DETAILS_SCRIPTS.some((file) => href.endsWith(file)))).toBe(false);
    // Another request's details: the same chunks (the page is the same).
    expect(await preloadsOf('/quote-details/0b6f3f2e-8d1c-4c1e-9a57-2f0e3c1d4b5a')).toContain(
      `${base}/${DETAILS_SCRIPTS[1]}`,
    );
  });

  it('preloads only the remote for a page the list does not name', async () => {
    expect(await preloadsOf('/clean-form')).toEqual([
      `${base}/remoteEntry.js`,
      `${base}/__federation_expose_routes.js`,
      `/${SHELL_REMOTE_PAGE_CHUNK}`,
    ]);
  });

  it('preloads no script on a page that arrives with its first view (it paints before any script)', async () => {
    expect(await preloadsOf('/history', SESSION)).toEqual([]);
  });

  it("preloads the remote's new chunks once the list kept is REMOTE_FILES_FRESH_MS old", async () => {
    host.serve('page-scripts.json', { pages: { '/quote-details/:id': ['608.0badf00d.js'] } });
    clock = REMOTE_FILES_FRESH_MS;
    await source.readAll();
    const preloads = await preloadsOf('/quote-details/43b7a67d-7a09-4ca7-8d77-e4b6385b3e89');
    expect(preloads).toContain(`${base}/608.0badf00d.js`);
    expect(preloads).not.toContain(`${base}/${DETAILS_SCRIPTS[0]}`);
  });

  it.each([
    ['not there', () => host.serve('page-scripts.json', '', 404)],
    ['not JSON', () => host.serve('page-scripts.json', '<html>')],
    [
      'naming a file that is no script',
      () => host.serve('page-scripts.json', { pages: { '/quote-review': ['../x'] } }),
    ],
  ])("preloads only the remote when the remote's file is %s", async (_case, answer) => {
    answer();
    clock = REMOTE_FILES_FRESH_MS;
    await source.readAll();
    const res = await open('/quote-review');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(scriptPreloads(res.text)).toEqual([
      `${base}/remoteEntry.js`,
      `${base}/__federation_expose_routes.js`,
      `/${SHELL_REMOTE_PAGE_CHUNK}`,
    ]);
  });
});
