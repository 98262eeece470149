import { FIRST_VIEW_ATTRIBUTE } from '@rampquote/contracts';
import { useLocation } from '@rampquote/web-kit';
import { useLayoutEffect } from 'react';

/**
 * A page that arrives with its first view (the gateway put a remote's prerendered page area into the shell's frame,
 * `FIRST_VIEW_SLOT`) keeps showing it, inert, wherever the shell would show its loading spinner, until the page has
 * rendered itself: no spinner between the two, nothing shifts.
 */
interface PendingView {
  path: string;
  markup: string;
}

let pending: PendingView | null = null;
let shown = 0;

/**
 * The first view in `container` (the shell's #root, before React renders into it), kept for its path. Returns
 * whether there was one: such a page is rendered anew (createRoot), not hydrated, as the frame is no page's markup.
 */
export function takeFirstView(container: Element, path: string): boolean {
  const area = container.querySelector(`[${FIRST_VIEW_ATTRIBUTE}]`);
  if (!area) return false;
  pending = { path, markup: area.innerHTML };
  return true;
}

/** The markup to show instead of the loading spinner at the current path, if the page's first view still stands in. */
export function useFirstView(): string | null {
  const { pathname } = useLocation();
  const view = pending?.path === pathname ? pending : null;
  useLayoutEffect(() => {
    if (!view) return undefined;
    shown += 1;
    return () => {
      shown -= 1;
      // A loading spinner gone with none in its place (after the same commit's new ones mounted): the page is there.
      queueMicrotask(() => {
        if (shown === 0 && pending === view) pending = null;
      });
    };
  }, [view]);
  return view?.markup ?? null;
}

/** The build's frame: the page area left empty for the gateway to fill. */
export function renderingFrame(path: string) {
  pending = { path, markup: '' };
}
