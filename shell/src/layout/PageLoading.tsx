import { Center, Spinner, VisuallyHidden } from '@rampquote/web-kit';

/** Suspense fallback while a page (or a remote) loads. */
export function PageLoading() {
  return (
    <Center minH="50vh" role="status">
      <Spinner size="lg" color="brand.solid" />
      <VisuallyHidden>Loading…</VisuallyHidden>
    </Center>
  );
}
