import type { PaymentMethodDto } from '@rampquote/contracts';
import { ConfirmDialog, Text } from '@rampquote/web-kit';
import { cardName } from '../../../shared/billing-format';

interface Props {
  method: PaymentMethodDto | null;
  removing: boolean;
  onConfirm: (method: PaymentMethodDto) => void;
  onClose: () => void;
}

/** "Remove Payment Method": focus starts on Cancel (the safe choice). */
export function RemoveCardDialog({ method, removing, onConfirm, onClose }: Props) {
  return (
    <ConfirmDialog
      open={method !== null}
      title="Remove Payment Method"
      confirmLabel="Remove"
      pendingLabel="Removing…"
      pending={removing}
      onConfirm={() => method && onConfirm(method)}
      onOpenChange={(open) => !open && onClose()}
    >
      <Text>
        Remove {method ? cardName(method.card) : 'this card'}?
        {method?.isDefault ? ' It is your default card; another saved card becomes the default.' : ''}
      </Text>
    </ConfirmDialog>
  );
}
