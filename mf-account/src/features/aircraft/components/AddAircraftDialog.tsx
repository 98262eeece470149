import type { AircraftDto } from '@rampquote/contracts';
import { Dialog, IconButton, Portal } from '@rampquote/web-kit';
import { AircraftDetailsStep } from '../../../shared/components/aircraft-details-step/AircraftDetailsStep';

interface Props {
  open: boolean;
  onClose: () => void;
  onAdded: (aircraft: AircraftDto) => void;
}

/** "Add New Aircraft": the aircraft details step in standalone mode. */
export function AddAircraftDialog({ open, onClose, onAdded }: Props) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size="lg"
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Add New Aircraft</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <AircraftDetailsStep standalone onComplete={({ aircraft }) => onAdded(aircraft)} />
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
