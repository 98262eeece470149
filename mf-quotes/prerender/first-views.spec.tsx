/** @jest-environment node */
import { firstViewsSchema, type FirstViews } from '@rampquote/contracts';
import { FIRST_VIEW_USER } from '@rampquote/web-kit/prerender/first-views';
import { expectEveryClassStyled } from '@rampquote/web-kit/testing/first-view-styles';
import { renderFirstViews } from './first-views';

describe("the quote pages' first views, prerendered at build time", () => {
  let views: FirstViews;
  beforeAll(async () => {
    views = await renderFirstViews();
  });

  it('are the file the gateway reads, for My Quotes and the Request for Quote form, shown to someone signed in', () => {
    expect(firstViewsSchema.parse(views)).toEqual(views);
    expect(Object.keys(views.pages).sort()).toEqual(['/history', '/rfi-form']);
    expect(views.pages['/history'].audience).toBe('signed-in');
    expect(views.pages['/rfi-form'].audience).toBe('signed-in');
  });

  it("show My Quotes as every user first sees it: heading, New Quote, the search, the list loading; nobody's data", () => {
    const { markup, styles } = views.pages['/history'];
    expect(markup).toMatch(/<h1[^>]*>My Quotes<\/h1>/);
    expect(markup).toContain('View and manage your FBO quote requests');
    expect(markup).toMatch(/<a[^>]*href="\/rfi-form"[^>]*>New Quote<\/a>/);
    expect(markup).toMatch(/<input[^>]*aria-label="Search requests"/);
    expect(markup).toContain('aria-label="Loading quote requests"');
    for (const own of [FIRST_VIEW_USER.email, FIRST_VIEW_USER.firstName, FIRST_VIEW_USER.lastName, 'RQ-'])
      expect(markup).not.toContain(own);
    expectEveryClassStyled(markup, styles);
  });

  it("show the Request for Quote form as every user first sees it: heading, introduction, the fields loading; nobody's data", () => {
    const { markup, styles } = views.pages['/rfi-form'];
    expect(markup).toMatch(/<h1[^>]*>Request for Quote<\/h1>/);
    expect(markup).toContain(
      'Ask the FBOs at your destination for fuel, hangar and ground-service prices in one request.',
    );
    expect(markup).toContain('aria-label="Loading"');
    expect(markup).not.toContain('<form');
    for (const own of [FIRST_VIEW_USER.email, FIRST_VIEW_USER.firstName, FIRST_VIEW_USER.lastName, 'Amend'])
      expect(markup).not.toContain(own);
    expectEveryClassStyled(markup, styles);
  });
});
