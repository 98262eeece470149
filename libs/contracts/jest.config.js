const { nodeProject } = require('../../jest.preset');
module.exports = { projects: [nodeProject('unit', ['<rootDir>/src/**/*.spec.ts'], { rootDir: __dirname })] };
