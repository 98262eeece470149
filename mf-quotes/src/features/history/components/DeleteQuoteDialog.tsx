import type { QuoteRequestListItemDto } from '@rampquote/contracts';
import { ConfirmDialog, Stack, Text } from '@rampquote/web-kit';
import { airportParts } from '../quote-row-status';

interface Props {
  quote: QuoteRequestListItemDto | null;
  deleting: boolean;
  onConfirm: (quote: QuoteRequestListItemDto) => void;
  onClose: () => void;
}

/** "Delete Quote Request" (spec section 2): focus starts on 'No', the safe choice. */
export function DeleteQuoteDialog({ quote, deleting, onConfirm, onClose }: Props) {
  const destination = airportParts(quote?.airport ?? null);
  return (
    <ConfirmDialog
      open={quote !== null}
      title="Delete Quote Request"
      cancelLabel="No"
      confirmLabel="Yes, Delete"
      pendingLabel="Deleting..."
      pending={deleting}
      onConfirm={() => quote && onConfirm(quote)}
      onOpenChange={(open) => !open && onClose()}
    >
      <Stack gap="3">
        <Text>Are you sure you want to delete this quote request? This action cannot be undone.</Text>
        <Stack gap="1" borderWidth="1px" borderColor="border" borderRadius="l2" p="3" bg="bg.subtle">
          <Text>
            <Text as="span" color="fg.muted">
              Quote ID:{' '}
            </Text>
            <Text as="span" fontWeight="semibold">
              {quote?.uniqueId}
            </Text>
          </Text>
          <Text>
            <Text as="span" color="fg.muted">
              Destination:{' '}
            </Text>
            {destination.identifier} - {destination.name}
          </Text>
        </Stack>
      </Stack>
    </ConfirmDialog>
  );
}
