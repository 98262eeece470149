// Remote 'fbo_portal': exposes ./routes, served by its own static host. Its standalone
// page (index.html) is webpack.standalone.config.js.
const path = require('node:path');
const { createBundleConfig } = require('@rampquote/web-kit/build/federation.cjs');
const { PureContractDeclarations } = require('./webpack.pure-contracts.cjs');

const remote = createBundleConfig({
  dir: __dirname,
  name: 'fbo_portal',
  // 'auto': chunks load from wherever remoteEntry.js came from (the remote's own host, REMOTE_URL_MF_*).
  publicPath: 'auto',
  exposes: { './routes': './src/routes.tsx' },
  devPort: 3003,
});

// The contract schemas the portal's pages do not use stay out (with zod's classic API): see webpack.pure-contracts.cjs.
module.exports = (env, argv) => {
  const config = remote(env, argv);
  config.plugins.push(new PureContractDeclarations(path.join(__dirname, '../libs/contracts/src')));
  return config;
};
