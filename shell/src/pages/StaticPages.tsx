import { Container, Heading, Stack, Text, usePageMeta, type PageMeta } from '@rampquote/web-kit';
import type { ReactNode } from 'react';

function StaticPage({ heading, meta, children }: { heading: string; meta: PageMeta; children: ReactNode }) {
  usePageMeta(meta);
  return (
    <Container maxW="4xl" py={{ base: '10', md: '16' }}>
      <Stack gap="5">
        <Heading as="h1" size="3xl">
          {heading}
        </Heading>
        {children}
      </Stack>
    </Container>
  );
}

export function FaqPage() {
  return (
    <StaticPage
      heading="Frequently Asked Questions"
      meta={{ title: 'FAQ', description: 'Answers to common questions about requesting and comparing FBO quotes on RampQuote.', path: '/faq' }}
    >
      <Text color="fg.muted">
        RampQuote sends one quote request for fuel, hangar space and ground handling to the FBOs you choose at an
        airport, and shows their answers side by side.
      </Text>
    </StaticPage>
  );
}

export function PrivacyPage() {
  return (
    <StaticPage
      heading="Privacy Policy"
      meta={{ title: 'Privacy Policy', description: 'How RampQuote handles your account and flight information.', path: '/privacy' }}
    >
      <Text color="fg.muted">Your flight information is shared only with the FBOs you select for a request.</Text>
    </StaticPage>
  );
}

export function TermsPage() {
  return (
    <StaticPage
      heading="Terms of Service"
      meta={{ title: 'Terms of Service', description: 'The terms for using RampQuote.', path: '/terms' }}
    >
      <Text color="fg.muted">
        Quotes are preliminary estimates, not guaranteed prices; always verify pricing with the FBO. RampQuote is not
        intended for people under 18.
      </Text>
    </StaticPage>
  );
}

export function SupportPage() {
  return (
    <StaticPage
      heading="Support"
      meta={{ title: 'Support', description: 'Get help with RampQuote.', path: '/support' }}
    >
      <Text color="fg.muted">Questions about a request or your account? We are here to help.</Text>
    </StaticPage>
  );
}
