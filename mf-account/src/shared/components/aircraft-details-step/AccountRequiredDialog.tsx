import { Button, Dialog, Portal, RouterLink, Text } from '@rampquote/web-kit';
import { useRef } from 'react';
import { withReturnPath } from '../../return-path';

/** Where login and register send a visitor back to (spec section 2). */
export const AIRCRAFT_RETURN_PATH = '/aircraftinfo';

/** "Account Required": a signed-out user tried to save; Login and Register carry returnPath=/aircraftinfo. */
export function AccountRequiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const login = useRef<HTMLAnchorElement>(null);
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      initialFocusEl={() => login.current}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Account Required</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                Please log in or create an account to save this aircraft. The details you entered are kept on this
                device until you do.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={onClose}>
                Cancel
              </Button>
              <Button asChild variant="outline">
                <RouterLink to={withReturnPath('/register', AIRCRAFT_RETURN_PATH)}>Register</RouterLink>
              </Button>
              <Button asChild colorPalette="brand">
                <RouterLink ref={login} to={withReturnPath('/login', AIRCRAFT_RETURN_PATH)}>
                  Login
                </RouterLink>
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
