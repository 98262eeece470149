import { decideCsrf, parseOrigin } from './csrf';

const SITE = new Set(['http://localhost:8080']);

describe('parseOrigin', () => {
  it('reduces a URL or an Origin value to scheme://host[:port]', () => {
    expect(parseOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(parseOrigin('http://localhost:8080/login?returnPath=/x#y')).toBe('http://localhost:8080');
    expect(parseOrigin('HTTPS://RampQuote.Example:443/path')).toBe('https://rampquote.example');
    expect(parseOrigin('http://example.com:80')).toBe('http://example.com');
  });
  it('keeps a non-default port, so another port is another origin', () => {
    expect(parseOrigin('http://localhost:3000/')).toBe('http://localhost:3000');
  });
  it('rejects null, empty, opaque and unparsable values', () => {
    expect(parseOrigin(undefined)).toBeUndefined();
    expect(parseOrigin('')).toBeUndefined();
    expect(parseOrigin('null')).toBeUndefined();
    expect(parseOrigin('not a url')).toBeUndefined();
    expect(parseOrigin('file:///etc/passwd')).toBeUndefined();
    expect(parseOrigin('data:text/html,hi')).toBeUndefined();
  });
});

describe('decideCsrf', () => {
  it('lets safe methods through whatever their origin', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(decideCsrf({ method, origin: 'https://evil.example' }, SITE).allowed).toBe(true);
    }
  });

  it('accepts a state change whose Origin is the site', () => {
    expect(decideCsrf({ method: 'POST', origin: 'http://localhost:8080' }, SITE)).toEqual({
      allowed: true,
      reason: 'origin',
    });
  });

  it('refuses POST, PUT, PATCH and DELETE from another origin', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'delete']) {
      expect(decideCsrf({ method, origin: 'https://evil.example' }, SITE)).toEqual({
        allowed: false,
        reason: 'cross-site-origin',
      });
    }
  });

  it('treats another port or scheme of the same host as cross-site', () => {
    expect(decideCsrf({ method: 'POST', origin: 'http://localhost:3000' }, SITE).allowed).toBe(false);
    expect(decideCsrf({ method: 'POST', origin: 'https://localhost:8080' }, SITE).allowed).toBe(false);
  });

  it('refuses Origin: null (sandboxed frames, some redirects)', () => {
    expect(decideCsrf({ method: 'POST', origin: 'null' }, SITE).allowed).toBe(false);
  });

  it('falls back to the Referer only when there is no Origin', () => {
    expect(decideCsrf({ method: 'POST', referer: 'http://localhost:8080/login' }, SITE)).toEqual({
      allowed: true,
      reason: 'referer',
    });
    expect(decideCsrf({ method: 'POST', referer: 'https://evil.example/page' }, SITE)).toEqual({
      allowed: false,
      reason: 'cross-site-referer',
    });
    // The Origin decides when both are present.
    expect(
      decideCsrf({ method: 'POST', origin: 'https://evil.example', referer: 'http://localhost:8080/' }, SITE).allowed,
    ).toBe(false);
  });

  it('accepts Sec-Fetch-Site: same-origin even without Origin', () => {
    expect(decideCsrf({ method: 'POST', secFetchSite: 'same-origin' }, SITE)).toEqual({
      allowed: true,
      reason: 'same-origin-fetch',
    });
  });

  it('refuses a browser request marked same-site or cross-site that carries no Origin or Referer', () => {
    expect(decideCsrf({ method: 'POST', secFetchSite: 'same-site' }, SITE)).toEqual({
      allowed: false,
      reason: 'cross-site-fetch',
    });
    expect(decideCsrf({ method: 'POST', secFetchSite: 'cross-site' }, SITE).allowed).toBe(false);
  });

  it('accepts a non-browser client that sends none of Origin, Referer, Sec-Fetch-Site', () => {
    expect(decideCsrf({ method: 'POST' }, SITE)).toEqual({ allowed: true, reason: 'non-browser' });
  });

  it('accepts every origin in the allowed set (PUBLIC_URL and the request host)', () => {
    const allowed = new Set(['https://rampquote.example', 'http://127.0.0.1:8080']);
    expect(decideCsrf({ method: 'POST', origin: 'https://rampquote.example' }, allowed).allowed).toBe(true);
    expect(decideCsrf({ method: 'POST', origin: 'http://127.0.0.1:8080' }, allowed).allowed).toBe(true);
  });
});
