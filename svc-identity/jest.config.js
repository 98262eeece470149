const { nodeProject } = require('../jest.preset');
module.exports = {
  testTimeout: 60000,
  projects: [
    nodeProject('unit', ['<rootDir>/src/**/*.spec.ts'], { rootDir: __dirname }),
    nodeProject('integration', ['<rootDir>/test/**/*.test.ts'], { rootDir: __dirname }),
  ],
};
