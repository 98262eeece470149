import { Container, Heading, Stack, Text, usePageMeta, type PageMeta } from '@rampquote/web-kit';
import type { ReactNode } from 'react';

/** The frame of the shell's text pages: page meta, a level-1 heading, an optional lead, the 5xl container. */
export function StaticPage({
  heading,
  lead,
  meta,
  children,
}: {
  heading: string;
  lead?: ReactNode;
  meta: PageMeta;
  children: ReactNode;
}) {
  usePageMeta(meta);
  return (
    <Container maxW="5xl" py={{ base: '10', md: '16' }}>
      <Stack gap="8">
        <Stack gap="3">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {heading}
          </Heading>
          {lead ? (
            <Text color="fg.muted" fontSize="lg">
              {lead}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
