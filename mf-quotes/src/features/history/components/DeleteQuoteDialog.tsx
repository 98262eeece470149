import type { QuoteRequestListItemDto } from '@rampquote/contracts';
import { Button, Dialog, Portal, Stack, Text } from '@rampquote/web-kit';
import { useRef } from 'react';
import { airportParts } from '../quote-row-status';

interface Props {
  quote: QuoteRequestListItemDto | null;
  deleting: boolean;
  onConfirm: (quote: QuoteRequestListItemDto) => void;
  onClose: () => void;
}

/** "Delete Quote Request" (spec section 2): focus starts on 'No', the safe choice. */
export function DeleteQuoteDialog({ quote, deleting, onConfirm, onClose }: Props) {
  const no = useRef<HTMLButtonElement>(null);
  const destination = airportParts(quote?.airport ?? null);
  return (
    <Dialog.Root
      role="alertdialog"
      open={quote !== null}
      onOpenChange={(details) => {
        if (!details.open && !deleting) onClose();
      }}
      initialFocusEl={() => no.current}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Delete Quote Request</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
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
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={no} variant="outline" onClick={onClose} disabled={deleting}>
                No
              </Button>
              <Button colorPalette="red" loading={deleting} loadingText="Deleting..." onClick={() => quote && onConfirm(quote)}>
                Yes, Delete
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
