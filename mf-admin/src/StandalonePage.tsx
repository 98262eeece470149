import { Box, Container, Heading, Stack, Text, usePageMeta } from '@rampquote/web-kit';

/** The standalone page until this bundle's screens exist. */
export function StandalonePage() {
  usePageMeta({ title: 'RampQuote Admin', description: 'Airport data and beta invitations.' });
  return (
    <Box as="main" minH="100vh" py="20">
      <Container maxW="3xl">
        <Stack gap="4">
          <Heading as="h1" size="3xl">
            RampQuote Admin
          </Heading>
          <Text color="fg.muted">Airport data and beta invitations.</Text>
        </Stack>
      </Container>
    </Box>
  );
}
