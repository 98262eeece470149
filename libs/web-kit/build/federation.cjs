// The ONE webpack + Module Federation configuration of the five front-end bundles (shell, mf-account,
// mf-quotes, mf-fbo-portal, mf-admin). Each bundle's webpack.config.js is a call of createBundleConfig; the
// standalone pages of mf-fbo-portal and mf-admin (webpack.standalone.config.js) are createStandaloneConfig.
//
// What keeps the first pages small (`npm run bench:bundle` measures): Chakra's theme tree shaken
// (pure-calls-loader.cjs), libs/contracts side-effect free, react-router's production build and declarative routing
// (no data router), Redux Toolkit and react-redux inside web-kit instead of shared whole, the heavy Chakra
// components lazily loaded inside the shared web-kit (lazyHeavyComponents) with their recipes, the notification
// region's code fetched on the first toast or interaction (web-kit src/toast/AppToaster.tsx), the federation
// runtime's browser target, and standalone pages without federation.
//
// Facts this relies on (CONVENTIONS, "Toolchain facts"): entry files are named '[name].js' (the federation
// runtime rejects a content hash there), other chunks '[name].[contenthash:8].js'; swc-loader compiles
// TypeScript and swc minifies (webpack 5.111 ships minimizer-webpack-plugin, whose swcMinify we use).
// Shared singletons per ARCHITECTURE section 5, never eager: every bundle starts with `import('./bootstrap')`.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { PureContractDeclarations } = require('./pure-contracts.cjs');

const webpackDir = path.dirname(require.resolve('webpack/package.json'));
const MinimizerPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [webpackDir] }));
const webpack = require(webpackDir);

const repoRoot = path.resolve(__dirname, '../../..');
const GATEWAY_URL = 'http://localhost:8080';

/**
 * Shared as singletons by every bundle ('react-dom/' shares react-dom/client and the other subpaths). Redux Toolkit
 * and react-redux are not shared on their own: web-kit holds the one store, its Provider, the one api and the
 * dispatch hook, and bundles reach them only through web-kit (lint), as they do Chakra and react-router. Shared, each
 * came whole (a shared module is never tree shaken): 8.5 KB gzip more on the home page.
 */
const SHARED_SINGLETONS = ['react', 'react-dom', 'react-dom/', '@rampquote/web-kit'];

/** The `shared` option: singletons whose requiredVersion comes from the bundle's own package.json. */
function sharedFor(packageJson) {
  const deps = { ...packageJson.devDependencies, ...packageJson.dependencies };
  return Object.fromEntries(
    SHARED_SINGLETONS.map((key) => {
      const packageName = key.endsWith('/') ? key.slice(0, -1) : key;
      const requiredVersion = deps[packageName];
      if (!requiredVersion)
        throw new Error(`${packageJson.name}: add ${packageName} to dependencies (it is a shared singleton)`);
      // strictVersion: a remote built against an incompatible singleton fails to load (reported through the
      // errorLoadRemote hook and shown by that remote's error boundary) instead of running against the wrong copy.
      return [key, { singleton: true, requiredVersion, strictVersion: true }];
    }),
  );
}

/**
 * Rules that let tree shaking do its work (what a page does not use is not shipped):
 * - Chakra UI's module-level factory calls are marked pure (pure-calls-loader.cjs): otherwise the whole default
 *   theme (every recipe) rides along with the few recipes theme/config.ts picks.
 * - libs/contracts is side-effect free (constants, types, zod schemas): a page that needs `REMOTES_PATH` or
 *   `Routes` does not load every schema and zod with them.
 * - web-kit's index and its heavy Chakra components are declared side-effect free: each heavy component's module
 *   adds its recipe when it loads (src/chakra/heavy-components.ts), which matters only where the component is
 *   used. A tree-shaken page then carries only the heavy components it uses, each in the chunk that uses it.
 *   (In a federated bundle web-kit is shared whole, so this changes nothing there.)
 */
function treeShakingRules() {
  const webKitSrc = path.join(__dirname, '..', 'src');
  return [
    {
      test: /[\\/]node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/].*\.js$/,
      use: path.join(__dirname, 'pure-calls-loader.cjs'),
    },
    { include: path.join(repoRoot, 'libs/contracts/src'), sideEffects: false },
    {
      include: [
        path.join(webKitSrc, 'index.ts'),
        path.join(webKitSrc, 'chakra', 'heavy.ts'),
        path.join(webKitSrc, 'chakra', 'heavy-components.ts'),
        path.join(webKitSrc, 'chakra', 'with-recipes'),
      ],
      sideEffects: false,
    },
  ];
}

/** The contract schemas and lists a bundle does not use stay out of it, with zod's classic API (pure-contracts.cjs). */
function pureContracts() {
  return new PureContractDeclarations(path.join(repoRoot, 'libs/contracts/src'));
}

/** How the bundles resolve modules (also used by bench:bundle's floor page, so both are built alike). */
function resolveOptions(production) {
  return {
    extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
    alias: {
      // The contracts package points its "source" condition at its TypeScript sources; bundles use those
      // (no stale dist), without turning the "source" condition on for every package in node_modules.
      '@rampquote/contracts$': path.join(repoRoot, 'libs/contracts/src/index.ts'),
      // react-router 7 publishes only its development build in "exports" (remix-run/react-router#14102): dev
      // warnings in production. Its production build is the same code with ENABLE_DEV_WARNINGS = false.
      ...(production ? reactRouterProduction() : {}),
      ...runtimePluginAsEsModule(),
    },
  };
}

/**
 * The runtime the shell provides to the remotes is its own, from the same ES modules: not the CommonJS copy the
 * plugin that provides it would import (a second runtime in the shell's entry).
 */
function runtimePluginAsEsModule() {
  const commonJs = require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [__dirname] });
  return { [commonJs]: path.join(path.dirname(commonJs), 'index.js') };
}

/** `resolve` with a bundle's own aliases added (a standalone page may swap a package, see createStandaloneConfig). */
function withAlias(resolve, alias) {
  return { ...resolve, alias: { ...resolve.alias, ...alias } };
}

function reactRouterProduction() {
  const dist = path.join(
    path.dirname(require.resolve('react-router/package.json', { paths: [__dirname] })),
    'dist',
    'production',
  );
  return { 'react-router$': path.join(dist, 'index.mjs'), 'react-router/dom$': path.join(dist, 'dom-export.mjs') };
}

function moduleOptions(production) {
  return {
    rules: [
      { test: /\.[cm]?tsx?$/, exclude: /node_modules/, use: swcLoader(production) },
      ...treeShakingRules(),
      { test: /\.(svg|png|jpe?g|webp|avif|mp4|webm|woff2?)$/i, type: 'asset/resource' },
    ],
  };
}

/**
 * In a federated bundle web-kit is shared whole (never tree shaken), so its heavy Chakra components (dialogs,
 * tabs, checkboxes, ... : src/chakra/heavy-components.ts) would reach the first page. This swaps web-kit's
 * src/chakra/heavy.ts for heavy.lazy.tsx: same exports, loaded on first render from a chunk of the bundle that
 * provides web-kit (one Chakra context). The standalone pages (tree shaken) and the tests keep the eager module.
 */
function lazyHeavyComponents() {
  const webKitSrc = path.join(__dirname, '..', 'src');
  return new webpack.NormalModuleReplacementPlugin(/[\\/]chakra[\\/]heavy$/, (resource) => {
    if (resource.context && path.resolve(resource.context).startsWith(webKitSrc))
      resource.request = path.join(webKitSrc, 'chakra', 'heavy.lazy.tsx');
  });
}

/** swc minifies (about twice as fast as terser, same size within 1 %). */
function minimizers() {
  return [
    new MinimizerPlugin({
      minify: MinimizerPlugin.swcMinify,
      minimizerOptions: { compress: { passes: 2 }, mangle: true, format: { comments: false } },
      extractComments: false,
    }),
  ];
}

function swcLoader(production) {
  return {
    loader: 'swc-loader',
    options: {
      swcrc: false,
      sourceMaps: !production,
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production } },
        target: 'es2020',
      },
    },
  };
}

/** The page's index.html (shell, standalone pages), loading only the entry chunk. */
function pagePlugin(dir, publicPath, production, { filename = 'index.html', scriptsAt } = {}) {
  return new HtmlWebpackPlugin({
    template: path.join(dir, 'src/index.html'),
    filename,
    // A standalone page answers every path of its host (SPA fallback): its scripts are at the host's root, or
    // where `scriptsAt` says (the same page served by another host under a prefix).
    ...(scriptsAt ? { publicPath: scriptsAt } : publicPath === 'auto' ? { publicPath: '/' } : {}),
    chunks: ['main'],
    scriptLoading: 'defer',
    minify: production ? { collapseWhitespace: true, removeComments: true } : false,
  });
}

/**
 * Preloads, in the page's <head>, the scripts every visit needs right after the entry: the chunks of the entry's
 * `import('./bootstrap')` and, in a federated page, the shared singletons the page provides itself (with the
 * 'loaded-first' strategy the shell's own copies are the ones loaded). Without it the browser learns of them only
 * once main.js has run: one round trip more before the first paint.
 */
class PreloadStartupChunks {
  /** @param {Record<string, RegExp>} [pages] per HTML file, the dynamic imports (by request) it preloads too */
  constructor(pages = {}) {
    this.pages = pages;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartupChunks', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupChunks', (data) => {
        const links = startupFiles(compilation, this.pages[data.outputName]).map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            as: 'script',
            href: data.publicPath + file,
          }),
        );
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

/** Emits `file`, the JSON of `content(compilation)`, once the build's chunks and their files are known. */
function emitJsonOnceBuilt(compiler, name, file, content) {
  compiler.hooks.thisCompilation.tap(name, (compilation) => {
    compilation.hooks.processAssets.tap({ name, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
      compilation.emitAsset(file, new webpack.sources.RawSource(JSON.stringify(content(compilation))));
    });
  });
}

/** The .js files of the dynamic imports anywhere in the build whose request matches `request`. */
function importedFiles(compilation, request) {
  const files = new Set();
  for (const group of compilation.chunkGroups) {
    if (!group.origins.some((o) => request.test(o.request ?? ''))) continue;
    for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  }
  return files;
}

/**
 * Writes `remote-page-preload.json` (the shell): the .js files of the dynamic imports whose request matches
 * `imports` (the remotes' area and web-kit's heavy components), which every page a remote serves loads before its
 * first paint. The gateway preloads them in the HTML of those pages (gateway/src/static/static-hosting.ts).
 */
class RemotePagePreloadList {
  constructor(imports) {
    this.imports = imports;
  }

  apply(compiler) {
    emitJsonOnceBuilt(compiler, 'RemotePagePreloadList', 'remote-page-preload.json', (compilation) => ({
      scripts: [...importedFiles(compilation, this.imports)].sort(),
    }));
  }
}

/** A remote's file naming each page's own scripts (@rampquote/contracts' PAGE_SCRIPTS_FILE and pageScriptsSchema). */
const PAGE_SCRIPTS_FILE = 'page-scripts.json';

/**
 * Writes `page-scripts.json` (a remote): for each route pattern, the .js files of the dynamic imports whose request
 * matches its RegExp (the page's lazily loaded component). The gateway preloads them in that page's HTML, so they
 * arrive with the shell's scripts instead of after them. A pattern that matches no import fails the build: a page
 * renamed or moved would otherwise lose its preload without a word.
 */
class PageScriptsList {
  /** @param {Record<string, RegExp>} pages route pattern → the request of its page's dynamic import */
  constructor(pages) {
    this.pages = pages;
  }

  apply(compiler) {
    emitJsonOnceBuilt(compiler, 'PageScriptsList', PAGE_SCRIPTS_FILE, (compilation) => {
      const pages = {};
      for (const [pattern, request] of Object.entries(this.pages)) {
        const files = importedFiles(compilation, request);
        if (files.size === 0)
          compilation.errors.push(
            new webpack.WebpackError(`pageScripts: no dynamic import matches ${request} (the page of ${pattern})`),
          );
        pages[pattern] = [...files].sort();
      }
      return { pages };
    });
  }
}

/**
 * The .js files of the chunk groups the entry chunk starts at once (see PreloadStartupChunks), and of the dynamic
 * imports whose request matches `alsoImports` anywhere in the build (a page known to open on one route).
 */
function startupFiles(compilation, alsoImports) {
  const entry = compilation.entrypoints.get('main');
  if (!entry) return [];
  const entryChunks = new Set(entry.chunks);
  const { chunkGraph } = compilation;
  // In a production build the entry's modules are concatenated: the chunk graph knows the concatenation only.
  const entryModules = new Set();
  for (const chunk of entryChunks)
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      entryModules.add(module);
      for (const inner of module.modules ?? []) entryModules.add(inner);
    }
  const inEntry = (module) => entryModules.has(module);
  const isBootstrap = (origin) =>
    /[\\/]bootstrap$/.test(origin.request ?? '') && origin.module && inEntry(origin.module);
  const isProvidedShared = (origin) => origin.module?.type === 'provide-module' && inEntry(origin.module);
  const files = new Set();
  for (const group of entry.getChildren()) {
    if (!group.origins.some((o) => isBootstrap(o) || isProvidedShared(o))) continue;
    for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  }
  if (alsoImports) for (const file of importedFiles(compilation, alsoImports)) files.add(file);
  for (const chunk of entryChunks) for (const file of chunk.files) files.delete(file);
  return [...files].sort();
}

/** webpack-dev-server's SPA fallback to the page's index.html. */
const pageFallback = (publicPath) => ({ index: (publicPath === 'auto' ? '/' : publicPath) + 'index.html' });

/** The chunk of a remote's `./routes` expose (@rampquote/contracts' EXPOSED_ROUTES_FILE is its file). */
const EXPOSED_ROUTES_CHUNK = '__federation_expose_routes';

/**
 * A remote's chunk names: content-hashed (cached for good), except its exposed routes' chunk, which keeps a fixed
 * name (revalidated like remoteEntry.js) that the gateway's page can preload without reading the remote's manifest.
 */
function remoteChunkFilename(pathData) {
  return pathData.chunk?.name === EXPOSED_ROUTES_CHUNK ? '[name].js' : '[name].[contenthash:8].js';
}

/**
 * @param {object} options
 * @param {string} options.dir                the bundle folder (its webpack.config.js's __dirname)
 * @param {string} options.name               federation name ('shell', 'account', 'fbo_portal', ...)
 * @param {string} options.publicPath         where dist is served from: '/' (the shell, by the gateway) or 'auto' (a remote, from its own host)
 * @param {Record<string,string>} [options.exposes] modules exposed to the shell (remotes only)
 * @param {boolean} [options.page]            build an index.html page from src/index.ts (shell, standalone remotes)
 * @param {number} [options.devPort]          webpack-dev-server port (3000-3004)
 * @param {RegExp} [options.remotePagePreload] the shell: the dynamic imports every remote's page needs at once
 *                                              (listed in remote-page-preload.json, see RemotePagePreloadList)
 * @param {Record<string, RegExp>} [options.pageScripts] a remote: per route pattern, the request of the page's
 *                                              dynamic import (its chunks listed in page-scripts.json, see PageScriptsList)
 */
function createBundleConfig(options) {
  const { dir, name, publicPath, exposes, page = false, devPort = 3000, remotePagePreload, pageScripts } = options;
  const packageJson = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const isRemote = Boolean(exposes);

  return (_env = {}, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const production = mode === 'production';
    const plugins = [
      lazyHeavyComponents(),
      pureContracts(),
      new ModuleFederationPlugin({
        name,
        ...(isRemote ? { filename: 'remoteEntry.js', exposes } : {}),
        remotes: {},
        shared: sharedFor(packageJson),
        shareStrategy: 'loaded-first',
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        dev: false,
        // Browser-only bundles: the federation runtime drops its Node.js loading code. One runtime per page: the
        // shell's build provides it, and a remote's entry uses that one instead of carrying its own (about 15 KB).
        experiments: {
          optimization: { target: 'web' },
          ...(isRemote ? { externalRuntime: true } : { provideExternalRuntime: true }),
        },
      }),
    ];
    if (page) {
      plugins.push(pagePlugin(dir, publicPath, production), new PreloadStartupChunks());
    }
    if (remotePagePreload) plugins.push(new RemotePagePreloadList(remotePagePreload));
    if (pageScripts) plugins.push(new PageScriptsList(pageScripts));
    const publicDir = path.join(dir, 'public');
    if (fs.existsSync(publicDir)) plugins.push(new CopyPlugin({ patterns: [{ from: publicDir, to: '.' }] }));
    if (production) plugins.push(...precompressed());

    return {
      mode,
      context: dir,
      entry: page ? { main: './src/index.ts' } : {},
      target: 'web',
      output: {
        path: path.join(dir, 'dist'),
        publicPath,
        filename: '[name].js',
        chunkFilename: isRemote ? remoteChunkFilename : '[name].[contenthash:8].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: name,
        clean: true,
      },
      devtool: production ? false : 'eval-cheap-module-source-map',
      resolve: resolveOptions(production),
      module: moduleOptions(production),
      optimization: { minimizer: minimizers() },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      plugins,
      devServer: {
        port: devPort,
        historyApiFallback: page ? pageFallback(publicPath) : false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        hot: false,
        liveReload: true,
        // The dev server of a page proxies what the gateway serves (API, bundles, remotes.json).
        proxy: page ? [{ context: ['/api', '/mf', '/remotes.json', '/create-aircraft'], target: GATEWAY_URL }] : [],
      },
    };
  };
}

/**
 * A bundle's standalone page (mf-fbo-portal, mf-admin: webpack.standalone.config.js), built WITHOUT Module
 * Federation. The page is alone on its host: nothing to share with, so no federation runtime (~25 KB gzip) and
 * ordinary tree shaking of web-kit, Chakra, Redux Toolkit and react-router (a shared module is never tree
 * shaken: it must carry every export any remote might want). One React, one store and one Chakra system still
 * hold: there is only this bundle on the page.
 *
 * Built after the bundle's remote (same dist folder; the remote build cleans it): index.html and main.js at the
 * top, every other script under standalone/. `alias` adds the bundle's own webpack aliases (mf-fbo-portal renders
 * its standalone page with Preact's React compatibility layer: react and react-dom point there).
 * `alsoAt` writes the page once more, as `filename`, loading its scripts from `prefix` (mf-fbo-portal: link.html,
 * the page the gateway answers an FBO's e-mailed link with, its scripts under /mf-fbo-portal/), preloading also the
 * chunks of the dynamic imports whose request matches `preload` (the one page that file opens on). With publicPath
 * 'auto' the chunks load from wherever main.js came from, so both pages share every script.
 * @param {{ dir: string, publicPath: string, devPort?: number, alias?: Record<string, string>,
 *   alsoAt?: { filename: string, prefix: string, preload?: RegExp } }} options
 */
function createStandaloneConfig(options) {
  const { dir, publicPath, devPort = 3000, alias = {}, alsoAt } = options;
  return (_env = {}, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const production = mode === 'production';
    return {
      mode,
      context: dir,
      entry: { main: './src/index.ts' },
      target: 'web',
      output: {
        path: path.join(dir, 'dist'),
        publicPath,
        filename: '[name].js',
        chunkFilename: 'standalone/[name].[contenthash:8].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: `${path.basename(dir)}_standalone`,
        clean: false,
      },
      devtool: production ? false : 'eval-cheap-module-source-map',
      resolve: withAlias(resolveOptions(production), alias),
      module: moduleOptions(production),
      optimization: { minimizer: minimizers() },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      plugins: [
        pureContracts(),
        pagePlugin(dir, publicPath, production),
        new PreloadStartupChunks(alsoAt?.preload ? { [alsoAt.filename]: alsoAt.preload } : {}),
        ...(alsoAt
          ? [pagePlugin(dir, publicPath, production, { filename: alsoAt.filename, scriptsAt: alsoAt.prefix })]
          : []),
        ...(production ? precompressed() : []),
      ],
      devServer: {
        port: devPort,
        historyApiFallback: pageFallback(publicPath),
        hot: false,
        liveReload: true,
        proxy: [{ context: ['/api'], target: GATEWAY_URL }],
      },
    };
  };
}

/**
 * A remote's static host and the gateway (the shell) send these copies as they are (brotli when the client accepts
 * it, else gzip): every text asset gets both, whatever its size, so nothing leaves a host uncompressed.
 */
function precompressed() {
  const common = { test: /\.(?:js|mjs|css|html|json|svg|txt|map)$/, threshold: 0, minRatio: Infinity };
  return [
    new CompressionPlugin({
      ...common,
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
      filename: '[path][base].gz',
    }),
    new CompressionPlugin({
      ...common,
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
      filename: '[path][base].br',
    }),
  ];
}

/** The ModuleFederationPlugin options inside a built webpack config (for tests). */
function federationOptionsOf(webpackConfig) {
  const plugin = webpackConfig.plugins.find((p) => p instanceof ModuleFederationPlugin);
  if (!plugin) throw new Error('no ModuleFederationPlugin in this config');
  return plugin._options;
}

// resolveOptions, moduleOptions, minimizers and webpack itself: for bench:bundle's floor page, built like the bundles.
module.exports = {
  createBundleConfig,
  createStandaloneConfig,
  federationOptionsOf,
  EXPOSED_ROUTES_CHUNK,
  PageScriptsList,
  sharedFor,
  SHARED_SINGLETONS,
  resolveOptions,
  moduleOptions,
  minimizers,
  webpack,
};
