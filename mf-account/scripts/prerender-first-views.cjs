// After the remote's build: the first views of its pages that show the same to everyone (rendered with the pages' own
// components, react-dom/server) into dist/first-views.json, which the gateway puts into the shell's prerendered frame
// so such a page paints before any script.
'use strict';

const path = require('node:path');
const { FIRST_VIEWS_FILE } = require('@rampquote/contracts');
const { prerenderFirstViews, runPrerender } = require('@rampquote/web-kit/build/prerender.cjs');

runPrerender(async () => {
  const bytes = await prerenderFirstViews({
    dir: path.join(__dirname, '..'),
    name: 'first-views',
    entry: './prerender/first-views.tsx',
    file: FIRST_VIEWS_FILE,
    check: (page, markup) => (markup.includes('<form') ? null : `the first view of ${page} has no form`),
  });
  console.log(`prerendered the first views: dist/${FIRST_VIEWS_FILE}, ${bytes} bytes`);
});
