// jsdom implements neither media playback nor matchMedia: playing resolves at once, pausing does nothing, and
// no media query matches unless a test says otherwise (see setPrefersReducedMotion in render-app.tsx).
// (A test file in `@jest-environment node` has no media elements at all.)
if (typeof HTMLMediaElement !== 'undefined') {
  Object.defineProperty(HTMLMediaElement.prototype, 'play', {
    configurable: true,
    writable: true,
    value: jest.fn(() => Promise.resolve()),
  });
  Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, writable: true, value: jest.fn() });
}
