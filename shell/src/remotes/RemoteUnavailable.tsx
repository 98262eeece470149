import { Button, Container, Heading, Stack, Text, usePageMeta } from '@rampquote/web-kit';

export const REMOTE_UNAVAILABLE_HEADING = 'This part of RampQuote is temporarily unavailable';

/** Shown in a remote's area when it cannot be loaded; the header, footer and other pages keep working. */
export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  usePageMeta({ title: 'Temporarily unavailable', description: REMOTE_UNAVAILABLE_HEADING });
  return (
    <Container maxW="3xl" py={{ base: '12', md: '20' }}>
      <Stack role="alert" gap="4" align="flex-start" bg="bg.panel" borderWidth="1px" borderColor="border.emphasized" borderRadius="l3" p="8">
        <Heading as="h1" size="xl">
          {REMOTE_UNAVAILABLE_HEADING}
        </Heading>
        <Text color="fg.muted">
          We could not load this page. Please check your connection and try again in a moment; the rest of the site
          still works.
        </Text>
        <Button colorPalette="brand" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Container>
  );
}
