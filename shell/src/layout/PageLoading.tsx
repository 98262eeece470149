import { FIRST_VIEW_ATTRIBUTE } from '@rampquote/contracts';
import { Center, Spinner, VisuallyHidden } from '@rampquote/web-kit';
import { useFirstView } from './first-view';

/** Suspense fallback while a page (or a remote) loads: the page's first view while it stands in for the page. */
export function PageLoading() {
  const firstView = useFirstView();
  if (firstView !== null)
    return (
      <div
        {...{ [FIRST_VIEW_ATTRIBUTE]: '' }}
        inert
        aria-hidden="true"
        dangerouslySetInnerHTML={{ __html: firstView }}
      />
    );
  return (
    <Center minH="50vh" role="status">
      <Spinner size="lg" color="brand.solid" />
      <VisuallyHidden>Loading…</VisuallyHidden>
    </Center>
  );
}
