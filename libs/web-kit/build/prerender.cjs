// A page's first view rendered at build time (react-dom/server) into its HTML file, so it paints before its scripts
// arrive: shell/scripts/prerender-home.cjs (`/`), mf-fbo-portal/scripts/prerender-link.cjs (an FBO's e-mailed link).
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

/**
 * Builds `entry`, renders with `render(module)` (markup that `check` must accept), puts it into `source` (an emitted
 * page of dist) with the module's `withPrerenderedRoot`, and writes `target` beside its gzip and brotli copies.
 * @param {{ dir: string, name: string, entry: string, source: string, target: string,
 *   render: (module: any) => string | Promise<string>, check: (markup: string) => string | null }} page
 */
async function prerenderPage({ dir, name, entry, source, target, render, check }) {
  const page = require(await buildForNode(dir, name, entry));
  const markup = await render(page);
  const problem = check(markup);
  if (problem) throw new Error(problem);
  const dist = path.join(dir, 'dist');
  const html = page.withPrerenderedRoot(fs.readFileSync(path.join(dist, source), 'utf8'), markup);
  // The assets the markup names must be the ones the bundle emitted.
  for (const [, file] of html.matchAll(/"\/(assets\/[^"]+)"/g))
    if (!fs.existsSync(path.join(dist, file))) throw new Error(`${target} names ${file}, which dist does not have`);
  const file = path.join(dist, target);
  fs.writeFileSync(file, html);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  return Buffer.byteLength(html);
}

/** Runs a prerender script's work, its error (not a stack) printed and the build failed. */
function runPrerender(work) {
  work().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}

module.exports = { prerenderPage, runPrerender };
