import { Box, chakra } from '@rampquote/web-kit';
import { useEffect, useState, useSyncExternalStore } from 'react';
import posterUrl from '../assets/background/ramp-night.jpg';
import mp4Url from '../assets/background/ramp-night.mp4';
import webmUrl from '../assets/background/ramp-night.webm';

/**
 * Navy veil over the video: with it the brightest pixel of the loop (the centre dash, rgb 150 170 205) becomes at
 * most about rgb 50 59 78, where fg.muted (#A9B8CE) still has 5.8:1 contrast and fg 9:1 (WCAG AA needs 4.5:1).
 */
export const BACKGROUND_VEIL_OPACITY = 0.7;

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Whether the user asked for reduced motion (kept current when the setting changes). While React takes over the
 * prerendered landing page it reads "no" as the prerender did (whose video CSS hides under reduced motion), then the
 * setting.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => mediaQuery()?.matches ?? false,
    () => false,
  );
}

function subscribeToReducedMotion(onChange: () => void) {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(REDUCED_MOTION_QUERY)
    : null;
}

/** Plays the video while the tab is visible and pauses it while the tab is hidden. */
function usePauseWhenHidden(video: HTMLVideoElement | null) {
  useEffect(() => {
    if (!video) return;
    const sync = () => {
      if (document.hidden) video.pause();
      else void video.play()?.catch(() => undefined);
    };
    document.addEventListener('visibilitychange', sync);
    sync();
    return () => document.removeEventListener('visibilitychange', sync);
  }, [video]);
}

/**
 * The looping background behind every screen (spec section 2): a muted, inline, generated night-ramp loop
 * (shell/scripts/make-background-media.sh), paused while the tab is hidden; users who prefer reduced motion get
 * the still image. Decorative: hidden from assistive technology, and kept dark under a navy veil so text on the
 * page keeps its contrast.
 */
export function BackgroundVideo() {
  const reducedMotion = usePrefersReducedMotion();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  usePauseWhenHidden(reducedMotion ? null : video);

  return (
    <Box
      aria-hidden="true"
      position="fixed"
      inset="0"
      zIndex="-1"
      overflow="hidden"
      pointerEvents="none"
      bg="bg"
      data-testid="page-background"
    >
      {reducedMotion ? (
        <chakra.img
          src={posterUrl}
          alt=""
          width="full"
          height="full"
          objectFit="cover"
          data-testid="background-still"
        />
      ) : (
        <chakra.video
          ref={setVideo}
          data-testid="background-video"
          autoPlay
          muted
          loop
          playsInline
          preload="auto"
          poster={posterUrl}
          tabIndex={-1}
          width="full"
          height="full"
          objectFit="cover"
          // The page prerendered at build time cannot know the preference: CSS keeps its video out of sight.
          _motionReduce={{ display: 'none' }}
        >
          <source src={webmUrl} type="video/webm" />
          <source src={mp4Url} type="video/mp4" />
        </chakra.video>
      )}
      <Box position="absolute" inset="0" bg="bg" opacity={BACKGROUND_VEIL_OPACITY} data-testid="background-veil" />
    </Box>
  );
}
