// Remote 'account': exposes ./routes (lazy route objects), served by its own static host.
const { createBundleConfig } = require('@rampquote/web-kit/build/federation.cjs');

module.exports = createBundleConfig({
  dir: __dirname,
  name: 'account',
  // 'auto': chunks load from wherever remoteEntry.js came from (the remote's own host, REMOTE_URL_MF_*).
  publicPath: 'auto',
  exposes: { './routes': './src/routes.tsx' },
  // The pages without a first view: their own chunks are preloaded in their HTML (page-scripts.json).
  pageScripts: { '/billing': /[\\/]BillingPage$/, '/subscription': /[\\/]SubscriptionPage$/ },
  devPort: 3001,
});
