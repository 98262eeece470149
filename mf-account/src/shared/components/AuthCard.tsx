import { Box, Container } from '@rampquote/web-kit';
import type { ReactNode } from 'react';

/** The panel login and register sit in. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Container maxW="lg" py={{ base: '10', md: '16' }}>
      <Box
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border"
        borderRadius="l3"
        p={{ base: '6', md: '10' }}
        boxShadow="lg"
      >
        {children}
      </Box>
    </Container>
  );
}
