// After the standalone build: renders the first view of an FBO's e-mailed link with the page's own components
// (react-dom/server; the browser takes it over with Preact) into dist/link.html's #root, its styles in <head>, so the
// page paints before its scripts have arrived. index.html (the portal host's other paths) stays as it is.
'use strict';

const path = require('node:path');
const { prerenderPage, runPrerender } = require('@rampquote/web-kit/build/prerender.cjs');

runPrerender(async () => {
  const bytes = await prerenderPage({
    dir: path.join(__dirname, '..'),
    name: 'link-page',
    entry: './src/standalone/link-page.tsx',
    source: 'link.html',
    target: 'link.html',
    render: (page) => page.renderLinkPage(),
    check: (markup) => (markup.includes('role="status"') ? null : 'the prerendered link page shows no loading state'),
  });
  console.log(`prerendered the FBO link page: dist/link.html, ${bytes} bytes`);
});
