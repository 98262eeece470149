import type { SubscriptionDto } from '@rampquote/contracts';
import { ConfirmDialog, Text } from '@rampquote/web-kit';
import { formatDate } from '../../../shared/billing-format';

interface Props {
  subscription: SubscriptionDto | null;
  cancelling: boolean;
  onConfirm: (subscription: SubscriptionDto) => void;
  onClose: () => void;
}

/** Confirms a cancel at period end; focus starts on "Keep Subscription" (the safe choice). */
export function CancelSubscriptionDialog({ subscription, cancelling, onConfirm, onClose }: Props) {
  return (
    <ConfirmDialog
      open={subscription !== null}
      title="Cancel Subscription"
      cancelLabel="Keep Subscription"
      confirmLabel="Cancel Subscription"
      pendingLabel="Cancelling…"
      pending={cancelling}
      onConfirm={() => subscription && onConfirm(subscription)}
      onOpenChange={(open) => !open && onClose()}
    >
      <Text>
        Your {subscription?.planName} plan will not renew. You keep access until{' '}
        {subscription ? formatDate(subscription.currentPeriodEnd) : 'the end of the period'}.
      </Text>
    </ConfirmDialog>
  );
}
