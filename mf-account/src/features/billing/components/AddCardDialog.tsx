import type { PaymentProviderKind } from '@rampquote/contracts';
import { Dialog, IconButton, Portal, Spinner, Text } from '@rampquote/web-kit';
import { lazy, Suspense } from 'react';
import { LocalCardForm } from './LocalCardForm';

/** Stripe Elements only when Stripe is the provider: a separate chunk, so the local path never downloads it. */
const StripeCardForm = lazy(() => import('./StripeCardForm'));

interface Props {
  open: boolean;
  provider: PaymentProviderKind;
  publishableKey: string | null;
  onClose: () => void;
}

/** "Add Payment Method": Stripe Elements when Stripe is configured, the local card form otherwise. */
export function AddCardDialog({ open, provider, publishableKey, onClose }: Props) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3">
            <Dialog.Header>
              <Dialog.Title>Add Payment Method</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {provider === 'stripe' ? (
                publishableKey ? (
                  <Suspense fallback={<Spinner aria-label="Loading the card form" />}>
                    <StripeCardForm publishableKey={publishableKey} onAdded={onClose} onCancel={onClose} />
                  </Suspense>
                ) : (
                  <Text color="fg.error">Card payments are not available right now. Please try again later.</Text>
                )
              ) : (
                <LocalCardForm onAdded={onClose} onCancel={onClose} />
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild position="absolute" top="2" insetEnd="2">
              <IconButton aria-label="Close" variant="ghost" size="sm">
                ✕
              </IconButton>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
