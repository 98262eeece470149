const { nodeProject, transformIgnorePatterns } = require('../jest.preset');

// http-proxy-middleware 4 and its httpxy / is-plain-obj are ESM-only: let swc compile them too.
const esmOnly = ['http-proxy-middleware', 'httpxy', 'is-plain-obj'];
const ignore = transformIgnorePatterns.map((p) => p.replace('(?!(', `(?!(${esmOnly.join('|')}|`));

module.exports = {
  projects: [
    nodeProject('unit', ['<rootDir>/src/**/*.spec.ts'], { rootDir: __dirname, transformIgnorePatterns: ignore }),
    nodeProject('integration', ['<rootDir>/test/**/*.test.ts'], {
      rootDir: __dirname,
      transformIgnorePatterns: ignore,
    }),
  ],
  // A global option (jest ignores it inside a project): real services starting on a busy machine get a minute.
  testTimeout: 60000,
};
