import type { ComparisonOffer } from '@rampquote/contracts';
import { ConfirmDialog, Stack, Text } from '@rampquote/web-kit';
import { formatUsd } from '../../../shared/quote-format';

interface Props {
  offer: ComparisonOffer | null;
  booking: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Confirms booking with an FBO: it is asked to confirm; the others are told once it does. */
export function BookDialog({ offer, booking, onConfirm, onClose }: Props) {
  return (
    <ConfirmDialog
      open={offer !== null}
      title={offer ? `Book with ${offer.fbo.name}` : 'Book'}
      cancelLabel="Not yet"
      confirmLabel="Yes, Book"
      pendingLabel="Booking..."
      pending={booking}
      onConfirm={onConfirm}
      onOpenChange={(isOpen) => !isOpen && onClose()}
    >
      {offer ? (
        <Stack gap="3">
          <Text>
            Book with {offer.fbo.name} at a landed total of {formatUsd(offer.landedTotal)}? {offer.fbo.name} is asked to
            confirm; you are e-mailed when it does.
          </Text>
          {!offer.complete ? (
            <Text color="fg.warning">This offer does not price: {offer.missing.join(', ')}.</Text>
          ) : null}
          <Text color="fg.muted" fontSize="sm">
            Once it confirms, the other FBOs are told they were not selected.
          </Text>
        </Stack>
      ) : null}
    </ConfirmDialog>
  );
}
