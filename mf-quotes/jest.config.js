const path = require('node:path');
const { frontProject } = require('@rampquote/web-kit/test/web-project.cjs');

// The first views' prerender (prerender/, run by the build) is tested beside the app.
const project = frontProject('mf-quotes', __dirname, [
  '<rootDir>/src/**/*.spec.{ts,tsx}',
  '<rootDir>/prerender/**/*.spec.{ts,tsx}',
]);
// Longer waits for the large request-form pages (src/test/setup-slow-pages.ts).
project.setupFilesAfterEnv = [
  ...(project.setupFilesAfterEnv ?? []),
  path.join(__dirname, 'src/test/setup-slow-pages.ts'),
];
module.exports = { projects: [project] };
