/**
 * Minimal TypeScript loader for child processes started by tests (`node -r <this file> x.ts`):
 * compiles `.ts` files with @swc/core on require and maps `@storefront/<pkg>` to `<pkg>/src`,
 * as the root jest.config.js does. Nothing is written to disk. Shared by the event store's and the
 * projections' process tests (projections depend on the event store, not the other way).
 */
'use strict';
const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../..');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const match = /^@storefront\/(domain|eventstore|projections)$/.exec(request);
  return resolveFilename.call(this, match ? path.join(root, match[1], 'src') : request, ...rest);
};

require.extensions['.ts'] = function (module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
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
