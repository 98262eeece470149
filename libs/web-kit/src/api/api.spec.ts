import { waitFor } from '@testing-library/react';
import { createAppStore } from '../store/create-app-store';
import { sessionApi } from '../session/session-api';

function reply(status: number, body: string, statusText = '') {
  return jest.fn(
    async () =>
      new Response(body === '' ? null : body, { status, statusText, headers: { 'content-type': 'application/json' } }),
  );
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('the one api', () => {
  it('rejects with the spec message built from the error body', async () => {
    globalThis.fetch = reply(
      409,
      JSON.stringify({ error: 'Email already exists', details: [{ field: 'email', message: 'Email already exists' }] }),
    );
    const store = createAppStore();
    const result = store.dispatch(
      sessionApi.endpoints.register.initiate({ firstName: 'A', lastName: 'B', email: 'a@b.co', password: 'x' }),
    );
    await expect(result.unwrap()).rejects.toMatchObject({
      status: 409,
      message: 'Email already exists: Email already exists',
    });
  });

  it('sends cookies with every call', async () => {
    const fetchMock = reply(200, JSON.stringify({ id: '1' }));
    globalThis.fetch = fetchMock;
    const store = createAppStore();
    await store.dispatch(sessionApi.endpoints.me.initiate());
    const request = (fetchMock.mock.calls[0] as unknown as [Request])[0];
    expect(request.credentials).toBe('include');
    expect(new URL(request.url).pathname).toBe('/api/auth/me');
  });

  it('treats a 401 from /api/auth/me as an anonymous session, not an error', async () => {
    globalThis.fetch = reply(401, JSON.stringify({ error: 'Not authenticated' }));
    const store = createAppStore();
    const result = await store.dispatch(sessionApi.endpoints.me.initiate());
    expect(result.isError).toBe(false);
    expect(result.data).toBeNull();
  });

  it('stores the user returned by login as the session, and clears it on logout', async () => {
    const user = {
      id: 'u1',
      username: 'pilot',
      email: 'pilot@rampquote.dev',
      role: 'pilot',
      firstName: 'Pat',
      lastName: 'Pilot',
      companyName: null,
    };
    globalThis.fetch = reply(200, JSON.stringify(user));
    const store = createAppStore();
    await store.dispatch(sessionApi.endpoints.login.initiate({ email: user.email, password: 'pw' })).unwrap();
    await waitFor(() => expect(sessionApi.endpoints.me.select()(store.getState()).data).toEqual(user));

    globalThis.fetch = reply(200, '');
    await store.dispatch(sessionApi.endpoints.logout.initiate()).unwrap();
    await waitFor(() => expect(sessionApi.endpoints.me.select()(store.getState()).data).toBeNull());
  });

  it('does not retry a failed call', async () => {
    const fetchMock = reply(500, 'boom', 'Internal Server Error');
    globalThis.fetch = fetchMock;
    const store = createAppStore();
    await expect(store.dispatch(sessionApi.endpoints.logout.initiate()).unwrap()).rejects.toMatchObject({
      status: 500,
      message: 'boom',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
