const path = require('node:path');
const { frontProject } = require('@rampquote/web-kit/test/web-project.cjs');

// The landing page's prerender (prerender/, run by the build) is tested beside the app.
const project = frontProject('shell', __dirname, [
  '<rootDir>/src/**/*.spec.{ts,tsx}',
  '<rootDir>/prerender/**/*.spec.{ts,tsx}',
]);
// jsdom has no media playback: the background video's play/pause are stubbed (src/test/setup-media.ts).
project.setupFilesAfterEnv = [...(project.setupFilesAfterEnv ?? []), path.join(__dirname, 'src/test/setup-media.ts')];
module.exports = { projects: [project] };
