import type { AircraftDto } from '@rampquote/contracts';
import { ConfirmDialog } from '@rampquote/web-kit';

interface Props {
  aircraft: AircraftDto | null;
  deleting: boolean;
  onConfirm: (aircraft: AircraftDto) => void;
  onClose: () => void;
}

/** "Confirm Deletion": focus starts on Cancel (the safe choice). */
export function ConfirmDeleteDialog({ aircraft, deleting, onConfirm, onClose }: Props) {
  return (
    <ConfirmDialog
      open={aircraft !== null}
      title="Confirm Deletion"
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      pending={deleting}
      onConfirm={() => aircraft && onConfirm(aircraft)}
      onOpenChange={(open) => !open && onClose()}
    >
      {`Are you sure you want to delete ${aircraft?.name || 'this aircraft'}? This cannot be undone.`}
    </ConfirmDialog>
  );
}
