import { createAppStore } from '@rampquote/web-kit';
import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { FRAME_ATTRIBUTE } from '../src/app/prerendered';
import { ShellRoot } from '../src/app/ShellRoot';
import { startPage } from '../src/app/start-page';
import { ANONYMOUS, clearToasts, fakeApi, fakeRegistry } from '../src/test/render-app';
import { renderHomePage, renderPageFrame } from './home-page';

afterEach(() => clearToasts());

describe('a page starting on its prerendered markup', () => {
  let root: Root | undefined;
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error');
  });
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
    window.history.pushState({}, '', '/');
    errors.mockRestore();
  });

  const prerendered = (markup: string, frame: boolean) => {
    const container = document.createElement('div');
    container.innerHTML = markup;
    if (frame) container.setAttribute(FRAME_ATTRIBUTE, '');
    document.body.appendChild(container);
    return container;
  };

  it("shows another page's content in place of the frame: one header, the page, no loading spinner", async () => {
    fakeApi(ANONYMOUS);
    window.history.pushState({}, '', '/faq');
    const container = prerendered(renderPageFrame(), true);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await act(async () => {
      root = startPage(container, <ShellRoot store={createAppStore()} registry={fakeRegistry({}).registry} />);
    });
    expect(await screen.findByRole('heading', { level: 1, name: /frequently asked questions/i })).toBeInTheDocument();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getAllByRole('contentinfo')).toHaveLength(1);
    expect(screen.queryByRole('status')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Login', hidden: true })).toHaveAttribute('href', '/login');
    expect(errors).not.toHaveBeenCalledWith(expect.stringMatching(/hydrat/i), expect.anything());
  });

  it('takes the landing page over as it is: its heading stays the same element', async () => {
    fakeApi(ANONYMOUS);
    const container = prerendered(renderHomePage(), false);
    const heading = container.querySelector('h1');
    await act(async () => {
      root = startPage(container, <ShellRoot store={createAppStore()} registry={fakeRegistry({}).registry} />);
    });
    expect(await screen.findByRole('link', { name: 'Create Your Free Account' })).toHaveAttribute('href', '/register');
    expect(container.querySelector('h1')).toBe(heading);
  });
});
