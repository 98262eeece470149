// After the shell's build: renders the landing page's first view with the shell's own components (react-dom/server)
// into dist/home.html — dist/index.html with that markup inside #root — which the gateway answers `/` with, so the
// page paints before its scripts have arrived. Every other path keeps the plain index.html.
'use strict';

const path = require('node:path');
const { prerenderPage, runPrerender } = require('@rampquote/web-kit/build/prerender.cjs');

runPrerender(async () => {
  const bytes = await prerenderPage({
    dir: path.join(__dirname, '..'),
    name: 'home-page',
    entry: './prerender/home-page.tsx',
    source: 'index.html',
    target: 'home.html',
    render: (page) => page.renderHomePage(),
    check: (markup) =>
      markup.includes('id="hero-heading"') ? null : 'the prerendered landing page has no hero heading',
  });
  console.log(`prerendered the landing page: dist/home.html, ${bytes} bytes`);
});
