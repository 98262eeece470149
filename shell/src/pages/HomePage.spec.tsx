import { heldResponse } from '@rampquote/web-kit/testing/render-page';
import { screen, waitFor } from '@testing-library/react';
import { ANONYMOUS, clearToasts, fakeApi, renderApp, signedIn } from '../test/render-app';
import { clampOverlayOpacity } from './HomePage';

afterEach(() => clearToasts());

describe('home page', () => {
  it("draws the hero's illustration inline (no image to download, so the headline is the largest paint)", () => {
    fakeApi(ANONYMOUS);
    renderApp('/');
    const illustration = screen.getByTestId('hero-image');
    expect(illustration.querySelector('svg')).not.toBeNull();
    expect(illustration.querySelector('img')).toBeNull();
    expect(getComputedStyle(illustration).backgroundImage).toBe('');
  });

  it('invites a visitor to sign up, with the hero headline, six feature cards and the closing banner', async () => {
    fakeApi(ANONYMOUS);
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Never overpay for FBO services again' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Create Your Free Account' })).toHaveAttribute('href', '/register'),
    );
    const heroSignUp = screen.getAllByRole('link', { name: 'Sign Up' }).filter((link) => main.contains(link));
    expect(heroSignUp).toHaveLength(1);
    expect(heroSignUp[0]).toHaveAttribute('href', '/register');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect(screen.getByRole('heading', { name: 'Ready to simplify your FBO experience?' })).toBeInTheDocument();
    expect(screen.getByTestId('hero-overlay')).toHaveStyle({ opacity: '0.7' });
    expect(document.title).toBe('RampQuote — Compare Aviation Service Quotes');
    expect(document.head.querySelector('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  });

  it('offers a signed-in user "Get a Quote" and "Get Started", both to /rfi-form', async () => {
    fakeApi(signedIn());
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Get a Quote' })).toHaveAttribute('href', '/rfi-form');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/rfi-form');
  });

  it("keeps both calls to action's places, shown to nobody, until the session is known", async () => {
    const me = heldResponse(signedIn()['GET /api/auth/me']);
    fakeApi({ 'GET /api/auth/me': me.handler });
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Never overpay for FBO services again' })).toBeInTheDocument();
    expect(screen.getAllByTestId('session-button-pending')).toHaveLength(2);
    for (const name of ['Sign Up', 'Create Your Free Account', 'Get a Quote', 'Get Started'])
      expect(screen.queryByRole('link', { name })).toBeNull();
    await me.release();
    expect(await screen.findByRole('link', { name: 'Get a Quote' })).toHaveAttribute('href', '/rfi-form');
    expect(screen.queryByTestId('session-button-pending')).toBeNull();
  });

  it('clamps the overlay opacity to 0–95 percent', () => {
    expect(clampOverlayOpacity(70)).toBe(70);
    expect(clampOverlayOpacity(120)).toBe(95);
    expect(clampOverlayOpacity(-5)).toBe(0);
    expect(clampOverlayOpacity(Number.NaN)).toBe(70);
  });
});
