/** @jest-environment node */
import { FIRST_VIEW_SLOT } from '@rampquote/contracts';
import { renderHomePage, renderPageFrame, withPrerenderedRoot } from './home-page';

const links = (html: string) => [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((match) => match[1]);

describe("the landing page's first view, prerendered at build time", () => {
  const markup = renderHomePage();

  it('shows the hero heading, the feature cards and the closing banner, styled by the inline style elements', () => {
    expect(markup).toMatch(/<h1[^>]*id="hero-heading"[^>]*>Never overpay for FBO services again<\/h1>/);
    expect(markup.match(/<h3\b/g)).toHaveLength(6);
    expect(markup).toContain('Ready to simplify your FBO experience?');
    expect(markup).toMatch(/<style data-emotion="css-global [^"]+">/);
  });

  it('links only to what every visitor sees: no Login or Sign Up for a signed-in user, no My Quotes for a visitor', () => {
    expect(links(markup)).toEqual(['#main-content', '/', '/faq', '/terms', '/privacy', '/support']);
    for (const text of ['>Login<', '>My Quotes<', '>New Quote<', '>Get a Quote<', '>Get Started<'])
      expect(markup).not.toContain(text);
  });

  it("goes inside index.html's empty #root, its styles in <head> where emotion finds them, no script preloaded", () => {
    const index =
      '<html><head><title>RampQuote</title><script defer src="/main.js"></script>' +
      '<link rel="preload" as="script" href="/996.a751fe55.js"></head><body><div id="root"></div></body></html>';
    const markup =
      '<style data-emotion="css-global g1">:root{--x:1}</style><div>' +
      '<style data-emotion="css a1">.css-a1{color:red}</style><h1 class="css-a1">$& Hi</h1>' +
      '<style data-emotion="css b2 c3">.css-b2{margin:0}.css-c3{padding:0}</style><p class="css-b2 css-c3">x</p></div>';
    expect(withPrerenderedRoot(index, markup)).toBe(
      '<html><head><title>RampQuote</title><script defer src="/main.js"></script>' +
        '<style data-emotion="css-global g1" data-s="">:root{--x:1}</style>' +
        '<style data-emotion="css a1 b2 c3" data-s="">.css-a1{color:red}.css-b2{margin:0}.css-c3{padding:0}</style>' +
        '</head><body><div id="root"><div><h1 class="css-a1">$& Hi</h1><p class="css-b2 css-c3">x</p></div></div></body></html>',
    );
    expect(() => withPrerenderedRoot('<html><body></body></html>', '<h1>Hi</h1>')).toThrow(
      'the page has no empty <div id="root"></div>',
    );
  });
});

describe('the frame a first view goes into, prerendered at build time', () => {
  const frame = renderPageFrame();

  it('is the header and the footer as a visitor first sees them around one empty, inert page area', () => {
    expect(frame.split(FIRST_VIEW_SLOT)).toHaveLength(2);
    // In this order: header, page area, its slot, its end, footer.
    const at = ['<header', 'id="main-content"', FIRST_VIEW_SLOT, '</main>', '<footer'].map((part) =>
      frame.indexOf(part),
    );
    expect(at[0]).toBeGreaterThan(-1);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(links(frame)).toEqual(['#main-content', '/', '/faq', '/terms', '/privacy', '/support']);
    // No spinner in the page area, and nothing React would need to finish a suspended part from.
    expect(frame).not.toContain('role="status"');
    expect(frame).not.toContain('<template');
  });
});
