import { Box, Card, Center, Container, Heading, HStack, Spinner, Stack, Text } from '@rampquote/web-kit';
import type { ReactNode } from 'react';

/**
 * The frame of every portal screen: full width on a phone (375 px and up), a readable column on larger screens.
 * `brand` adds the RampQuote line on the screens shown outside the site's header (the estimate page by link).
 */
export function PortalPage({ children, brand = false }: { children: ReactNode; brand?: boolean }) {
  return (
    <Box minH={brand ? '100vh' : undefined} py={{ base: '4', md: '8' }}>
      <Container maxW="3xl" px={{ base: '3', sm: '4', md: '6' }}>
        {brand ? (
          <HStack gap="2" mb="4" color="fg.muted" fontSize="sm">
            <Text fontWeight="bold" color="brand.fg" fontSize="md">
              RampQuote
            </Text>
            <Text aria-hidden="true">·</Text>
            <Text>FBO Portal</Text>
          </HStack>
        ) : null}
        {children}
      </Container>
    </Box>
  );
}

/** The loading state of a screen. */
export function LoadingScreen({ label }: { label: string }) {
  return (
    <Center py="20" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="brand.fg" />
        <Text color="fg.muted">{label}</Text>
      </Stack>
    </Center>
  );
}

/** A screen with one message: a title (h1), its text and optional actions or details. */
export function MessageScreen({
  title,
  text,
  children,
  tone = 'neutral',
}: {
  title: string;
  text: ReactNode;
  children?: ReactNode;
  tone?: 'neutral' | 'success' | 'warning';
}) {
  const accent = tone === 'success' ? 'fg.success' : tone === 'warning' ? 'fg.warning' : 'brand.solid';
  return (
    <Card.Root
      variant="outline"
      bg="bg.panel"
      borderInlineStartWidth="6px"
      borderInlineStartColor={accent}
      mt={{ base: '4', md: '10' }}
    >
      <Card.Body gap="4" p={{ base: '5', md: '8' }}>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {title}
        </Heading>
        <Text fontSize="lg">{text}</Text>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
