import { Box, Card, Heading, SimpleGrid, Stack, Text } from '@rampquote/web-kit';
import { StaticPage } from '../../layout/StaticPage';
import { SupportForm } from './SupportForm';

/** The five quick-answer cards of the support page (quote-workflow spec section 2). */
export const SUPPORT_FAQ_CARDS: readonly { title: string; text: string }[] = [
  {
    title: 'How do I request a quote?',
    text: 'Open New Quote, fill in your aircraft, destination airport, times and the services you need, pick the FBOs that should receive it, review and submit. One request reaches every FBO you selected.',
  },
  {
    title: 'How do I add an aircraft?',
    text: 'Go to Account > Aircraft tab > Add Aircraft. Add as many aircraft profiles as you like; if your model is not listed, enter it manually on the New Aircraft page.',
  },
  {
    title: 'How long do responses take?',
    text: 'Most quotes arrive within 2-24 hours, and we e-mail you when they do; many FBOs answer within 1-3 hours.',
  },
  {
    title: 'What does it cost?',
    text: 'RampQuote is in a limited beta and a trial is planned: create an account to register your interest. Membership tiers are planned: entry-level, Pro and Enterprise.',
  },
  {
    title: 'How do I become an FBO partner?',
    text: 'Send us a message with this form, choosing a subject such as "FBO partnership", and our partnership team will contact you.',
  },
];

export function SupportPage() {
  return (
    <StaticPage
      heading="Support"
      lead="Questions about a request, your account or a partnership? Send us a message and we will respond as soon as possible."
      meta={{
        title: 'Support',
        description: 'Contact RampQuote support and find quick answers about quotes, aircraft and pricing.',
        path: '/support',
      }}
    >
      <Box
        as="section"
        aria-labelledby="support-form-heading"
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border"
        borderRadius="l3"
        p={{ base: '5', md: '8' }}
      >
        <Heading as="h2" id="support-form-heading" size="xl" mb="5">
          Contact Us
        </Heading>
        <SupportForm />
      </Box>

      <Stack as="section" aria-labelledby="support-faq-heading" gap="5">
        <Heading as="h2" id="support-faq-heading" size="xl">
          Quick answers
        </Heading>
        <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap="5" listStyleType="none" p="0" m="0">
          {SUPPORT_FAQ_CARDS.map((card) => (
            <Card.Root as="li" key={card.title} bg="bg.panel" borderColor="border" variant="outline">
              <Card.Body gap="2">
                <Heading as="h3" size="md">
                  {card.title}
                </Heading>
                <Text color="fg.muted">{card.text}</Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Stack>
    </StaticPage>
  );
}
