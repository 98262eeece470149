import type { FboDto } from '@rampquote/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { fakeApi, renderRoutes, type FakeResponse } from '@rampquote/web-kit/testing/render-page';
import { gateway, skyline } from '../../../test/request-fixtures';
import { FBO_DISCOVERY_POLL_MS, FBO_DISCOVERY_TIMEOUT_MS } from '../hooks/useFboDiscovery';
import { emptyRequestFormValues, type RequestFormValues } from '../request-form-values';
import { FbosField } from './FbosField';

function Harness({ lists }: { lists: FboDto[][] }) {
  const methods = useForm<RequestFormValues>({ defaultValues: emptyRequestFormValues() });
  return (
    <FormProvider {...methods}>
      <FbosField airportCode="KJAC" onList={(_code, fbos) => lists.push(fbos)} />
    </FormProvider>
  );
}

const FBOS_KEY = 'GET /api/airports/KJAC/fbos';

function setup(answer: (call: number) => FakeResponse) {
  let call = 0;
  const api = fakeApi({ 'GET /api/auth/me': { status: 401 }, [FBOS_KEY]: () => answer(++call) });
  const lists: FboDto[][] = [];
  renderRoutes([{ path: '/', element: <Harness lists={lists} /> }], '/');
  return { calls: () => api.callsTo(FBOS_KEY).length, lists };
}

const discovering = { status: 200, body: { fbos: [], discovery: 'in-progress' } };
const found = { status: 200, body: { fbos: [gateway, skyline], discovery: 'finished' } };
const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

afterEach(() => jest.useRealTimers());

describe('FBOs at destination: discovery', () => {
  it('says "Discovering FBOs..." and asks again every 3 s until FBOs arrive, then stops', async () => {
    jest.useFakeTimers();
    const { calls, lists } = setup((n) => (n < 3 ? discovering : found));
    expect(await screen.findByText('Discovering FBOs...')).toBeInTheDocument();
    expect(calls()).toBe(1);
    await advance(FBO_DISCOVERY_POLL_MS - 1);
    expect(calls()).toBe(1);
    await advance(1);
    expect(calls()).toBe(2);
    // The next check comes 3 s after the second answer (which arrives just after the second call).
    await advance(FBO_DISCOVERY_POLL_MS - 1);
    expect(calls()).toBe(2);
    await waitFor(() => expect(calls()).toBe(3));
    expect(await screen.findByRole('checkbox', { name: /Demo FBO Gateway Aviation/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Demo FBO Skyline Jet Center/ })).toBeInTheDocument();
    expect(screen.queryByText('Discovering FBOs...')).not.toBeInTheDocument();
    expect(lists).toEqual([[gateway, skyline]]);
    await advance(FBO_DISCOVERY_POLL_MS * 3);
    expect(calls()).toBe(3);
  });

  it('gives up after 60 s with "No FBOs found for this airport after searching." and Try Again asks again', async () => {
    jest.useFakeTimers();
    const { calls } = setup(() => discovering);
    await screen.findByText('Discovering FBOs...'); // (finding it lets a few fake milliseconds pass)
    await advance(FBO_DISCOVERY_TIMEOUT_MS - 1000);
    expect(screen.getByText('Discovering FBOs...')).toBeInTheDocument();
    await advance(1000);
    expect(await screen.findByText('No FBOs found for this airport after searching.')).toBeInTheDocument();
    const afterTimeout = calls();
    expect(afterTimeout).toBeGreaterThanOrEqual(20);
    await advance(FBO_DISCOVERY_POLL_MS * 3);
    expect(calls()).toBe(afterTimeout);

    await userEvent
      .setup({ advanceTimers: jest.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Discovering FBOs...')).toBeInTheDocument();
    expect(calls()).toBe(afterTimeout + 1);
  });

  it('says at once that none was found when the discovery has finished empty, and does not poll', async () => {
    jest.useFakeTimers();
    const { calls } = setup(() => ({ status: 200, body: { fbos: [], discovery: 'finished' } }));
    expect(await screen.findByText('No FBOs found for this airport after searching.')).toBeInTheDocument();
    await advance(FBO_DISCOVERY_POLL_MS * 2);
    expect(calls()).toBe(1);
  });

  it('says "Error loading FBOs" with Try Again when the list cannot be loaded', async () => {
    const { calls } = setup((n) => (n === 1 ? { status: 500, body: { error: 'Internal error' } } : found));
    expect(await screen.findByText('Error loading FBOs')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('checkbox', { name: /Demo FBO Gateway Aviation/ })).toBeInTheDocument();
    expect(screen.queryByText('Error loading FBOs')).not.toBeInTheDocument();
    expect(calls()).toBe(2);
  });
});
