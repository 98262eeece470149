import type { SubscriptionDto } from '@rampquote/contracts';
import { Button, Dialog, Portal, Text } from '@rampquote/web-kit';
import { useRef } from 'react';
import { formatDate } from '../../../shared/billing-format';

interface Props {
  subscription: SubscriptionDto | null;
  cancelling: boolean;
  onConfirm: (subscription: SubscriptionDto) => void;
  onClose: () => void;
}

/** Confirms a cancel at period end; focus starts on "Keep Subscription" (the safe choice). */
export function CancelSubscriptionDialog({ subscription, cancelling, onConfirm, onClose }: Props) {
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      role="alertdialog"
      open={subscription !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      initialFocusEl={() => keep.current}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3">
            <Dialog.Header>
              <Dialog.Title>Cancel Subscription</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                Your {subscription?.planName} plan will not renew. You keep access until{' '}
                {subscription ? formatDate(subscription.currentPeriodEnd) : 'the end of the period'}.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={keep} variant="outline" onClick={onClose} disabled={cancelling}>
                Keep Subscription
              </Button>
              <Button colorPalette="red" loading={cancelling} loadingText="Cancelling…" onClick={() => subscription && onConfirm(subscription)}>
                Cancel Subscription
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
