import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createAppStore } from '../store/create-app-store';
import { WebKitProvider } from '../theme/WebKitProvider';
import { ConfirmDialog } from './ConfirmDialog';

function Harness({ pending = false, onConfirm = () => {} }: { pending?: boolean; onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <WebKitProvider store={createAppStore()}>
      <button type="button" onClick={() => setOpen(true)}>
        Delete item
      </button>
      <ConfirmDialog
        open={open}
        title="Confirm Deletion"
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={pending}
        onConfirm={onConfirm}
        onOpenChange={setOpen}
      >
        Are you sure you want to delete this item?
      </ConfirmDialog>
    </WebKitProvider>
  );
}

describe('ConfirmDialog', () => {
  it('is an alert dialog named by its title, with the text, and focus starts on Cancel', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Delete item' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Deletion' });
    expect(within(dialog).getByText('Are you sure you want to delete this item?')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
  });

  it('calls onConfirm on the confirm button and stays open until the caller closes it', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete item' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Deletion' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog', { name: 'Confirm Deletion' })).toBeInTheDocument();
  });

  it('closes on Cancel and on Escape, and focus returns to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Delete item' });
    await user.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Deletion' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    const reopened = await screen.findByRole('alertdialog', { name: 'Confirm Deletion' });
    // the dialog hears Escape once focus is inside it
    await waitFor(() => expect(reopened).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('while pending shows the pending label, disables Cancel and ignores Escape', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Delete item' }));
    await screen.findByRole('alertdialog', { name: 'Confirm Deletion' });
    rerender(<Harness pending />);
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm Deletion' });
    expect(within(dialog).getByText('Deleting…')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Confirm Deletion' })).toBeInTheDocument();
  });
});
