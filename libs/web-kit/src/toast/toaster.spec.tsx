import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createAppStore } from '../store/create-app-store';
import { WebKitProvider } from '../theme/WebKitProvider';
import { AppToaster } from './AppToaster';
import { isDismissingSwipe, toast, toaster } from './toaster';

afterEach(() => {
  act(() => toaster.remove());
});

describe('toaster configuration (spec section 9)', () => {
  it('shows one toast at a time, 5 s by default, removes a dismissed toast after 5 s, and focuses on F8', () => {
    expect(toaster.attrs.max).toBe(1);
    expect(toaster.attrs.duration).toBe(5000);
    expect(toaster.attrs.removeDelay).toBe(5000);
    expect(toaster.attrs.hotkey).toEqual(['F8']);
  });

  it('dismisses on a horizontal swipe of 50 px, not 49 px', () => {
    expect(isDismissingSwipe(49)).toBe(false);
    expect(isDismissingSwipe(50)).toBe(true);
    expect(isDismissingSwipe(-50)).toBe(true);
  });

  it('shows one toast at a time: a new toast replaces the one on screen', async () => {
    render(
      <WebKitProvider store={createAppStore()}>
        <AppToaster />
      </WebKitProvider>,
    );
    act(() => {
      toast({ title: 'First', description: 'one' });
    });
    expect(await screen.findByText('First')).toBeInTheDocument();
    act(() => {
      toast({ title: 'Second', description: 'two' });
    });
    expect(await screen.findByText('Second')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('First')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(toaster.getVisibleToasts()).toHaveLength(1);
  });

  it('removes a toast swiped 50 px to the side', async () => {
    render(
      <WebKitProvider store={createAppStore()}>
        <AppToaster />
      </WebKitProvider>,
    );
    act(() => {
      toast({ title: 'Swipe me', type: 'success' });
    });
    const item = await screen.findByTestId('toast');
    const dismiss = jest.spyOn(toaster, 'dismiss');
    fireEvent.pointerDown(item, { clientX: 100, pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerUp(item, { clientX: 149, pointerId: 1, pointerType: 'touch' });
    expect(dismiss).not.toHaveBeenCalled();
    fireEvent.pointerDown(item, { clientX: 100, pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerMove(item, { clientX: 160, pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerUp(item, { clientX: 160, pointerId: 1, pointerType: 'touch' });
    expect(dismiss).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(item).toHaveAttribute('data-state', 'closed'));
  });
});
