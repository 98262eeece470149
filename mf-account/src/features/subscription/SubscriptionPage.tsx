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
import { TestModeBanner } from '../../shared/components/TestModeBanner';
import { CancelSubscriptionDialog } from './components/CancelSubscriptionDialog';
import { ConfirmPlanDialog, type PlanChoice } from './components/ConfirmPlanDialog';
import { CurrentSubscription } from './components/CurrentSubscription';
import { PlanCard, type PlanAction } from './components/PlanCard';

/**
 * /subscription (spec sections 2 and 4): the plans, the current subscription, create, switch and cancel. Subscribe and
 * switch are confirmed with their amount (an upgrade charges the prorated difference now, a downgrade waits for the
 * period end), as cancel is.
 */
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
  const [confirmingPlan, setConfirmingPlan] = useState<PlanChoice | null>(null);

  const subscription = current.data?.subscription ?? null;
  const busy = creating || switching || cancelling;
  const noCard = !subscription && record.data !== undefined && record.data.paymentMethods.length === 0;

  const onChoose = (plan: PlanDto) =>
    setConfirmingPlan({
      plan,
      subscription,
      change: current.data?.planChanges?.find((c) => c.planId === plan.id) ?? null,
    });

  const onConfirmPlan = async ({ plan, subscription: from }: PlanChoice) => {
    const idempotencyKey = newIdempotencyKey();
    if (!from) {
      try {
        await create({ planId: plan.id, idempotencyKey }).unwrap();
        setConfirmingPlan(null);
        toastBillingSuccess(BillingToasts.subscriptionCreated);
      } catch (error) {
        setConfirmingPlan(null);
        toastBillingFailure('createSubscriptionFailed', error);
      }
      return;
    }
    await onSwitch(from, plan.id, idempotencyKey);
  };

  const onSwitch = async (from: SubscriptionDto, planId: PlanDto['id'], idempotencyKey = newIdempotencyKey()) => {
    try {
      await switchPlan({ subscriptionId: from.id, planId, idempotencyKey }).unwrap();
      setConfirmingPlan(null);
      toastBillingSuccess(BillingToasts.subscriptionUpdated);
    } catch (error) {
      setConfirmingPlan(null);
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
    !subscription
      ? 'subscribe'
      : subscription.planId === plan.id
        ? 'current'
        : subscription.scheduledPlanId === plan.id
          ? 'scheduled'
          : 'switch';
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
      <TestModeBanner />
      {subscription ? (
        <CurrentSubscription
          subscription={subscription}
          keeping={switching && switchArgs?.planId === subscription.planId}
          disabled={busy}
          onCancel={() => setConfirmingCancel(subscription)}
          onKeep={() => void onSwitch(subscription, subscription.planId)}
        />
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
                startsOn={subscription?.scheduledChangeAt ?? null}
                busy={pending === plan.id}
                disabled={busy || !current.data}
                onChoose={onChoose}
              />
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>

      <ConfirmPlanDialog
        choice={confirmingPlan}
        pending={creating || switching}
        onConfirm={(choice) => void onConfirmPlan(choice)}
        onClose={() => setConfirmingPlan(null)}
      />
      <CancelSubscriptionDialog
        subscription={confirmingCancel}
        cancelling={cancelling}
        onConfirm={(s) => void onCancel(s)}
        onClose={() => setConfirmingCancel(null)}
      />
    </Stack>
  );
}
