// Remote 'fbo_portal': exposes ./routes, served by the gateway under /mf/fbo-portal/. Also a standalone page (index.html).
const { createBundleConfig } = require('@rampquote/web-kit/build/federation.cjs');

module.exports = createBundleConfig({
  dir: __dirname,
  name: 'fbo_portal',
  publicPath: '/mf/fbo-portal/',
  exposes: { './routes': './src/routes.tsx' },
  page: true,
  devPort: 3003,
});
