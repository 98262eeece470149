import { Box, Container, Flex, HStack, Link, Text } from '@rampquote/web-kit';

const FOOTER_LINKS = [
  { href: '/terms', label: 'Terms' },
  { href: '/privacy', label: 'Privacy' },
  { href: '/support', label: 'Support' },
];

/** Page footer: each link opens in a new tab (spec section 2). */
export function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" borderColor="border" bg="bg.panel" mt="auto">
      <Container maxW="6xl" py="6">
        <Flex
          direction={{ base: 'column', md: 'row' }}
          gap="3"
          justify="space-between"
          align={{ base: 'flex-start', md: 'center' }}
        >
          <Text color="fg.muted" fontSize="sm">
            © {new Date().getFullYear()} RampQuote. Quotes are preliminary estimates; confirm pricing with the FBO.
          </Text>
          <HStack as="nav" aria-label="Legal and support" gap="5">
            {FOOTER_LINKS.map((link) => (
              <Link key={link.href} href={link.href} target="_blank" rel="noopener noreferrer" color="fg" fontSize="sm">
                {link.label}
              </Link>
            ))}
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
