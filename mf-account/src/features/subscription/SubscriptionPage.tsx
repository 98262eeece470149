import { BillingMessages, BillingToasts, PLAN_IDS, type PlanDto, type SubscriptionDto } from '@rampquote/contracts';
import {
  Alert,
  Button,
  Card,
  Container,
  Heading,
  HStack,
  Link,
  RouterLink,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  usePageMeta,
} from '@rampquote/web-kit';
import { useState } from 'react';
import {
  newIdempotencyKey,
  useBillingRecordQuery,
  useSubscriptionCancelMutation,
  useSubscriptionCreateMutation,
  useSubscriptionCurrentQuery,
  useSubscriptionPlansQuery,
  useSubscriptionSwitchMutation,
} from '../../shared/billing-api';
import { formatDate } from '../../shared/billing-format';
import { toastBillingFailure, toastBillingSuccess } from '../../shared/billing-toasts';
import { RequireSignIn } from '../../shared/components/RequireSignIn';
import { CancelSubscriptionDialog } from './components/CancelSubscriptionDialog';
import { CurrentSubscription } from './components/CurrentSubscription';
import { PlanCard, type PlanAction } from './components/PlanCard';

/** /subscription (spec sections 2 and 4): the plans, the current subscription, create, switch and cancel. */
export function SubscriptionPage() {
  usePageMeta({
    title: 'Subscription',
    description: 'Choose, change or cancel your RampQuote plan.',
    path: '/subscription',
  });
  return (
    <RequireSignIn>
      <Container maxW="5xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
        <Stack gap="2" mb="8">
          <Heading as="h1" size="2xl">
            Subscription
          </Heading>
          <Text color="fg.muted">
            Choose the plan that fits your flying. Your cards are on the{' '}
            <Link asChild color="brand.fg">
              <RouterLink to="/billing">billing page</RouterLink>
            </Link>
            .
          </Text>
        </Stack>
        <SubscriptionContent />
      </Container>
    </RequireSignIn>
  );
}

function SubscriptionContent() {
  const plans = useSubscriptionPlansQuery();
  const current = useSubscriptionCurrentQuery();
  const record = useBillingRecordQuery();
  const [create, { isLoading: creating, originalArgs: createArgs }] = useSubscriptionCreateMutation();
  const [switchPlan, { isLoading: switching, originalArgs: switchArgs }] = useSubscriptionSwitchMutation();
  const [cancel, { isLoading: cancelling }] = useSubscriptionCancelMutation();
  const [confirmingCancel, setConfirmingCancel] = useState<SubscriptionDto | null>(null);

  const subscription = current.data?.subscription ?? null;
  const busy = creating || switching || cancelling;
  const noCard = !subscription && record.data !== undefined && record.data.paymentMethods.length === 0;

  const onChoose = async (plan: PlanDto) => {
    const idempotencyKey = newIdempotencyKey();
    if (!subscription) {
      try {
        await create({ planId: plan.id, idempotencyKey }).unwrap();
        toastBillingSuccess(BillingToasts.subscriptionCreated);
      } catch (error) {
        toastBillingFailure('createSubscriptionFailed', error);
      }
      return;
    }
    try {
      await switchPlan({ subscriptionId: subscription.id, planId: plan.id, idempotencyKey }).unwrap();
      toastBillingSuccess(BillingToasts.subscriptionUpdated);
    } catch (error) {
      toastBillingFailure('updateSubscriptionFailed', error);
    }
  };

  const onCancel = async (s: SubscriptionDto) => {
    try {
      const cancelled = await cancel({ subscriptionId: s.id, idempotencyKey: newIdempotencyKey() }).unwrap();
      setConfirmingCancel(null);
      toastBillingSuccess(BillingToasts.subscriptionCancelled(formatDate(cancelled.currentPeriodEnd)));
    } catch (error) {
      toastBillingFailure('cancelSubscriptionFailed', error);
    }
  };

  const actionFor = (plan: PlanDto): PlanAction =>
    !subscription ? 'subscribe' : subscription.planId === plan.id ? 'current' : 'switch';
  const pending = creating ? createArgs?.planId : switching ? switchArgs?.planId : undefined;
  const planMap = plans.data;
  const planList = planMap ? PLAN_IDS.map((id) => planMap[id]).filter((p): p is PlanDto => Boolean(p)) : [];

  return (
    <Stack gap="8">
      {current.isLoading ? <Skeleton height="24" role="status" aria-label="Loading your subscription" /> : null}
      {current.isError ? (
        <HStack role="alert" gap="3" wrap="wrap">
          <Text color="fg.error">Your subscription could not be loaded.</Text>
          <Button size="sm" variant="outline" onClick={() => void current.refetch()}>
            Try again
          </Button>
        </HStack>
      ) : null}
      {subscription ? (
        <CurrentSubscription subscription={subscription} onCancel={() => setConfirmingCancel(subscription)} />
      ) : null}
      {current.data && !subscription ? (
        <Card.Root as="section" aria-label="Current Subscription">
          <Card.Body>
            <Text>You have no subscription yet. Choose a plan below.</Text>
          </Card.Body>
        </Card.Root>
      ) : null}
      {noCard ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{BillingMessages.paymentMethodRequired}.</Alert.Title>
            <Alert.Description>
              <Link asChild color="brand.fg">
                <RouterLink to="/billing">Go to the billing page</RouterLink>
              </Link>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      <Stack as="section" aria-labelledby="plans-heading" gap="4">
        <Heading as="h2" size="lg" id="plans-heading">
          Plans
        </Heading>
        {plans.isLoading ? (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" role="status" aria-busy="true" aria-label="Loading plans">
            <Skeleton height="64" />
            <Skeleton height="64" />
            <Skeleton height="64" />
          </SimpleGrid>
        ) : null}
        {plans.isError ? (
          <HStack role="alert" gap="3" wrap="wrap">
            <Text color="fg.error">The plans could not be loaded.</Text>
            <Button size="sm" variant="outline" onClick={() => void plans.refetch()}>
              Try again
            </Button>
          </HStack>
        ) : null}
        {planList.length > 0 ? (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {planList.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                action={actionFor(plan)}
                busy={pending === plan.id}
                disabled={busy || !current.data}
                onChoose={(p) => void onChoose(p)}
              />
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>

      <CancelSubscriptionDialog
        subscription={confirmingCancel}
        cancelling={cancelling}
        onConfirm={(s) => void onCancel(s)}
        onClose={() => setConfirmingCancel(null)}
      />
    </Stack>
  );
}
