import { cacheControlFor } from './static-hosting';

describe('cacheControlFor (the shell)', () => {
  it('revalidates the page and the entry script every time', () => {
    for (const file of ['/w/shell/dist/index.html', '/w/shell/dist/main.js', '/w/shell/dist/mf-manifest.json']) {
      expect(cacheControlFor(file)).toBe('no-cache');
    }
  });
  it('caches content-hashed files for a year', () => {
    expect(cacheControlFor('/w/shell/dist/main.3f9a1c2b.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/w/shell/dist/412.0a1b2c3d.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/w/shell/dist/assets/ramp-night.5c08ef9b.mp4')).toBe('public, max-age=31536000, immutable');
  });
  it('revalidates files without a hash', () => {
    expect(cacheControlFor('/w/shell/dist/favicon.svg')).toBe('no-cache');
    expect(cacheControlFor('/w/shell/dist/social-card.png')).toBe('no-cache');
  });
});
