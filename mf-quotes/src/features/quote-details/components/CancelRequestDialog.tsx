import type { QuoteRequestDetailsDto } from '@rampquote/contracts';
import { ConfirmDialog, List, Stack, Text } from '@rampquote/web-kit';

interface Props {
  request: QuoteRequestDetailsDto;
  open: boolean;
  cancelling: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Confirms withdrawing an open request; names the FBOs that have not answered (they are told by e-mail). */
export function CancelRequestDialog({ request, open, cancelling, onConfirm, onClose }: Props) {
  const waiting = request.fbos.filter((f) => f.status === 'open');
  return (
    <ConfirmDialog
      open={open}
      title="Cancel Quote Request"
      cancelLabel="Keep Request"
      confirmLabel="Yes, Cancel Request"
      pendingLabel="Cancelling..."
      pending={cancelling}
      onConfirm={onConfirm}
      onOpenChange={(isOpen) => !isOpen && onClose()}
    >
      <Stack gap="3">
        <Text>Cancel quote request {request.uniqueId}? FBOs can no longer answer it. This cannot be undone.</Text>
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
    </ConfirmDialog>
  );
}
