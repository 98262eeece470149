import { createAppStore } from '@rampquote/web-kit';
import { fakeApi, heldResponse } from '@rampquote/web-kit/testing/render-page';
import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { FBO_ID, pageData, TOKEN } from '../test/estimate-fixtures';
import { PRERENDERED_LINK_PATH, renderLinkPage } from './link-page';
import { StandaloneApp } from './StandaloneApp';

describe('the prerendered link page in the browser', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('is taken over as it is (the same elements, no error), then shows the estimate request', async () => {
    const held = heldResponse({ status: 200, body: pageData() });
    fakeApi({ [`GET /api/fbo-quote/${FBO_ID}/${TOKEN}`]: held.handler });
    window.history.replaceState(null, '', `/quote/${FBO_ID}/${TOKEN}`);
    const container = document.createElement('div');
    container.innerHTML = (await renderLinkPage()).replace(/<style[^>]*>[^<]*<\/style>/g, '');
    document.body.appendChild(container);
    const portalLine = container.querySelector('p');
    const loading = container.querySelector('[role="status"]');
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <StandaloneApp store={createAppStore()} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('p')).toBe(portalLine);
    expect(container.querySelector('[role="status"]')).toBe(loading);
    await held.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Skyline Charter' })).toBeInTheDocument();
    expect(container.querySelector('p')).toBe(portalLine);
  });

  it('is prerendered at a path of the link route', () => {
    expect(PRERENDERED_LINK_PATH).toMatch(/^\/quote\/[^/]+\/[^/]+$/);
  });
});
