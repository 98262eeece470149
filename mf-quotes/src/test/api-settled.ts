import type { AppStore } from '@rampquote/web-kit';
import { waitFor } from '@testing-library/react';

/** Waits until no call of the one api is in flight (e.g. the reads a stream's opening started have landed). */
export async function apiSettled(store: AppStore): Promise<void> {
  await waitFor(() =>
    expect(Object.values(store.getState().api.queries).filter((q) => q?.status === 'pending')).toHaveLength(0),
  );
}
