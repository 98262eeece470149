// After the standalone build: renders the first view of an FBO's e-mailed link with the page's own components
// (react-dom/server; the browser takes it over with Preact) into dist/link.html's #root, its styles in <head>, so the
// page paints before its scripts have arrived. index.html (the portal host's other paths) stays as it is.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { webpack, resolveOptions, moduleOptions } = require('@rampquote/web-kit/build/federation.cjs');

const portalDir = path.join(__dirname, '..');
const dist = path.join(portalDir, 'dist');
const outDir = path.join(portalDir, 'node_modules', '.cache', 'prerender');

/** The link page's first view as a Node.js module, built like the bundle (same loaders, aliases and asset names). */
const config = {
  mode: 'production',
  context: portalDir,
  target: 'node',
  entry: { 'link-page': './src/standalone/link-page.tsx' },
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
  const { renderLinkPage, withPrerenderedRoot } = require(path.join(outDir, 'link-page.cjs'));
  const markup = await renderLinkPage();
  if (!markup.includes('role="status"')) throw new Error('the prerendered link page shows no loading state');
  const target = path.join(dist, 'link.html');
  const html = withPrerenderedRoot(fs.readFileSync(target, 'utf8'), markup);
  fs.writeFileSync(target, html);
  fs.writeFileSync(`${target}.gz`, zlib.gzipSync(html, { level: 9 }));
  fs.writeFileSync(
    `${target}.br`,
    zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  console.log(`prerendered the FBO link page: dist/link.html, ${Buffer.byteLength(html)} bytes`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
