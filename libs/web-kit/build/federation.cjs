// The ONE webpack + Module Federation configuration of the five front-end bundles (shell, mf-account,
// mf-quotes, mf-fbo-portal, mf-admin). Each bundle's webpack.config.js is a call of createBundleConfig.
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

const webpackDir = path.dirname(require.resolve('webpack/package.json'));
const MinimizerPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [webpackDir] }));

const repoRoot = path.resolve(__dirname, '../../..');
const GATEWAY_URL = 'http://localhost:8080';

/** Shared as singletons by every bundle ('react-dom/' shares react-dom/client and the other subpaths). */
const SHARED_SINGLETONS = ['react', 'react-dom', 'react-dom/', 'react-redux', '@reduxjs/toolkit', '@rampquote/web-kit'];

/** The `shared` option: singletons whose requiredVersion comes from the bundle's own package.json. */
function sharedFor(packageJson) {
  const deps = { ...packageJson.devDependencies, ...packageJson.dependencies };
  return Object.fromEntries(
    SHARED_SINGLETONS.map((key) => {
      const packageName = key.endsWith('/') ? key.slice(0, -1) : key;
      const requiredVersion = deps[packageName];
      if (!requiredVersion) throw new Error(`${packageJson.name}: add ${packageName} to dependencies (it is a shared singleton)`);
      // strictVersion: a remote built against an incompatible singleton fails to load (reported through the
      // errorLoadRemote hook and shown by that remote's error boundary) instead of running against the wrong copy.
      return [key, { singleton: true, requiredVersion, strictVersion: true }];
    }),
  );
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

/**
 * @param {object} options
 * @param {string} options.dir                the bundle folder (its webpack.config.js's __dirname)
 * @param {string} options.name               federation name ('shell', 'account', 'fbo_portal', ...)
 * @param {string} options.publicPath         where the gateway serves dist ('/', '/mf/account/')
 * @param {Record<string,string>} [options.exposes] modules exposed to the shell (remotes only)
 * @param {boolean} [options.page]            build an index.html page from src/index.ts (shell, standalone remotes)
 * @param {number} [options.devPort]          webpack-dev-server port (3000-3004)
 */
function createBundleConfig(options) {
  const { dir, name, publicPath, exposes, page = false, devPort = 3000 } = options;
  const packageJson = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const isRemote = Boolean(exposes);

  return (_env = {}, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const production = mode === 'production';
    const plugins = [
      new ModuleFederationPlugin({
        name,
        ...(isRemote ? { filename: 'remoteEntry.js', exposes } : {}),
        remotes: {},
        shared: sharedFor(packageJson),
        shareStrategy: 'loaded-first',
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        dev: false,
      }),
    ];
    if (page) {
      plugins.push(
        new HtmlWebpackPlugin({
          template: path.join(dir, 'src/index.html'),
          chunks: ['main'],
          scriptLoading: 'defer',
          minify: production ? { collapseWhitespace: true, removeComments: true } : false,
        }),
      );
    }
    const publicDir = path.join(dir, 'public');
    if (fs.existsSync(publicDir)) plugins.push(new CopyPlugin({ patterns: [{ from: publicDir, to: '.' }] }));

    return {
      mode,
      context: dir,
      entry: page ? { main: './src/index.ts' } : {},
      target: 'web',
      output: {
        path: path.join(dir, 'dist'),
        publicPath,
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: name,
        clean: true,
      },
      devtool: production ? false : 'eval-cheap-module-source-map',
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // The contracts package points its "source" condition at its TypeScript sources; bundles use those
        // (no stale dist), without turning the "source" condition on for every package in node_modules.
        alias: { '@rampquote/contracts$': path.join(repoRoot, 'libs/contracts/src/index.ts') },
      },
      module: {
        rules: [
          { test: /\.[cm]?tsx?$/, exclude: /node_modules/, use: swcLoader(production) },
          { test: /\.(svg|png|jpe?g|webp|avif|mp4|webm|woff2?)$/i, type: 'asset/resource' },
        ],
      },
      optimization: {
        minimizer: [
          new MinimizerPlugin({
            minify: MinimizerPlugin.swcMinify,
            minimizerOptions: { compress: { passes: 2 }, mangle: true, format: { comments: false } },
            extractComments: false,
          }),
        ],
      },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      plugins,
      devServer: {
        port: devPort,
        historyApiFallback: page ? { index: publicPath + 'index.html' } : false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        hot: false,
        liveReload: true,
        // The dev server of a page proxies what the gateway serves (API, bundles, remotes.json).
        proxy: page ? [{ context: ['/api', '/mf', '/remotes.json', '/create-aircraft'], target: GATEWAY_URL }] : [],
      },
    };
  };
}

/** The ModuleFederationPlugin options inside a built webpack config (for tests). */
function federationOptionsOf(webpackConfig) {
  const plugin = webpackConfig.plugins.find((p) => p instanceof ModuleFederationPlugin);
  if (!plugin) throw new Error('no ModuleFederationPlugin in this config');
  return plugin._options;
}

module.exports = { createBundleConfig, federationOptionsOf, sharedFor, SHARED_SINGLETONS };
