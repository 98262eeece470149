import { Box, Button, Dialog, Portal, Text } from '@rampquote/web-kit';
import type { PasswordRule } from '@rampquote/contracts';
import { useRef, type RefObject } from 'react';

interface Props {
  failedRules: PasswordRule[];
  onClose: () => void;
  /** Where focus goes when the dialog closes (the password field). */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** "Password Requirements Not Met": the failed rules and a "Try Again" button (spec section 2). */
export function PasswordRulesDialog({ failedRules, onClose, returnFocusTo }: Props) {
  const tryAgain = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      role="alertdialog"
      open={failedRules.length > 0}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      initialFocusEl={() => tryAgain.current}
      finalFocusEl={() => returnFocusTo.current}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Password Requirements Not Met</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3">Your password must meet these requirements:</Text>
              <Box as="ul" ps="5" listStyleType="disc">
                {failedRules.map((rule) => (
                  <li key={rule.id}>{rule.message}</li>
                ))}
              </Box>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={tryAgain} colorPalette="brand" onClick={onClose}>
                Try Again
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
