// The standalone page (index.html + main.js): the same routes as the remote, opened on this bundle's own host
// without the shell. Built without Module Federation (nothing to share on that page), after the remote build.
//
// On this page React and react-dom are Preact's compatibility layer (preact/compat, ~7 KB gzip instead of
// react-dom's ~60): an FBO opens the link on a phone on the ramp, and the page's JavaScript is held to 150 KB as received
// (`npm run bench:bundle`). The remote mounted by the shell keeps the shell's React (a shared singleton).
// The same source runs on both; the e2e suite (e2e/tests/fbo-portal.spec.ts) answers and declines on both pages.
// `react-dom/client` is src/standalone/preact-client.ts, which also runs effects the way React does (see there).
const path = require('node:path');
const { createStandaloneConfig } = require('@rampquote/web-kit/build/federation.cjs');

module.exports = createStandaloneConfig({
  dir: __dirname,
  // 'auto': chunks load from wherever main.js came from (the bundle's own host).
  publicPath: 'auto',
  devPort: 3003,
  // The gateway answers an FBO's e-mailed link (/quote/{fboId}/{token}) with this page, its scripts under this prefix
  // (gateway/src/static/static-hosting.ts); that page opens on the estimate page, whose chunks it preloads.
  alsoAt: { filename: 'link.html', prefix: '/mf-fbo-portal/', preload: /[\\/]EstimatePage$/ },
  alias: {
    react$: 'preact/compat',
    'react-dom$': 'preact/compat',
    'react/jsx-runtime$': 'preact/compat/jsx-runtime',
    'react/jsx-dev-runtime$': 'preact/compat/jsx-dev-runtime',
    'react-dom/client$': path.join(__dirname, 'src/standalone/preact-client.ts'),
  },
});
