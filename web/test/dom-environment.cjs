/**
 * Jest environment for the owner app's component tests: jsdom, plus the fetch API of the Node
 * that runs the tests (jsdom has none), so RTK Query's requests reach a test's fake `fetch`.
 * A spec opts in with the docblock `@jest-environment ./web/test/dom-environment.cjs`.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class DomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['fetch', 'Request', 'Response', 'Headers', 'AbortController', 'AbortSignal', 'TextEncoder', 'TextDecoder', 'structuredClone', 'ReadableStream']) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = DomEnvironment;
