import { PLANS, type SubscriptionDto } from '@rampquote/contracts';
import { Button, Card, chakra, Heading, HStack, Stack, Text } from '@rampquote/web-kit';
import type { ReactNode } from 'react';
import { formatDate, subscriptionStatusLabel } from '../../../shared/billing-format';

const Dl = chakra('dl');
const Dt = chakra('dt');
const Dd = chakra('dd');

interface Props {
  subscription: SubscriptionDto;
  /** Keeping the current plan (dropping a scheduled downgrade) is under way. */
  keeping?: boolean;
  disabled?: boolean;
  onCancel: () => void;
  /** Drops a scheduled downgrade. */
  onKeep?: () => void;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Dt color="fg.muted">{term}</Dt>
      <Dd m="0" fontWeight="medium">
        {children}
      </Dd>
    </>
  );
}

/**
 * The current subscription: plan, status, auto-renew Yes/No and the period end (spec section 4), and a downgrade
 * waiting for the period end with the date it applies.
 */
export function CurrentSubscription({ subscription, keeping = false, disabled = false, onCancel, onKeep }: Props) {
  const periodEnd = formatDate(subscription.currentPeriodEnd);
  const scheduled = subscription.scheduledPlanId ? PLANS[subscription.scheduledPlanId] : null;
  const changeOn = formatDate(subscription.scheduledChangeAt ?? subscription.currentPeriodEnd);
  return (
    <Card.Root as="section" aria-labelledby="current-subscription-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="current-subscription-heading">
          Current Subscription
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Dl display="grid" gridTemplateColumns="max-content 1fr" columnGap="6" rowGap="2">
            <Row term="Plan">{subscription.planName}</Row>
            <Row term="Status">{subscriptionStatusLabel(subscription.status)}</Row>
            <Row term="Auto-renew">{subscription.cancelAtPeriodEnd ? 'No' : 'Yes'}</Row>
            <Row term={subscription.cancelAtPeriodEnd ? 'Access until' : 'Renews on'}>{periodEnd}</Row>
            {scheduled ? (
              <Row term="Scheduled change">
                {scheduled.name} on {changeOn}
              </Row>
            ) : null}
          </Dl>
          {scheduled ? (
            <Text color="fg.muted" fontSize="sm">
              Your plan changes to {scheduled.name} at the end of the period on {changeOn}; you keep{' '}
              {subscription.planName} until then.
            </Text>
          ) : null}
          {subscription.cancelAtPeriodEnd ? (
            <Text color="fg.muted" fontSize="sm">
              Your subscription is cancelled and will not renew. You keep access until {periodEnd}; choosing a plan
              below turns auto-renew back on.
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
      {subscription.cancelAtPeriodEnd ? null : (
        <Card.Footer>
          <HStack gap="3" wrap="wrap">
            {scheduled && onKeep ? (
              <Button variant="outline" colorPalette="brand" loading={keeping} disabled={disabled} onClick={onKeep}>
                Keep {subscription.planName}
              </Button>
            ) : null}
            <Button variant="outline" colorPalette="red" onClick={onCancel}>
              Cancel Subscription
            </Button>
          </HStack>
        </Card.Footer>
      )}
    </Card.Root>
  );
}
