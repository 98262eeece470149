const path = require('node:path');
const { frontProject } = require('@rampquote/web-kit/test/web-project.cjs');

const project = frontProject('mf-quotes', __dirname);
// Longer waits for the large request-form pages (src/test/setup-slow-pages.ts).
project.setupFilesAfterEnv = [
  ...(project.setupFilesAfterEnv ?? []),
  path.join(__dirname, 'src/test/setup-slow-pages.ts'),
];
module.exports = { projects: [project] };
