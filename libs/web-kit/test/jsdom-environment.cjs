// jsdom plus the WHATWG fetch classes of Node (jsdom has none): RTK Query's fetchBaseQuery builds a Request and
// reads a Response. AbortController/AbortSignal come from Node too, so a Request accepts their signal.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const names = [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'FormData',
      'Blob',
      'AbortController',
      'AbortSignal',
      'ReadableStream',
      'TextEncoder',
      'TextDecoder',
      'structuredClone',
    ];
    for (const name of names) {
      if (globalThis[name]) this.global[name] = globalThis[name];
    }
    // A browser resolves a relative URL against the page; Node's Request needs an absolute one.
    const NodeRequest = globalThis.Request;
    const page = this.global;
    this.global.Request = class PageRequest extends NodeRequest {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, page.location.href).href : input, init);
      }
    };
  }
}

module.exports = JsdomWithFetchEnvironment;
