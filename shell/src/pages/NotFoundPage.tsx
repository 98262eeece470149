import { Button, Container, Heading, RouterLink, Stack, Text, usePageMeta } from '@rampquote/web-kit';

export function NotFoundPage() {
  usePageMeta({ title: 'Page Not Found', description: 'The page you are looking for does not exist on RampQuote.' });
  return (
    <Container maxW="3xl" py={{ base: '16', md: '24' }}>
      <Stack gap="4" align="flex-start">
        <Heading as="h1" size="3xl">
          404 Page Not Found
        </Heading>
        <Text color="fg.muted">The page you are looking for does not exist or has moved.</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/">Back to the home page</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
