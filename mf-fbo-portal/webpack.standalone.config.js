// The standalone page (index.html + main.js): the same routes as the remote, opened on this bundle's own host
// without the shell. Built without Module Federation (nothing to share on that page), after the remote build.
const { createStandaloneConfig } = require('@rampquote/web-kit/build/federation.cjs');

module.exports = createStandaloneConfig({
  dir: __dirname,
  // 'auto': chunks load from wherever main.js came from (the bundle's own host).
  publicPath: 'auto',
  devPort: 3003,
});
