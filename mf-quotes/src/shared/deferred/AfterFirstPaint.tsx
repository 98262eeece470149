import { Box } from '@rampquote/web-kit';
import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * False on the first render, true soon after: a page renders what a phone's screen shows first and the rest in a
 * transition, which React renders in slices short enough to let the browser paint and answer input in between.
 */
export function useShownAfterFirstPaint(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown;
}

/**
 * Renders its children just after the first paint (see useShownAfterFirstPaint). Until then a screen-high space
 * keeps what follows (the footer) below the screen, so nothing in view moves when they arrive.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useShownAfterFirstPaint() ? children : <Box minH="100vh" data-testid="rendering-soon" />;
}
