// Remote 'quotes': exposes ./routes, served by the gateway under /mf/quotes/.
const { createBundleConfig } = require('@rampquote/web-kit/build/federation.cjs');

module.exports = createBundleConfig({
  dir: __dirname,
  name: 'quotes',
  publicPath: '/mf/quotes/',
  exposes: { './routes': './src/routes.tsx' },
  devPort: 3002,
});
