import { act, render, screen } from '@testing-library/react';
import { createAppStore } from '../store/create-app-store';
import { WebKitProvider } from '../theme/WebKitProvider';
import { AppToaster } from './AppToaster';
import { toast, toaster } from './toaster';

afterEach(() => {
  act(() => toaster.remove());
});

it('a toast raised before the region is loaded (no interaction yet) is shown once the region arrives', async () => {
  render(
    <WebKitProvider store={createAppStore()}>
      <AppToaster />
    </WebKitProvider>,
  );
  expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();
  act(() => {
    toast({ title: 'This part of RampQuote is being updated', type: 'warning' });
  });
  expect(await screen.findByText('This part of RampQuote is being updated')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: /Notifications/ })).toBeInTheDocument();
});
