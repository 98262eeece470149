import { Button, Container, Heading, Stack, Text, usePageMeta } from '@rampquote/web-kit';

export const REMOTE_UNAVAILABLE_HEADING = 'This part of RampQuote is temporarily unavailable';
export const REMOTE_OUTDATED_HEADING = 'This part of RampQuote is being updated';

const TEXT = {
  unreachable: {
    title: 'Temporarily unavailable',
    heading: REMOTE_UNAVAILABLE_HEADING,
    body: 'We could not load this page. Please check your connection and try again in a moment; the rest of the site still works.',
  },
  outdated: {
    title: 'Being updated',
    heading: REMOTE_OUTDATED_HEADING,
    body: 'This page was built for a different version of RampQuote and cannot open until its update arrives. Please try again in a few minutes; the rest of the site still works.',
  },
};

/**
 * Shown in a remote's area when it cannot be loaded (`unreachable`) or was built for other versions of the shared
 * libraries (`outdated`); the header, footer and other pages keep working.
 */
export function RemoteUnavailable({
  onRetry,
  reason = 'unreachable',
}: {
  onRetry: () => void;
  reason?: 'unreachable' | 'outdated';
}) {
  const text = TEXT[reason];
  usePageMeta({ title: text.title, description: text.heading });
  return (
    <Container maxW="3xl" py={{ base: '12', md: '20' }}>
      <Stack
        role="alert"
        gap="4"
        align="flex-start"
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border.emphasized"
        borderRadius="l3"
        p="8"
      >
        <Heading as="h1" size="xl">
          {text.heading}
        </Heading>
        <Text color="fg.muted">{text.body}</Text>
        <Button colorPalette="brand" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Container>
  );
}
