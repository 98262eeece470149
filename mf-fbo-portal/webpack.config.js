// Remote 'fbo_portal': exposes ./routes, served by its own static host. Its standalone
// page (index.html) is webpack.standalone.config.js.
const { createBundleConfig } = require('@rampquote/web-kit/build/federation.cjs');

module.exports = createBundleConfig({
  dir: __dirname,
  name: 'fbo_portal',
  // 'auto': chunks load from wherever remoteEntry.js came from (the remote's own host, REMOTE_URL_MF_*).
  publicPath: 'auto',
  exposes: { './routes': './src/routes.tsx' },
  // The inbox's own chunks are preloaded in its HTML (page-scripts.json).
  pageScripts: { '/fbo-portal': /[\\/]InboxPage$/ },
  devPort: 3003,
});
