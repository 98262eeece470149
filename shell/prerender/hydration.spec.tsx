import { createAppStore, sessionApi } from '@rampquote/web-kit';
import { heldResponse } from '@rampquote/web-kit/testing/render-page';
import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { ShellRoot } from '../src/app/ShellRoot';
import { clearToasts, fakeApi, fakeRegistry, signedIn } from '../src/test/render-app';
import { renderHomePage } from './home-page';

// Counts the renders of the hero's illustration, a part of the page that does not depend on the session.
const mockHeroRenders = jest.fn();
jest.mock('../src/pages/HeroRamp', () => {
  const { HeroRamp } = jest.requireActual<typeof import('../src/pages/HeroRamp')>('../src/pages/HeroRamp');
  return {
    HeroRamp: () => {
      mockHeroRenders();
      return HeroRamp();
    },
  };
});

afterEach(() => clearToasts());

describe('the prerendered landing page in the browser', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });

  it("is taken over as it is (no element built again), then shows the signed-in user's links", async () => {
    fakeApi(signedIn());
    // The session may be known before React reaches the page's main part: the markup still matches (loading state).
    const store = createAppStore();
    await store.dispatch(sessionApi.endpoints.me.initiate());
    const container = document.createElement('div');
    container.innerHTML = renderHomePage();
    document.body.appendChild(container);
    const heading = container.querySelector('h1');
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <ShellRoot store={store} registry={fakeRegistry({}).registry} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    expect(await screen.findByRole('link', { name: 'Get a Quote' })).toHaveAttribute('href', '/rfi-form');
    // The header's links (in the collapsed mobile menu here).
    expect(screen.getByRole('link', { name: 'My Quotes', hidden: true })).toHaveAttribute('href', '/history');
    expect(screen.queryByRole('link', { name: 'Login', hidden: true })).toBeNull();
  });

  it('renders only the calls to action and the header links again when the session answers, not the page', async () => {
    const me = heldResponse(signedIn()['GET /api/auth/me']);
    fakeApi({ 'GET /api/auth/me': me.handler });
    const container = document.createElement('div');
    container.innerHTML = renderHomePage();
    document.body.appendChild(container);
    await act(async () => {
      root = hydrateRoot(container, <ShellRoot store={createAppStore()} registry={fakeRegistry({}).registry} />);
    });
    const rendersWhileHydrating = mockHeroRenders.mock.calls.length;
    await me.release();
    expect(await screen.findByRole('link', { name: 'Get a Quote' })).toHaveAttribute('href', '/rfi-form');
    expect(screen.getByRole('link', { name: 'My Quotes', hidden: true })).toHaveAttribute('href', '/history');
    expect(mockHeroRenders).toHaveBeenCalledTimes(rendersWhileHydrating);
  });
});
