import { Container, Heading, SimpleGrid, Stack, Text, usePageMeta } from '@rampquote/web-kit';
import { AirportImportCard } from '../features/airport-import/AirportImportCard';
import { FboDirectoryCard } from '../features/fbo-directory/FboDirectoryCard';
import { InvitesCard } from '../features/invites/InvitesCard';
import { VideoBackgroundCard } from '../features/video-background/VideoBackgroundCard';

/** The /admin page (app layer: composes the features' cards). "Admin Dashboard": airport import, beta invitations, FBO directory, the video card marked coming soon. */
export function AdminDashboardPage() {
  usePageMeta({
    title: 'Admin Dashboard',
    description: 'Airport data, beta invitations and the FBO directory.',
    path: '/admin',
  });
  return (
    <Container maxW="5xl" py="10">
      <Stack gap="8">
        <Stack gap="1">
          <Heading as="h1" size="3xl">
            Admin Dashboard
          </Heading>
          <Text color="fg.muted">Airport data, beta invitations and the FBO directory.</Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
          <AirportImportCard />
          <InvitesCard />
        </SimpleGrid>
        <FboDirectoryCard />
        <VideoBackgroundCard />
      </Stack>
    </Container>
  );
}
