import { routeMetaFor } from './route-meta';

describe('route meta', () => {
  it("gives the remotes' routes a title and description", () => {
    expect(routeMetaFor('/history')).toMatchObject({ title: 'My Quotes', path: '/history' });
    expect(routeMetaFor('/quote-details/42').title).toBe('Quote Details');
    expect(routeMetaFor('/quote/fbo-1/abc').title).toBe('Submit Your Estimate');
    expect(routeMetaFor('/account/aircraft/new').title).toBe('My Account');
    expect(routeMetaFor('/admin').description).not.toBe('');
  });

  it('treats any other path as not found', () => {
    expect(routeMetaFor('/no-such-page')).toMatchObject({ title: 'Page Not Found', path: '/no-such-page' });
  });
});
