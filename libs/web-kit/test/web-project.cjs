// The jest project of a front-end package: the root webProject preset plus the fetch-capable jsdom and the
// shared DOM setup. Used by web-kit, shell and every mf-* package.
const path = require('node:path');
const { webProject } = require('../../../jest.preset');

const webKitRoot = path.join(__dirname, '..');

function frontProject(displayName, rootDir, testMatch = ['<rootDir>/src/**/*.spec.{ts,tsx}']) {
  const project = webProject(displayName, testMatch, {
    rootDir,
    testEnvironment: path.join(__dirname, 'jsdom-environment.cjs'),
    setupFilesAfterEnv: [path.join(__dirname, 'setup-dom.ts')],
  });
  // web-kit's build and test helpers are not under src/ (checked before the preset's src/ mapping).
  project.moduleNameMapper = {
    '^@rampquote/web-kit/(build|test)/(.*)$': path.join(webKitRoot, '$1/$2'),
    ...project.moduleNameMapper,
  };
  return project;
}

module.exports = { frontProject };
