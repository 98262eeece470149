// After the remote's build: the first views of its pages that show the same to every signed-in user before their data
// has arrived (prerender/), rendered with the pages' own components, into dist/first-views.json, which the gateway
// puts into the shell's frame.
'use strict';

const path = require('node:path');
const { runFirstViewsPrerender } = require('@rampquote/web-kit/build/prerender.cjs');

runFirstViewsPrerender(path.join(__dirname, '..'), (page, markup) =>
  /<h1[^>]*>/.test(markup) ? null : `the first view of ${page} has no heading`,
);
