import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REMOTE_OUTDATED_HEADING, REMOTE_UNAVAILABLE_HEADING } from '../remotes/RemoteUnavailable';
import { ANONYMOUS, clearToasts, fakeApi, fakeRegistry, PILOT, renderApp, signedIn } from '../test/render-app';

afterEach(() => clearToasts());

/** Opens the collapsible navigation (jsdom lays out like a small screen, where it starts collapsed). */
async function openNav() {
  const toggle = await screen.findByRole('button', { name: /(Open|Close) menu/ });
  if (toggle.getAttribute('aria-expanded') === 'false') await userEvent.click(toggle);
  return screen.getByRole('navigation', { name: 'Main' });
}

/** The user menu is open and has the keyboard focus (the menu moves focus into itself a frame after opening). */
async function menuHasFocus() {
  await screen.findByRole('menuitem', { name: 'Logout' });
  await waitFor(() => expect(screen.getByRole('menu').contains(document.activeElement)).toBe(true));
}

const accountRoutes = {
  account: [
    { path: '/login', element: <h1>Welcome Back</h1> },
    { path: '/forgot-password', element: <h1>Forgot your password?</h1> },
  ],
};

describe('page chrome', () => {
  it('keeps the footer below the fold while a page loads: the main area is at least a screen high', async () => {
    fakeApi(ANONYMOUS);
    renderApp('/');
    expect(getComputedStyle(await screen.findByRole('main')).minHeight).toBe('100vh');
  });

  it('shows the signed-out navigation, landmarks, a skip link and footer links that open in a new tab', async () => {
    fakeApi(ANONYMOUS);
    renderApp('/');
    const nav = await openNav();
    expect(await within(nav).findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(within(nav).queryByRole('link', { name: 'My Quotes' })).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [
      ['Terms', '/terms'],
      ['Privacy', '/privacy'],
      ['Support', '/support'],
    ]) {
      const link = within(footer).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('shows My Quotes, New Quote and the user menu when signed in; Admin Dashboard only for admins', async () => {
    fakeApi(signedIn());
    renderApp('/');
    const nav = await openNav();
    expect(await within(nav).findByRole('link', { name: 'My Quotes' })).toHaveAttribute('href', '/history');
    expect(within(nav).getByRole('link', { name: 'New Quote' })).toHaveAttribute('href', '/rfi-form');
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'FBO Inbox' })).not.toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: /Pat/ }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['My Profile', 'My Aircraft', 'Billing Preferences', 'Logout']);
  });

  const MEMBERSHIPS = 'GET /api/fbo/memberships';
  const membership = {
    fboId: 'f1',
    fboName: 'Alpha Jet Center',
    airport: { identifier: 'KBFI', name: 'Boeing Field' },
    role: 'manager',
  };

  it('shows an FBO member FBO Inbox and Team instead of My Quotes and New Quote', async () => {
    fakeApi({
      ...signedIn({ ...PILOT, role: 'fbo' }),
      [MEMBERSHIPS]: { status: 200, body: { memberships: [membership] } },
    });
    renderApp('/');
    const nav = await openNav();
    expect(await within(nav).findByRole('link', { name: 'FBO Inbox' })).toHaveAttribute('href', '/fbo-portal');
    expect(within(nav).getByRole('link', { name: 'Team' })).toHaveAttribute('href', '/fbo-portal/team');
    expect(within(nav).queryByRole('link', { name: 'My Quotes' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'New Quote' })).not.toBeInTheDocument();
  });

  it('shows a pilot who is also an FBO member both menus', async () => {
    fakeApi({ ...signedIn(), [MEMBERSHIPS]: { status: 200, body: { memberships: [membership] } } });
    renderApp('/');
    const nav = await openNav();
    expect(await within(nav).findByRole('link', { name: 'FBO Inbox' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'My Quotes' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'New Quote' })).toBeInTheDocument();
  });

  it('leads an fbo account without an FBO to "Claim your FBO", with no inbox', async () => {
    fakeApi({ ...signedIn({ ...PILOT, role: 'fbo' }), [MEMBERSHIPS]: { status: 200, body: { memberships: [] } } });
    renderApp('/');
    const nav = await openNav();
    expect(await within(nav).findByRole('link', { name: 'Claim your FBO' })).toHaveAttribute(
      'href',
      '/fbo-portal/claim',
    );
    expect(within(nav).queryByRole('link', { name: 'FBO Inbox' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'My Quotes' })).not.toBeInTheDocument();
  });

  it('lists Admin Dashboard in the user menu of an admin', async () => {
    fakeApi(signedIn({ ...PILOT, role: 'admin' }));
    renderApp('/');
    await openNav();
    await userEvent.click(await screen.findByRole('button', { name: /Pat/ }));
    expect(await screen.findByRole('menuitem', { name: 'Admin Dashboard' })).toBeInTheDocument();
  });

  it('logs out: toasts "Logged out" and returns to the signed-out header', async () => {
    fakeApi({ ...signedIn(), 'POST /api/auth/logout': { status: 200, body: { ok: true } } });
    renderApp('/faq');
    await openNav();
    await userEvent.click(await screen.findByRole('button', { name: /Pat/ }));
    await menuHasFocus();
    await userEvent.keyboard('{End}{Enter}');
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully logged out.')).toBeInTheDocument();
    const nav = await openNav();
    expect(await within(nav).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'My Quotes' })).not.toBeInTheDocument();
  });

  it('logs out on a click that no pointer move over the item came before', async () => {
    fakeApi({ ...signedIn(), 'POST /api/auth/logout': { status: 200, body: { ok: true } } });
    renderApp('/faq');
    await openNav();
    await userEvent.click(await screen.findByRole('button', { name: /Pat/ }));
    await menuHasFocus();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('You have been successfully logged out.')).toBeInTheDocument();
  });

  it('toasts "Logout failed" with the server message when logout fails', async () => {
    fakeApi({ ...signedIn(), 'POST /api/auth/logout': { status: 503, body: { error: 'Session store unavailable' } } });
    renderApp('/');
    const nav = await openNav();
    await userEvent.click(await screen.findByRole('button', { name: /Pat/ }));
    await menuHasFocus();
    await userEvent.keyboard('{End}{Enter}');
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByText('Session store unavailable')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'My Quotes' })).toBeInTheDocument();
  });

  it('collapses the navigation behind a menu button that reports its state', async () => {
    fakeApi(ANONYMOUS);
    renderApp('/');
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', screen.getByRole('navigation', { name: 'Main' }).id);
  });
});

describe('mobile menu by keyboard', () => {
  it('opens with Enter, reaches its links with Tab, and Escape closes it and returns focus to the button', async () => {
    fakeApi(ANONYMOUS);
    renderApp('/');
    const button = await screen.findByRole('button', { name: 'Open menu' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'true'));
    await userEvent.tab();
    await waitFor(() =>
      expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'FAQ' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() => expect(button).toHaveFocus());
  });
});

describe('routes', () => {
  it('shows "404 Page Not Found" for an unknown path', async () => {
    fakeApi(ANONYMOUS);
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(document.title).toBe('Page Not Found | RampQuote');
  });

  it('shows the 404 for a path of a remote that the remote does not define', async () => {
    fakeApi(ANONYMOUS);
    renderApp('/account/profile', fakeRegistry(accountRoutes).registry);
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it('redirects /quote-request to /request-quote', async () => {
    fakeApi(ANONYMOUS);
    const { router } = renderApp('/quote-request');
    await waitFor(() => expect(router.state.location.pathname).toBe('/request-quote'));
  });

  it.each([
    ['/faq', 'Frequently Asked Questions', 'FAQ | RampQuote'],
    ['/privacy', 'Privacy Policy', 'Privacy Policy | RampQuote'],
    ['/terms', 'Terms of Service', 'Terms of Service | RampQuote'],
    ['/support', 'Support', 'Support | RampQuote'],
  ])('renders %s with its heading and page meta', async (path, heading, title) => {
    fakeApi(ANONYMOUS);
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(title));
    expect(document.head.querySelector('meta[property="og:url"]')).toHaveAttribute(
      'content',
      `http://localhost${path}`,
    );
  });

  it("renders a remote's page inside the chrome", async () => {
    fakeApi(ANONYMOUS);
    renderApp('/login', fakeRegistry(accountRoutes).registry);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('renders the password recovery pages outside the chrome', async () => {
    fakeApi(ANONYMOUS);
    renderApp('/forgot-password', fakeRegistry(accountRoutes).registry);
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});

describe('a remote that cannot be loaded', () => {
  it('shows a notice in its own area, keeps the rest of the site working, and loads again on Retry', async () => {
    fakeApi(ANONYMOUS);
    const fake = fakeRegistry(accountRoutes, ['account']);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/login', fake.registry);
    expect(await screen.findByRole('heading', { name: REMOTE_UNAVAILABLE_HEADING })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    const retry = screen.getByRole('button', { name: 'Retry' });
    // The retried remote suspends again; an awaited act lets React resume it when its promise settles.
    await act(async () => {
      await userEvent.click(retry);
    });
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(fake.loads).toEqual(['account', 'account']);
  });

  it('built against another shared library version: says the page is being updated, in its own area only', async () => {
    fakeApi(ANONYMOUS);
    const fake = fakeRegistry(accountRoutes);
    // What the federation runtime throws for a strictVersion singleton the site does not run.
    const skew = new Error(
      '[ Federation Runtime ]: Version 0.1.0 from shell of shared singleton module @rampquote/web-kit does not satisfy the requirement of account which needs 0.0.9)',
    );
    const registry = {
      ...fake.registry,
      routes: (name: string) => (name === 'account' ? Promise.reject(skew) : fake.registry.routes(name)),
    };
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderApp('/login', registry);
    expect(await screen.findByRole('heading', { name: REMOTE_OUTDATED_HEADING })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: REMOTE_UNAVAILABLE_HEADING })).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    await userEvent.click(within(await openNav()).getByRole('link', { name: 'FAQ' }));
    expect(await screen.findByRole('heading', { name: 'Frequently Asked Questions' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/faq');
  });

  it('does not stop the pages of the shell', async () => {
    fakeApi(ANONYMOUS);
    const fake = fakeRegistry(accountRoutes, ['account']);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderApp('/login', fake.registry);
    await screen.findByRole('heading', { name: REMOTE_UNAVAILABLE_HEADING });
    await userEvent.click(within(await openNav()).getByRole('link', { name: 'FAQ' }));
    expect(await screen.findByRole('heading', { name: 'Frequently Asked Questions' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/faq');
  });
});
