// Test setup shared by the front-end packages (web-kit, shell, mf-*): jest-dom matchers and the few browser
// APIs jsdom lacks that Chakra UI (zag) touches.
import '@testing-library/jest-dom';

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class NoopObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}
const g = globalThis as Record<string, unknown>;
if (!g.ResizeObserver) g.ResizeObserver = NoopObserver;
if (!g.IntersectionObserver) g.IntersectionObserver = NoopObserver;
window.scrollTo = () => undefined;
Element.prototype.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

if (!g.PointerEvent) {
  // jsdom has no PointerEvent: without it, fired pointer events carry no coordinates.
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  g.PointerEvent = PointerEventPolyfill;
}
