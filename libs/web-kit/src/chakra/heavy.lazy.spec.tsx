import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { createAppStore } from '../store/create-app-store';
import { WebKitProvider } from '../theme/WebKitProvider';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Checkbox, Dialog, Menu, preloadHeavyComponents, Table } from './heavy.lazy';

// ConfirmDialog as the federated bundles build it: on the lazily loaded Dialog (jest hoists this above the imports).
jest.mock('./heavy', () => jest.requireActual('./heavy.lazy'));

/** Records that the page's own loading screen was shown (it must not be, while a heavy component loads). */
const pageFallbacks: string[] = [];
function PageLoading() {
  pageFallbacks.push('shown');
  return <p>Page loading</p>;
}

function Page({ children }: { children: React.ReactNode }) {
  return (
    <WebKitProvider store={createAppStore()}>
      <Suspense fallback={<PageLoading />}>
        <h1>Estimate</h1>
        {children}
      </Suspense>
    </WebKitProvider>
  );
}

describe('heavy Chakra components loaded on first render (federated bundles)', () => {
  it('a menu opens from its trigger and an item runs its action (the header user menu)', async () => {
    const selected: string[] = [];
    const user = userEvent.setup();
    await act(async () => {
      render(
        <Page>
          <Menu.Root>
            <Menu.Trigger>Account</Menu.Trigger>
            <Menu.Positioner>
              <Menu.Content>
                <Menu.Item value="profile" onSelect={() => selected.push('profile')}>
                  Profile
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Menu.Root>
        </Page>,
      );
    });
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    await waitFor(() => expect(selected).toEqual(['profile']));
  });

  it('shows the page around a heavy component at once, then the component itself', async () => {
    // Awaited act: the test lets React finish the render that waits for the components' chunk.
    await act(async () => {
      render(
        <Page>
          <Checkbox.Root>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Unavailable</Checkbox.Label>
          </Checkbox.Root>
        </Page>,
      );
    });
    expect(screen.getByRole('heading', { name: 'Estimate' })).toBeInTheDocument();
    const checkbox = await screen.findByRole('checkbox', { name: 'Unavailable' });
    // The page was never replaced by its loading screen while the chunk arrived.
    expect(pageFallbacks).toEqual([]);
    await userEvent.setup().click(screen.getByText('Unavailable'));
    await waitFor(() => expect(checkbox).toBeChecked());
  });

  it('renders every part of a namespace with its props and children (a table)', async () => {
    await act(() => preloadHeavyComponents());
    render(
      <Page>
        <Table.Root aria-label="Requests">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Airport</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            <Table.Row>
              <Table.Cell>KSEA</Table.Cell>
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </Page>,
    );
    const table = await screen.findByRole('table', { name: 'Requests' });
    expect(within(table).getByRole('columnheader', { name: 'Airport' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'KSEA' })).toBeInTheDocument();
  });

  it('a dialog opens with its title and moves focus into it (ConfirmDialog on the lazy Dialog)', async () => {
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <Page>
          <button type="button" onClick={() => setOpen(true)}>
            Delete item
          </button>
          <ConfirmDialog
            open={open}
            title="Confirm Deletion"
            confirmLabel="Delete"
            onConfirm={() => setOpen(false)}
            onOpenChange={setOpen}
          >
            Are you sure you want to delete this item?
          </ConfirmDialog>
        </Page>
      );
    }
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Delete item' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Deletion' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('only capitalised names are parts (a namespace is never mistaken for a promise)', () => {
    expect((Dialog as unknown as Record<string, unknown>).then).toBeUndefined();
    expect(typeof Dialog.Root).toBe('function');
    expect(Dialog.Root).toBe(Dialog.Root);
  });
});
