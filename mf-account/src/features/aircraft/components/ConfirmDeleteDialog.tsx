import type { AircraftDto } from '@rampquote/contracts';
import { Button, Dialog, Portal, Text } from '@rampquote/web-kit';
import { useRef } from 'react';

interface Props {
  aircraft: AircraftDto | null;
  deleting: boolean;
  onConfirm: (aircraft: AircraftDto) => void;
  onClose: () => void;
}

/** "Confirm Deletion": focus starts on Cancel (the safe choice). */
export function ConfirmDeleteDialog({ aircraft, deleting, onConfirm, onClose }: Props) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      role="alertdialog"
      open={aircraft !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      initialFocusEl={() => cancel.current}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Confirm Deletion</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                Are you sure you want to delete {aircraft?.name || 'this aircraft'}? This cannot be undone.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={cancel} variant="outline" onClick={onClose} disabled={deleting}>
                Cancel
              </Button>
              <Button colorPalette="red" loading={deleting} loadingText="Deleting…" onClick={() => aircraft && onConfirm(aircraft)}>
                Delete
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
