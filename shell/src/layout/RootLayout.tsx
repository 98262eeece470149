import { applyPageMeta, Box, chakra, Flex, Outlet, PageErrorBoundary, useLocation } from '@rampquote/web-kit';
import { Suspense, useLayoutEffect } from 'react';
import { routeMetaFor } from '../meta/route-meta';
import { isOutsideChrome } from '../remotes/remote-registry';
import { BackgroundVideo } from './BackgroundVideo';
import { Footer } from './Footer';
import { Header } from './Header';
import { RemoteUnavailable } from '../remotes/RemoteUnavailable';
import { PageLoading } from './PageLoading';

export const MAIN_CONTENT_ID = 'main-content';

function SkipToContent() {
  return (
    <chakra.a
      href={`#${MAIN_CONTENT_ID}`}
      position="absolute"
      left="2"
      top="-20"
      zIndex="skipNav"
      bg="brand.solid"
      color="brand.contrast"
      px="4"
      py="2"
      borderRadius="l2"
      fontWeight="semibold"
      _focusVisible={{ top: '2', outline: '2px solid', outlineColor: 'fg', outlineOffset: '2px' }}
    >
      Skip to content
    </chakra.a>
  );
}

/**
 * The page around every route: skip link, header, main, footer — except the screens the spec shows outside
 * the chrome (password recovery, the FBO estimate page), which still get a main landmark.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  // Every route gets its meta, even one whose page sets none (or whose remote is down); a layout effect runs
  // before the pages' own usePageMeta effects, so theirs win.
  useLayoutEffect(() => {
    applyPageMeta(routeMetaFor(pathname));
  }, [pathname]);
  const content = (
    // A shell page that fails to load (or a remote area's failure outside its own boundary) shows the notice in the
    // chrome instead of a blank site; it goes when the user moves to another path.
    <PageErrorBoundary resetKey={pathname} fallback={(retry) => <RemoteUnavailable onRetry={retry} />}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
  if (isOutsideChrome(pathname)) {
    return (
      <>
        <BackgroundVideo />
        <SkipToContent />
        <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} minH="100vh" outline="none">
          {content}
        </Box>
      </>
    );
  }
  return (
    <Flex direction="column" minH="100vh">
      <BackgroundVideo />
      <SkipToContent />
      <Header />
      {/* At least a screen high: the footer starts below the fold, so a page still loading shows no footer that
          its content then pushes away (a layout shift, and the footer's text taken for the largest paint). */}
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} flex="1" minH="100vh" outline="none">
        {content}
      </Box>
      <Footer />
    </Flex>
  );
}
