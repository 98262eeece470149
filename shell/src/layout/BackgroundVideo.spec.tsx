import { act, render, screen } from '@testing-library/react';
import { createAppStore, WebKitProvider } from '@rampquote/web-kit';
import { BackgroundVideo, REDUCED_MOTION_QUERY } from './BackgroundVideo';

function renderBackground() {
  return render(
    <WebKitProvider store={createAppStore()}>
      <BackgroundVideo />
    </WebKitProvider>,
  );
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
  setHidden(false);
  jest.clearAllMocks();
});

describe('background video', () => {
  it('is a muted, looping, inline video hidden from assistive technology', () => {
    renderBackground();
    const video = screen.getByTestId('background-video') as HTMLVideoElement;
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('poster');
    expect(video.querySelectorAll('source')).toHaveLength(2);
    expect(screen.getByTestId('page-background')).toHaveAttribute('aria-hidden', 'true');
  });

  it('pauses while the tab is hidden and plays again when it is visible', () => {
    renderBackground();
    const video = screen.getByTestId('background-video') as HTMLVideoElement;
    const play = jest.mocked(video.play);
    const pause = jest.mocked(video.pause);
    play.mockClear();
    setHidden(true);
    expect(pause).toHaveBeenCalledTimes(1);
    expect(play).not.toHaveBeenCalled();
    setHidden(false);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('shows the still image instead of the video to users who prefer reduced motion', () => {
    window.matchMedia = ((query: string) => ({
      matches: query === REDUCED_MOTION_QUERY,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    renderBackground();
    expect(screen.queryByTestId('background-video')).not.toBeInTheDocument();
    expect(screen.getByTestId('background-still')).toHaveAttribute('alt', '');
  });
});
