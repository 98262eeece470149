// The host. Remotes are NOT declared here: the shell reads /remotes.json at start (src/remotes/).
const { createBundleConfig } = require('@rampquote/web-kit/build/federation.cjs');

module.exports = createBundleConfig({ dir: __dirname, name: 'shell', publicPath: '/', page: true, devPort: 3000 });
