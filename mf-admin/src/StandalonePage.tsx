import { Box, Button, Center, Container, Heading, PageErrorBoundary, Spinner, Stack, Text } from '@rampquote/web-kit';
import { lazy, Suspense } from 'react';
import { AdminGuard } from './app/AdminGuard';

const AdminDashboardPage = lazy(() =>
  import('./app/AdminDashboardPage').then((m) => ({ default: m.AdminDashboardPage })),
);

/** The standalone page (the admin host's own root, http://localhost:3104/ under npm start): the same dashboard; visitors and non-admins leave for the site. */
export function StandalonePage() {
  return (
    <AdminGuard hardRedirect>
      <PageErrorBoundary fallback={(retry) => <DashboardNotLoaded onRetry={retry} />}>
        <Suspense
          fallback={
            <Center py="20">
              <Spinner aria-label="Loading" />
            </Center>
          }
        >
          {/* The page's one main landmark (in the shell, the shell's layout holds it). */}
          <Box as="main">
            <AdminDashboardPage />
          </Box>
        </Suspense>
      </PageErrorBoundary>
    </AdminGuard>
  );
}

const DASHBOARD_NOT_LOADED = 'The Admin Dashboard could not be loaded';

/** Instead of a blank page when the dashboard's code could not be fetched (a lost connection). */
function DashboardNotLoaded({ onRetry }: { onRetry: () => void }) {
  return (
    <Container maxW="3xl" py="20">
      <Stack role="alert" gap="4" align="flex-start">
        <Heading as="h1" size="xl">
          {DASHBOARD_NOT_LOADED}
        </Heading>
        <Text color="fg.muted">Check your connection and try again.</Text>
        <Button colorPalette="brand" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Container>
  );
}
