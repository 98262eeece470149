// Test setup shared by the front-end packages (web-kit, shell, mf-*): jest-dom matchers and the few browser
// APIs jsdom lacks that Chakra UI (zag) touches. Guarded, so a test file may choose `@jest-environment node`.
import '@testing-library/jest-dom';

if (typeof window !== 'undefined' && !window.matchMedia) {
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
if (typeof window !== 'undefined') {
  window.scrollTo = () => undefined;
  Element.prototype.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
}

if (typeof MouseEvent !== 'undefined' && !g.PointerEvent) {
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

if (typeof window !== 'undefined') {
  // jsdom does no layout, so every element looks invisible to focus management (zag's focus trap and dialogs
  // skip "invisible" elements). A connected element that is not display:none gets one 1×1 box.
  const originalRects = Element.prototype.getClientRects;
  Element.prototype.getClientRects = function getClientRects(this: Element) {
    const rects = originalRects.call(this);
    if (rects.length > 0 || !this.isConnected) return rects;
    if (window.getComputedStyle(this).display === 'none' || (this as HTMLElement).hidden) return rects;
    const box = new DOMRect(0, 0, 1, 1);
    return Object.assign([box], { item: (i: number) => (i === 0 ? box : null) }) as unknown as DOMRectList;
  };
}

// Two shared cores: a page render with Chakra's machines can take several seconds when the machine is busy. The
// limits are generous so that a slow machine makes a run slower, never red; a test that waits for something that
// never comes still fails (at the limit).
jest.setTimeout(60_000);
// In CI a failed jsdom test gets one more try, as an end-to-end test does: npm test names each test that passed only
// on it (flaky), so that a busy machine's timing is reported instead of turning the run red.
if (process.env.CI) jest.retryTimes(1, { logErrorsBeforeRetry: true });
if (typeof window !== 'undefined') {
  require('@testing-library/react').configure({ asyncUtilTimeout: 20_000 });
}
