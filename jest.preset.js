// Shared jest settings: swc transform (decorators + metadata for Nest), NestJS 12 ESM packages compiled,
// and the libs mapped to their TypeScript sources so a workspace tests on its own without a build.
const path = require('node:path');

const root = __dirname;
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const moduleNameMapper = {
  '^@rampquote/contracts$': path.join(root, 'libs/contracts/src/index.ts'),
  '^@rampquote/service-kit$': path.join(root, 'libs/service-kit/src/index.ts'),
  '^@rampquote/service-kit/testing$': path.join(root, 'libs/service-kit/src/testing/index.ts'),
  '^@rampquote/web-kit$': path.join(root, 'libs/web-kit/src/index.ts'),
  '^@rampquote/web-kit/(.*)$': path.join(root, 'libs/web-kit/src/$1'),
};

const transformIgnorePatterns = [
  '/node_modules/(?!(@nestjs|file-type|strtok3|token-types|@tokenizer|uint8array-extras|peek-readable|load-esm)/)',
];

/** A node project (services, gateway, libs). */
function nodeProject(displayName, testMatch, extra = {}) {
  return {
    displayName,
    testEnvironment: 'node',
    testMatch,
    transform: { '^.+\\.(t|j|mj)sx?$': swc(false) },
    transformIgnorePatterns,
    moduleNameMapper,
    ...extra,
  };
}

/** A browser project (web-kit, shell, micro-frontends). */
function webProject(displayName, testMatch, extra = {}) {
  return {
    displayName,
    testEnvironment: 'jsdom',
    testMatch,
    transform: { '^.+\\.(t|j)sx?$': swc(true) },
    moduleNameMapper: {
      ...moduleNameMapper,
      '\\.(css|png|jpg|svg|mp4|webm)$': path.join(root, 'scripts/jest-asset-stub.js'),
    },
    ...extra,
  };
}

/**
 * The whole jest config of a service (and of service-kit): unit tests beside the code (`*.spec.ts` under src/),
 * integration tests under test/ (`*.test.ts`, real PostgreSQL and RabbitMQ, run in band by the package's script).
 * A service's jest.config.js is `module.exports = serviceJestConfig(__dirname);`. Command-line options
 * (`--json --outputFile=…`, `--selectProjects unit`) apply as usual. A run that finds no test fails (jest's default:
 * no `passWithNoTests` anywhere), so a renamed or misplaced test file cannot turn a suite silently green.
 */
function serviceJestConfig(dir, extra = {}) {
  return {
    testTimeout: 60000,
    projects: [
      nodeProject('unit', ['<rootDir>/src/**/*.spec.ts'], { rootDir: dir }),
      nodeProject('integration', ['<rootDir>/test/**/*.test.ts'], { rootDir: dir }),
    ],
    ...extra,
  };
}

module.exports = { nodeProject, webProject, serviceJestConfig, moduleNameMapper, transformIgnorePatterns };
