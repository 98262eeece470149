// A page's first view rendered at build time (react-dom/server) into its HTML file, so it paints before its scripts
// arrive: shell/scripts/prerender-home.cjs (`/`, and the frame the remotes' first views go into),
// mf-fbo-portal/scripts/prerender-link.cjs (an FBO's e-mailed link), a remote's scripts/prerender-first-views.cjs (the
// first views of its pages that look alike to everyone they are for, which the gateway puts into the shell's frame).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { webpack, resolveOptions, moduleOptions } = require('./federation.cjs');

/** `entry` (a page's prerender module) as a Node.js module, built like the bundle (same loaders, aliases, asset names). */
function buildForNode(dir, name, entry) {
  const outDir = path.join(dir, 'node_modules', '.cache', 'prerender');
  const config = {
    mode: 'production',
    context: dir,
    target: 'node',
    entry: { [name]: entry },
    output: {
      path: outDir,
      filename: '[name].cjs',
      chunkFilename: '[name].[contenthash:8].cjs',
      library: { type: 'commonjs2' },
      publicPath: '/',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: resolveOptions(true),
    module: moduleOptions(true),
    optimization: { minimize: false },
    devtool: false,
    performance: { hints: false },
    stats: 'errors-warnings',
  };
  return new Promise((resolve, reject) => {
    webpack(config, (err, stats) => {
      if (err) return reject(err);
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve(path.join(outDir, `${name}.cjs`));
    });
  });
}

/** Writes `file` beside its gzip and brotli copies (a static host sends those as they are). */
function writeCompressed(file, text) {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

/**
 * Builds `entry` once, then for each of `pages`: renders with `render(module)` (markup that `check` must accept), puts
 * it into `source` (an emitted page of dist) with the module's `withPrerenderedRoot`, and writes `target` beside its
 * gzip and brotli copies. Resolves to each target's size in bytes.
 * @param {{ dir: string, name: string, entry: string, pages: Array<{ source: string, target: string,
 *   render: (module: any) => string | Promise<string>, check: (markup: string) => string | null }> }} options
 */
async function prerenderPages({ dir, name, entry, pages }) {
  const page = require(await buildForNode(dir, name, entry));
  const dist = path.join(dir, 'dist');
  const sizes = [];
  for (const { source, target, render, check } of pages) {
    const markup = await render(page);
    const problem = check(markup);
    if (problem) throw new Error(problem);
    const html = page.withPrerenderedRoot(fs.readFileSync(path.join(dist, source), 'utf8'), markup);
    // The assets the markup names must be the ones the bundle emitted.
    for (const [, file] of html.matchAll(/"\/(assets\/[^"]+)"/g))
      if (!fs.existsSync(path.join(dist, file))) throw new Error(`${target} names ${file}, which dist does not have`);
    writeCompressed(path.join(dist, target), html);
    sizes.push(Buffer.byteLength(html));
  }
  return sizes;
}

/** One page: prerenderPages with `source`, `target`, `render` and `check`. Resolves to its size in bytes. */
async function prerenderPage({ dir, name, entry, ...one }) {
  const [bytes] = await prerenderPages({ dir, name, entry, pages: [one] });
  return bytes;
}

/**
 * A remote's `scripts/prerender-first-views.cjs`: its `prerender/first-views.tsx`, whose `renderFirstViews()` gives
 * them, written into dist's FIRST_VIEWS_FILE as JSON, each page's markup accepted by `check`.
 * @param {string} dir the remote's folder
 * @param {(path: string, markup: string) => string | null} check
 */
function runFirstViewsPrerender(dir, check) {
  const { FIRST_VIEWS_FILE } = require('@rampquote/contracts');
  runPrerender(async () => {
    const views = await require(
      await buildForNode(dir, 'first-views', './prerender/first-views.tsx'),
    ).renderFirstViews();
    for (const [page, { markup }] of Object.entries(views.pages)) {
      const problem = check(page, markup);
      if (problem) throw new Error(problem);
    }
    const json = JSON.stringify(views);
    writeCompressed(path.join(dir, 'dist', FIRST_VIEWS_FILE), json);
    console.log(`prerendered the first views: dist/${FIRST_VIEWS_FILE}, ${Buffer.byteLength(json)} bytes`);
  });
}

/** Runs a prerender script's work, its error (not a stack) printed and the build failed. */
function runPrerender(work) {
  work().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}

module.exports = { prerenderPage, prerenderPages, runFirstViewsPrerender, runPrerender };
