import { Box, Button, Heading, HStack, Link, RouterLink, Skeleton, Stack, Text } from '@rampquote/web-kit';
import { useBillingPaymentMethodsQuery } from '../../shared/billing-api';
import { PaymentMethodList } from '../../shared/components/PaymentMethodList';
import { TestModeBanner } from '../../shared/components/TestModeBanner';

/**
 * The Billing Preferences tab's panel (spec section 2): links to /billing and /subscription, and the legacy
 * payment-methods block — the saved cards, read-only (they are changed on /billing); the test-mode banner.
 */
export function BillingTab() {
  const { data: methods, isLoading, isError, refetch } = useBillingPaymentMethodsQuery();
  return (
    <Stack gap="6">
      <TestModeBanner />
      <Stack gap="3">
        <Text>Manage your saved cards and your subscription.</Text>
        <HStack gap="6" wrap="wrap">
          <Link asChild color="brand.fg">
            <RouterLink to="/billing">Payment methods</RouterLink>
          </Link>
          <Link asChild color="brand.fg">
            <RouterLink to="/subscription">Subscription</RouterLink>
          </Link>
        </HStack>
      </Stack>

      <Stack as="section" aria-labelledby="account-cards-heading" gap="3">
        <Heading as="h2" size="md" id="account-cards-heading">
          Saved Cards
        </Heading>
        {isLoading ? <Skeleton height="16" role="status" aria-label="Loading saved cards" /> : null}
        {isError ? (
          <HStack role="alert" gap="3" wrap="wrap">
            <Text color="fg.error">Your saved cards could not be loaded.</Text>
            <Button size="sm" variant="outline" onClick={() => void refetch()}>
              Try again
            </Button>
          </HStack>
        ) : null}
        {methods && methods.length === 0 ? (
          <Box borderWidth="1px" borderRadius="l2" p="4">
            <Text color="fg.muted">No saved cards. Add one on the billing page.</Text>
          </Box>
        ) : null}
        {methods && methods.length > 0 ? <PaymentMethodList methods={methods} label="Saved cards" /> : null}
      </Stack>
    </Stack>
  );
}
