// The jest project of a front-end package: the root webProject preset plus the fetch-capable jsdom and the
// shared DOM setup. Used by web-kit, shell and every mf-* package.
const path = require('node:path');
const { webProject } = require('../../../jest.preset');

function frontProject(displayName, rootDir, testMatch = ['<rootDir>/src/**/*.spec.{ts,tsx}']) {
  return webProject(displayName, testMatch, {
    rootDir,
    testEnvironment: path.join(__dirname, 'jsdom-environment.cjs'),
    setupFilesAfterEnv: [path.join(__dirname, 'setup-dom.ts')],
  });
}

module.exports = { frontProject };
