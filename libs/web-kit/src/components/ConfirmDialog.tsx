import { Button, Portal, Text } from '@chakra-ui/react';
import { Dialog } from '../chakra/heavy';
import { useRef, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  /** The dialog's accessible name. */
  title: string;
  /** What is about to happen; a plain string is wrapped in a paragraph. */
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while `pending` (e.g. "Deleting…"). */
  pendingLabel?: string;
  cancelLabel?: string;
  /** The action is under way: both buttons are disabled and the dialog cannot be dismissed. */
  pending?: boolean;
  /** A red confirm button (the default); false gives the brand colour. */
  destructive?: boolean;
  onConfirm: () => void;
  /** Called with false on Cancel, Escape or a click outside (never while pending). */
  onOpenChange: (open: boolean) => void;
}

/**
 * An accessible confirmation (role "alertdialog", named by its title). Focus starts on the cancel button, the
 * safe choice, and returns to the element that opened the dialog when it closes.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  pending = false,
  destructive = true,
  onConfirm,
  onOpenChange,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (details.open || !pending) onOpenChange(details.open);
      }}
      initialFocusEl={() => cancel.current}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{typeof children === 'string' ? <Text>{children}</Text> : children}</Dialog.Body>
            <Dialog.Footer>
              <Button ref={cancel} variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
                {cancelLabel}
              </Button>
              <Button
                colorPalette={destructive ? 'red' : 'brand'}
                loading={pending}
                loadingText={pendingLabel}
                onClick={onConfirm}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
