import { Button, Card, Heading, RouterLink, Skeleton, Stack, Text } from '@rampquote/web-kit';
import { useSubscriptionCurrentQuery } from '../../../shared/billing-api';
import { formatDate, subscriptionStatusLabel } from '../../../shared/billing-format';

/** The subscription summary of /billing, with a button to /subscription (spec section 2). */
export function SubscriptionSummary() {
  const { data, isLoading, isError } = useSubscriptionCurrentQuery();
  const subscription = data?.subscription ?? null;
  return (
    <Stack as="section" aria-labelledby="billing-subscription-heading" gap="4">
      <Heading as="h2" size="lg" id="billing-subscription-heading">
        Subscription
      </Heading>
      <Card.Root>
        <Card.Body gap="2">
          {isLoading ? <Skeleton height="10" role="status" aria-label="Loading subscription" /> : null}
          {isError ? <Text color="fg.error">Your subscription could not be loaded.</Text> : null}
          {data && !subscription ? <Text>You have no active subscription.</Text> : null}
          {subscription ? (
            <>
              <Text>
                <Text as="span" fontWeight="semibold">
                  {subscription.planName}
                </Text>{' '}
                plan · {subscriptionStatusLabel(subscription.status)}
              </Text>
              <Text color="fg.muted" fontSize="sm">
                {subscription.cancelAtPeriodEnd
                  ? `Cancelled: access until ${formatDate(subscription.currentPeriodEnd)}`
                  : `Renews on ${formatDate(subscription.currentPeriodEnd)}`}
              </Text>
            </>
          ) : null}
        </Card.Body>
        <Card.Footer>
          <Button asChild colorPalette="brand" variant="outline">
            <RouterLink to="/subscription">{subscription ? 'Manage Subscription' : 'View Plans'}</RouterLink>
          </Button>
        </Card.Footer>
      </Card.Root>
    </Stack>
  );
}
