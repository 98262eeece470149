import { cacheControlFor } from './static-hosting';

describe('cacheControlFor', () => {
  it('revalidates the entry points every time', () => {
    for (const file of ['/w/shell/dist/index.html', '/w/mf-account/dist/mf-manifest.json', '/w/mf-account/dist/remoteEntry.js']) {
      expect(cacheControlFor(file)).toBe('no-cache');
    }
  });
  it('caches content-hashed files for a year', () => {
    expect(cacheControlFor('/w/shell/dist/main.3f9a1c2b.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/w/mf-quotes/dist/412.0a1b2c3d.css')).toBe('public, max-age=31536000, immutable');
  });
  it('revalidates files without a hash', () => {
    expect(cacheControlFor('/w/shell/dist/favicon.ico')).toBe('no-cache');
    expect(cacheControlFor('/w/shell/dist/hero.jpg')).toBe('no-cache');
  });
});
