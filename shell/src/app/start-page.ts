import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { FRAME_ATTRIBUTE } from './prerendered';

/**
 * Renders `page` into #root as a transition: React builds it in slices and gives the browser the main thread between
 * them, instead of one task of about a second on a slow phone that blocks every tap (Total Blocking Time).
 * The landing page arrives prerendered (home.html): React takes over its markup instead of building it again. Any
 * other page may arrive with the prerendered frame (frame.html), shown until React's first render replaces it.
 */
export function startPage(container: HTMLElement, page: ReactNode): Root {
  if (container.hasChildNodes() && !container.hasAttribute(FRAME_ATTRIBUTE)) {
    let root: Root | undefined;
    startTransition(() => {
      root = hydrateRoot(container, page);
    });
    return root!;
  }
  const root = createRoot(container);
  startTransition(() => root.render(page));
  return root;
}
