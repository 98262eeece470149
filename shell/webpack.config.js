// The host. Remotes are NOT declared here: the shell reads /remotes.json at start (src/remotes/).
const { createBundleConfig } = require('@rampquote/web-kit/build/federation.cjs');

module.exports = createBundleConfig({
  dir: __dirname,
  name: 'shell',
  publicPath: '/',
  page: true,
  devPort: 3000,
  // Every page a remote serves loads the remotes' area and web-kit's heavy components first: the gateway preloads them.
  remotePagePreload: /[\\/]remotes[\\/]RemoteArea$|^\.[\\/]heavy-components$/,
});
