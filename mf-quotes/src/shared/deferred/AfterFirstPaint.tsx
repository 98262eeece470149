import { Box } from '@rampquote/web-kit';
import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * False on the first render, true soon after (once `ready`): a page renders what a phone's screen shows first and
 * the rest in a transition, which React renders in slices short enough to let the browser paint and answer input
 * in between. Once true it stays true.
 */
export function useShownAfterFirstPaint(ready = true): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (ready) startTransition(() => setShown(true));
  }, [ready]);
  return shown;
}

/**
 * A screen-high space where content will render: what follows (the footer) stays below the screen, so nothing in
 * view moves when the content arrives.
 */
export function SpaceForContent({ children }: { children?: ReactNode }) {
  return (
    <Box minH="100vh" data-testid="rendering-soon">
      {children}
    </Box>
  );
}

/** Renders its children just after the first paint (see useShownAfterFirstPaint), a SpaceForContent until then. */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useShownAfterFirstPaint() ? children : <SpaceForContent />;
}
