import { Box, Button, Heading, RouterLink, Stack, Text } from '@rampquote/web-kit';
import { StaticPage } from '../../layout/StaticPage';
import { FAQ_ENTRIES } from './faq-entries';

export function FaqPage() {
  return (
    <StaticPage
      heading="Frequently Asked Questions"
      lead="How RampQuote gets you quotes for fuel, hangar space and ground handling from the FBOs you choose."
      meta={{
        title: 'FAQ',
        description: 'Answers to common questions about requesting and comparing FBO quotes on RampQuote.',
        path: '/faq',
      }}
    >
      <Stack gap="4">
        {FAQ_ENTRIES.map((entry) => (
          <Box
            key={entry.question}
            bg="bg.panel"
            borderWidth="1px"
            borderColor="border"
            borderRadius="l3"
            p={{ base: '5', md: '6' }}
          >
            <Heading as="h2" size="lg" mb="2">
              {entry.question}
            </Heading>
            <Stack gap="2" color="fg.muted">
              {entry.answer.map((paragraph) => (
                <Text key={paragraph}>{paragraph}</Text>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>

      <Stack
        as="section"
        aria-labelledby="faq-more-heading"
        align={{ base: 'flex-start', md: 'center' }}
        textAlign={{ base: 'start', md: 'center' }}
        gap="4"
        bg="bg.muted"
        borderWidth="1px"
        borderColor="border.emphasized"
        borderRadius="l3"
        px="6"
        py="8"
      >
        <Heading as="h2" id="faq-more-heading" size="xl">
          Still have questions?
        </Heading>
        <Text color="fg.muted">Our team answers every message. Tell us what you need and we will get back to you.</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/support">Contact Support</RouterLink>
        </Button>
      </Stack>
    </StaticPage>
  );
}
