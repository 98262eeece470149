import type { PaymentMethodDto } from '@rampquote/contracts';
import { Button, Dialog, Portal, Text } from '@rampquote/web-kit';
import { useRef } from 'react';
import { cardName } from '../../../shared/billing-format';

interface Props {
  method: PaymentMethodDto | null;
  removing: boolean;
  onConfirm: (method: PaymentMethodDto) => void;
  onClose: () => void;
}

/** "Remove Payment Method": focus starts on Cancel (the safe choice). */
export function RemoveCardDialog({ method, removing, onConfirm, onClose }: Props) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      role="alertdialog"
      open={method !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      initialFocusEl={() => cancel.current}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3">
            <Dialog.Header>
              <Dialog.Title>Remove Payment Method</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                Remove {method ? cardName(method.card) : 'this card'}?
                {method?.isDefault ? ' It is your default card; another saved card becomes the default.' : ''}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={cancel} variant="outline" onClick={onClose} disabled={removing}>
                Cancel
              </Button>
              <Button colorPalette="red" loading={removing} loadingText="Removing…" onClick={() => method && onConfirm(method)}>
                Remove
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
