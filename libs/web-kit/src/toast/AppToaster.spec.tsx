import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createAppStore } from '../store/create-app-store';
import { system } from '../theme/system';
import { WebKitProvider } from '../theme/WebKitProvider';
import { AppToaster } from './AppToaster';
import { toast, toaster } from './toaster';

// The region's code arrives with the first toast or the first interaction, not with the first page.
// Each test file gets fresh modules: here the region has not been loaded yet when a test starts.

const region = () => screen.queryByRole('region', { name: /Notifications/ });

afterEach(() => {
  act(() => toaster.remove());
});

it('a page nobody touches has no notification region code; F8 brings the region and moves focus to it', async () => {
  render(
    <WebKitProvider store={createAppStore()}>
      <main>Home</main>
      <AppToaster />
    </WebKitProvider>,
  );
  expect(region()).toBeNull();
  expect(system.isSlotRecipe('toast')).toBe(false);

  fireEvent.keyDown(window, { key: 'F8', code: 'F8' });
  await waitFor(() => expect(region()).not.toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(region()));
  // The toast recipe came with the region (the toasts keep their RampQuote look).
  expect(system.isSlotRecipe('toast')).toBe(true);

  act(() => {
    toast({ title: 'Saved', type: 'success' });
  });
  expect(await screen.findByText('Saved')).toBeInTheDocument();
});
