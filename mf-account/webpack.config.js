// Remote 'account': exposes ./routes (lazy route objects), served by the gateway under /mf/account/.
const { createBundleConfig } = require('@rampquote/web-kit/build/federation.cjs');

module.exports = createBundleConfig({
  dir: __dirname,
  name: 'account',
  publicPath: '/mf/account/',
  exposes: { './routes': './src/routes.tsx' },
  devPort: 3001,
});
