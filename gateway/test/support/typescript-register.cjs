// Loaded with `node --require` by real-service.ts: runs a service's TypeScript sources (src/main.ts,
// src/migrate.ts) in a process of its own, compiled on the fly by swc with the options of jest.preset.js
// (decorators and their metadata for Nest). The libraries come from their builds, as in production.
const { readFileSync } = require('node:fs');
const { transformSync } = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
