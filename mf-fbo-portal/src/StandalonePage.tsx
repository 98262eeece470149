import { Box, Container, Heading, Stack, Text, usePageMeta } from '@rampquote/web-kit';

/** The standalone page until this bundle's screens exist. */
export function StandalonePage() {
  usePageMeta({ title: 'RampQuote FBO Portal', description: 'Answer quote requests from pilots and flight departments.' });
  return (
    <Box as="main" minH="100vh" py="20">
      <Container maxW="3xl">
        <Stack gap="4">
          <Heading as="h1" size="3xl">
            RampQuote FBO Portal
          </Heading>
          <Text color="fg.muted">Answer quote requests from pilots and flight departments.</Text>
        </Stack>
      </Container>
    </Box>
  );
}
