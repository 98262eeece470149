import { formatUsd, PLANS, type PlanChangeDto, type PlanDto, type SubscriptionDto } from '@rampquote/contracts';
import { ConfirmDialog, Stack, Text } from '@rampquote/web-kit';
import { formatDate } from '../../../shared/billing-format';

/** The plan the user chose, with what choosing it does (null without a subscription: a new one). */
export interface PlanChoice {
  plan: PlanDto;
  /** The current subscription (null: subscribe) and what the switch does, from `GET /api/billing/subscription`. */
  subscription: SubscriptionDto | null;
  change: PlanChangeDto | null;
}

interface Props {
  choice: PlanChoice | null;
  pending: boolean;
  onConfirm: (choice: PlanChoice) => void;
  onClose: () => void;
}

/** The question and the button of a choice: the amount charged today and monthly, or the date a downgrade applies. */
function wording({ plan, subscription, change }: PlanChoice) {
  const monthly = formatUsd(plan.priceCents);
  if (!subscription) {
    return {
      title: `Subscribe to ${plan.name}`,
      question: `Subscribe to ${plan.name} for ${monthly} a month?`,
      detail: `${monthly} is charged today to your default card, then every month until you cancel.`,
      confirm: 'Subscribe',
      pending: 'Subscribing…',
    };
  }
  if (change?.when === 'period_end') {
    const on = formatDate(change.effectiveAt);
    return {
      title: `Switch to ${plan.name}`,
      question: `Switch to ${plan.name} at the end of the period on ${on}?`,
      detail: `You keep ${PLANS[subscription.planId].name} until then and nothing is charged today; from ${on} you pay ${monthly} a month.`,
      confirm: 'Switch at Period End',
      pending: 'Switching…',
    };
  }
  return {
    title: `Switch to ${plan.name}`,
    question: change
      ? `Switch to ${plan.name} now? You'll be charged ${formatUsd(change.amountDueNowCents)} today, then ${monthly} a month.`
      : `Switch to ${plan.name} now? You'll be charged the prorated difference today, then ${monthly} a month.`,
    detail: `Today's charge is the difference between the plans for the rest of this period, which ends on ${formatDate(subscription.currentPeriodEnd)}.`,
    confirm: 'Switch Now',
    pending: 'Switching…',
  };
}

/** Confirms a subscribe or a switch with its amount, as the cancel dialog does; focus starts on "Go Back". */
export function ConfirmPlanDialog({ choice, pending, onConfirm, onClose }: Props) {
  const words = choice ? wording(choice) : null;
  return (
    <ConfirmDialog
      open={choice !== null}
      title={words?.title ?? ''}
      cancelLabel="Go Back"
      confirmLabel={words?.confirm ?? ''}
      pendingLabel={words?.pending}
      pending={pending}
      destructive={false}
      onConfirm={() => choice && onConfirm(choice)}
      onOpenChange={(open) => !open && onClose()}
    >
      <Stack gap="2">
        <Text fontWeight="medium">{words?.question}</Text>
        <Text color="fg.muted" fontSize="sm">
          {words?.detail}
        </Text>
      </Stack>
    </ConfirmDialog>
  );
}
