// jsdom implements neither media playback nor matchMedia: playing resolves at once, pausing does nothing, and
// no media query matches unless a test says otherwise (see setPrefersReducedMotion in render-app.tsx).
Object.defineProperty(HTMLMediaElement.prototype, 'play', {
  configurable: true,
  writable: true,
  value: jest.fn(() => Promise.resolve()),
});
Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, writable: true, value: jest.fn() });
