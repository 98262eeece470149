import type { QuoteRequestDetailsDto } from '@rampquote/contracts';
import { Button, Dialog, List, Portal, Stack, Text } from '@rampquote/web-kit';
import { useRef } from 'react';

interface Props {
  request: QuoteRequestDetailsDto;
  open: boolean;
  cancelling: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Confirms withdrawing an open request; names the FBOs that have not answered (they are told by e-mail). */
export function CancelRequestDialog({ request, open, cancelling, onConfirm, onClose }: Props) {
  const keep = useRef<HTMLButtonElement>(null);
  const waiting = request.fbos.filter((f) => f.status === 'open');
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !cancelling) onClose();
      }}
      initialFocusEl={() => keep.current}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Cancel Quote Request</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>
                  Cancel quote request {request.uniqueId}? FBOs can no longer answer it. This cannot be undone.
                </Text>
                {waiting.length ? (
                  <>
                    <Text>These FBOs have not answered yet and will be told by e-mail that the request was withdrawn:</Text>
                    <List.Root ps="5">
                      {waiting.map((fbo) => (
                        <List.Item key={fbo.id}>{fbo.name}</List.Item>
                      ))}
                    </List.Root>
                  </>
                ) : null}
                <Text color="fg.muted" fontSize="sm">
                  Answers already received stay here.
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={keep} variant="outline" onClick={onClose} disabled={cancelling}>
                Keep Request
              </Button>
              <Button colorPalette="red" loading={cancelling} loadingText="Cancelling..." onClick={onConfirm}>
                Yes, Cancel Request
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
