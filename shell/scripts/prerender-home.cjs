// After the shell's build: renders the landing page's first view with the shell's own components (react-dom/server)
// into dist/home.html — dist/index.html with that markup inside #root — which the gateway answers `/` with, so the
// page paints before its scripts have arrived. Likewise dist/frame.html, the frame (header, empty page area, footer)
// the gateway puts a remote's first view into (contracts' FIRST_VIEWS_FILE). Every other path keeps index.html.
'use strict';

const path = require('node:path');
const { prerenderPages, runPrerender } = require('@rampquote/web-kit/build/prerender.cjs');
const { FIRST_VIEW_SLOT } = require('@rampquote/contracts');

runPrerender(async () => {
  const [home, frame] = await prerenderPages({
    dir: path.join(__dirname, '..'),
    name: 'home-page',
    entry: './prerender/home-page.tsx',
    pages: [
      {
        source: 'index.html',
        target: 'home.html',
        render: (page) => page.renderHomePage(),
        check: (markup) =>
          markup.includes('id="hero-heading"') ? null : 'the prerendered landing page has no hero heading',
      },
      {
        source: 'index.html',
        target: 'frame.html',
        render: (page) => page.renderPageFrame(),
        check: (markup) =>
          markup.includes('<header') && markup.split(FIRST_VIEW_SLOT).length === 2
            ? null
            : 'the prerendered frame has no header or not one empty page area',
      },
    ],
  });
  console.log(
    `prerendered the landing page: dist/home.html, ${home} bytes; the frame: dist/frame.html, ${frame} bytes`,
  );
});
