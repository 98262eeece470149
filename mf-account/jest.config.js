const { frontProject } = require('@rampquote/web-kit/test/web-project.cjs');

// The first views' prerender (prerender/, run by the build) is tested beside the app.
module.exports = {
  projects: [
    frontProject('mf-account', __dirname, [
      '<rootDir>/src/**/*.spec.{ts,tsx}',
      '<rootDir>/prerender/**/*.spec.{ts,tsx}',
    ]),
  ],
};
