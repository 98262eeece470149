/** @jest-environment node */
import { useSession } from '../session/useSession';
import { FIRST_VIEW_USER, renderFirstViews } from './first-views';

function WhoIsThere() {
  const { status } = useSession();
  return <p className="who">{status}</p>;
}

describe("a remote's first views", () => {
  it("render each page with the session its audience has, and leave nothing running (the build's process ends)", async () => {
    jest.useFakeTimers();
    const views = await renderFirstViews({
      '/login': { element: <WhoIsThere />, audience: 'visitor' },
      '/history': { element: <WhoIsThere />, audience: 'signed-in' },
    });
    expect(views.pages['/login']).toEqual({ styles: '', markup: '<p class="who">anonymous</p>', audience: 'visitor' });
    expect(views.pages['/history'].markup).toBe('<p class="who">authenticated</p>');
    expect(views.pages['/history'].markup).not.toContain(FIRST_VIEW_USER.email);
    // Nothing left for longer than a moment: the api's cache would otherwise keep the build's process for minutes.
    jest.advanceTimersByTime(1_000);
    expect(jest.getTimerCount()).toBe(0);
    jest.useRealTimers();
  });
});
