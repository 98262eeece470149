/** @jest-environment node */
import { renderLinkPage, withPrerenderedRoot } from './link-page';

const withoutStyles = (html: string) => html.replace(/<style[^>]*>[^<]*<\/style>/g, '');
const text = (html: string) => withoutStyles(html).replace(/<[^<>]*>/g, '');

describe("the FBO link page's first view, prerendered at build time", () => {
  it('shows the portal line and the estimate request loading inside the main landmark, styled by inline styles', async () => {
    const markup = await renderLinkPage();
    expect(withoutStyles(markup)).toMatch(/^<main [^>]*id="main-content"[^>]*>.*<\/main>$/);
    expect(text(markup)).toBe('RampQuote·FBO PortalLoading estimate request...');
    expect(markup).toMatch(/<div role="status" aria-live="polite"[^>]*>.*Loading estimate request\.\.\.<\/p>/);
    expect(markup).toMatch(/<style data-emotion="css-global [^"]+">/);
  });

  it("goes into link.html's empty #root, its styles in <head>, its preloaded scripts deferred instead", () => {
    const page =
      '<html><head><title>RampQuote FBO Portal</title><script defer="defer" src="/mf-fbo-portal/main.js"></script>' +
      '<link rel="preload" as="script" href="/mf-fbo-portal/standalone/1.a.js"></head>' +
      '<body><div id="root"></div></body></html>';
    const markup =
      '<style data-emotion="css-global g1">:root{--x:1}</style><main>' +
      '<style data-emotion="css a1">.css-a1{color:red}</style><p class="css-a1">$& Hi</p></main>';
    expect(withPrerenderedRoot(page, markup)).toBe(
      '<html><head><title>RampQuote FBO Portal</title><script defer="defer" src="/mf-fbo-portal/main.js"></script>' +
        '<script defer src="/mf-fbo-portal/standalone/1.a.js"></script>' +
        '<style data-emotion="css-global g1" data-s="">:root{--x:1}</style>' +
        '<style data-emotion="css a1" data-s="">.css-a1{color:red}</style>' +
        '</head><body><div id="root"><main><p class="css-a1">$& Hi</p></main></div></body></html>',
    );
    expect(() => withPrerenderedRoot('<html><body></body></html>', '<p>Hi</p>')).toThrow(
      'the page has no empty <div id="root"></div>',
    );
  });
});
