/** @jest-environment node */
import { firstViewsSchema, type FirstViews } from '@rampquote/contracts';
import { expectEveryClassStyled } from '@rampquote/web-kit/testing/first-view-styles';
import { renderFirstViews } from './first-views';

describe("the account pages' first views, prerendered at build time", () => {
  let views: FirstViews;
  beforeAll(async () => {
    views = await renderFirstViews();
  });

  it('are the file the gateway reads, for /login alone, shown to visitors', () => {
    expect(firstViewsSchema.parse(views)).toEqual(views);
    expect(Object.keys(views.pages)).toEqual(['/login']);
    expect(views.pages['/login'].audience).toBe('visitor');
  });

  it("show the login page as a visitor first sees it: heading, fields, Log In, the links; nobody's e-mail", () => {
    const { markup } = views.pages['/login'];
    expect(markup).toMatch(/<h1[^>]*>Welcome Back<\/h1>/);
    expect(markup).toContain('Log in to request and compare FBO quotes.');
    const email = /<input[^>]*type="email"[^>]*>/.exec(markup)?.[0];
    expect(email).toContain('autoComplete="email"');
    expect(email).not.toContain('value=');
    expect(markup).toMatch(/<input[^>]*type="password"/);
    expect(markup).toContain('Remember me');
    expect(markup).toMatch(/<button[^>]*type="submit"[^>]*>Log In<\/button>/);
    expect(markup).toContain('href="/forgot-password"');
    expect(markup).toContain('href="/register"');
  });

  it('carry the styles of their own elements (one <style> element), not the global ones the frame has', () => {
    const { styles, markup } = views.pages['/login'];
    expect(styles).toMatch(/^<style data-emotion="css [^"]+" data-s="">[^<]+<\/style>$/);
    expect(markup).not.toContain('<style');
    expectEveryClassStyled(markup, styles);
    expect(styles).not.toContain('@layer reset');
  });
});
