import { render } from '@testing-library/react';
import { usePageMeta } from './usePageMeta';

function meta(selector: string): string | null {
  return document.head.querySelector(selector)?.getAttribute('content') ?? null;
}

function Page() {
  usePageMeta({ title: 'Compare FBO quotes', description: 'One request, many FBOs.', path: '/faq' });
  return null;
}

describe('usePageMeta', () => {
  it('sets the title, the description and every social sharing tag of spec section 2', () => {
    render(<Page />);
    const origin = window.location.origin;
    expect(document.title).toBe('Compare FBO quotes | RampQuote');
    expect(meta('meta[name="description"]')).toBe('One request, many FBOs.');
    expect(meta('meta[property="og:type"]')).toBe('website');
    expect(meta('meta[property="og:url"]')).toBe(`${origin}/faq`);
    expect(meta('meta[property="og:title"]')).toBe('Compare FBO quotes | RampQuote');
    expect(meta('meta[property="og:description"]')).toBe('One request, many FBOs.');
    expect(meta('meta[property="og:image"]')).toBe(`${origin}/social-card.png`);
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(meta('meta[name="twitter:title"]')).toBe('Compare FBO quotes | RampQuote');
    expect(meta('meta[name="twitter:description"]')).toBe('One request, many FBOs.');
    expect(meta('meta[name="twitter:image"]')).toBe(`${origin}/social-card.png`);
  });

  it('updates the existing tags instead of adding duplicates', () => {
    render(<Page />);
    render(<Page />);
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
  });
});
