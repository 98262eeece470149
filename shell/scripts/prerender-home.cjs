// After the shell's build: renders the landing page's first view with the shell's own components (react-dom/server)
// into dist/home.html — dist/index.html with that markup inside #root — which the gateway answers `/` with, so the
// page paints before its scripts have arrived. Every other path keeps the plain index.html.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { webpack, resolveOptions, moduleOptions } = require('@rampquote/web-kit/build/federation.cjs');

const shellDir = path.join(__dirname, '..');
const dist = path.join(shellDir, 'dist');
const outDir = path.join(shellDir, 'node_modules', '.cache', 'prerender');

/** The landing page as a Node.js module, built like the bundle (same loaders, aliases and asset names). */
const config = {
  mode: 'production',
  context: shellDir,
  target: 'node',
  entry: { 'home-page': './prerender/home-page.tsx' },
  output: {
    path: outDir,
    filename: '[name].cjs',
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

function build() {
  return new Promise((resolve, reject) => {
    webpack(config, (err, stats) => {
      if (err) return reject(err);
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve();
    });
  });
}

async function main() {
  await build();
  const { renderHomePage, withPrerenderedRoot } = require(path.join(outDir, 'home-page.cjs'));
  const markup = renderHomePage();
  if (!markup.includes('id="hero-heading"')) throw new Error('the prerendered landing page has no hero heading');
  const html = withPrerenderedRoot(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'), markup);
  // The assets the markup names must be the ones the bundle emitted.
  for (const [, file] of html.matchAll(/"\/(assets\/[^"]+)"/g))
    if (!fs.existsSync(path.join(dist, file))) throw new Error(`home.html names ${file}, which dist does not have`);
  const target = path.join(dist, 'home.html');
  fs.writeFileSync(target, html);
  fs.writeFileSync(`${target}.gz`, zlib.gzipSync(html, { level: 9 }));
  fs.writeFileSync(
    `${target}.br`,
    zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  console.log(`prerendered the landing page: dist/home.html, ${Buffer.byteLength(html)} bytes`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
