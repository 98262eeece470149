/** @jest-environment node */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageScriptsSchema } from '@rampquote/contracts';
import { PageScriptsList, webpack } from '../build/federation.cjs';

/** A bundle whose routes load two pages lazily; the details page shares a helper with nothing else. */
function writeBundle(dir: string) {
  mkdirSync(join(dir, 'src', 'pages'), { recursive: true });
  writeFileSync(
    join(dir, 'src', 'routes.js'),
    "export const details = () => import('./pages/QuoteDetailsPage');\n" +
      "export const history = () => import('./pages/HistoryPage');\n",
  );
  writeFileSync(
    join(dir, 'src', 'pages', 'QuoteDetailsPage.js'),
    "import { money } from './money';\nexport const QuoteDetailsPage = () => money(1);\n",
  );
  writeFileSync(join(dir, 'src', 'pages', 'money.js'), 'export const money = (n) => `$${n}`;\n');
  writeFileSync(join(dir, 'src', 'pages', 'HistoryPage.js'), 'export const HistoryPage = () => 1;\n');
}

function build(dir: string, pages: Record<string, RegExp>) {
  const compiler = webpack({
    mode: 'development',
    devtool: false,
    context: dir,
    entry: { main: './src/routes.js' },
    output: { path: join(dir, 'dist'), filename: '[name].js', chunkFilename: '[name].[contenthash:8].js' },
    plugins: [new PageScriptsList(pages)],
  });
  return new Promise<import('webpack').Stats>((resolve, reject) =>
    compiler.run((err, stats) => (err || !stats ? reject(err) : compiler.close(() => resolve(stats)))),
  );
}

describe('page-scripts.json (PageScriptsList)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rq-page-scripts-'));
    writeBundle(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("lists, per route pattern, the built files of its page's dynamic import and nothing of the other pages", async () => {
    const stats = await build(dir, { '/quote-details/:id': /[\\/]QuoteDetailsPage$/, '/history': /[\\/]HistoryPage$/ });
    expect(stats.hasErrors()).toBe(false);
    const written = pageScriptsSchema.parse(JSON.parse(readFileSync(join(dir, 'dist', 'page-scripts.json'), 'utf8')));
    const chunkOf = (module: string) =>
      stats
        .toJson({ chunks: true, modules: false })
        .chunks!.filter((c) => c.origins!.some((o) => o.request === module))
        .flatMap((c) => c.files!);
    expect(written.pages['/quote-details/:id']).toEqual(chunkOf('./pages/QuoteDetailsPage'));
    expect(written.pages['/history']).toEqual(chunkOf('./pages/HistoryPage'));
    expect(written.pages['/quote-details/:id']).toHaveLength(1);
    expect(written.pages['/quote-details/:id']).not.toEqual(written.pages['/history']);
    const detailsCode = readFileSync(join(dir, 'dist', written.pages['/quote-details/:id'][0]), 'utf8');
    expect(detailsCode).toContain('QuoteDetailsPage');
    expect(detailsCode).toContain('money');
  });

  it('fails the build when a pattern names a page no dynamic import loads', async () => {
    const misspelt = /[\\/]QuoteDetailPage$/;
    const stats = await build(dir, { '/quote-details/:id': misspelt });
    expect(stats.hasErrors()).toBe(true);
    expect(stats.toJson({ errors: true }).errors!.map((e) => e.message)).toContain(
      `pageScripts: no dynamic import matches ${misspelt} (the page of /quote-details/:id)`,
    );
  });
});
