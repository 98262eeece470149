// Remote 'admin': exposes ./routes, served by the gateway under /mf/admin/. Also a standalone page (index.html).
const { createBundleConfig } = require('@rampquote/web-kit/build/federation.cjs');

module.exports = createBundleConfig({
  dir: __dirname,
  name: 'admin',
  publicPath: '/mf/admin/',
  exposes: { './routes': './src/routes.tsx' },
  page: true,
  devPort: 3004,
});
