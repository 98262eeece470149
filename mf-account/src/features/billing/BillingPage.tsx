import { Container, Heading, Stack, Text, usePageMeta } from '@rampquote/web-kit';
import { RequireSignIn } from '../../shared/components/RequireSignIn';
import { BillingHistory } from './components/BillingHistory';
import { PaymentMethodsSection } from './components/PaymentMethodsSection';
import { SubscriptionSummary } from './components/SubscriptionSummary';
import { TestModeBanner } from '../../shared/components/TestModeBanner';

/** /billing (spec section 2): saved cards, the subscription summary and the billing history. Signed-in users only. */
export function BillingPage() {
  usePageMeta({ title: 'Billing', description: 'Your saved cards and subscription on RampQuote.', path: '/billing' });
  return (
    <RequireSignIn>
      <Container maxW="5xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
        <Stack gap="2" mb="8">
          <Heading as="h1" size="2xl">
            Billing
          </Heading>
          <Text color="fg.muted">Manage your payment methods, subscription and receipts.</Text>
        </Stack>
        <Stack gap="10">
          <TestModeBanner />
          <PaymentMethodsSection />
          <SubscriptionSummary />
          <BillingHistory />
        </Stack>
      </Container>
    </RequireSignIn>
  );
}
